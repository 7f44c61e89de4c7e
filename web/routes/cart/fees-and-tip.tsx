import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { type GroceryPaymentMethod, payNowCents } from '../../../modules/cart-checkout/contract'
import { formatCents, MAX_TIP_CENTS, PLATFORM_FEE_CENTS, TIP_PRESETS_CENTS } from '../../../modules/shared/contract'
import { TitledCard } from '../../ui/card'
import { Fact } from '../../ui/fact'
import type { TipState } from './use-tip'

/** Dollars without cents for the preset chips: $0, $2, $5, $10. */
const presetLabel = (cents: number) => `$${cents / 100}`

/** Spec 001 §5 counts a tip that is not an amount as 0; the buyer is told, and told why. */
const maxTip = formatCents(MAX_TIP_CENTS)
const TIP_HINTS: Record<NonNullable<TipState['tipProblem']>, MessageDescriptor> = {
  invalid: msg`Enter an amount like 5 or 7.50. Until then the tip counts as $0.00.`,
  'too-large': msg`Tips go up to ${maxTip}. Until then the tip counts as $0.00.`,
}

/** Where the groceries' estimate is paid, beside the figure. */
const GROCERY_TERMS: Record<GroceryPaymentMethod, MessageDescriptor> = {
  at_door: msg`Estimated groceries (paid to your runner at delivery)`,
  card: msg`Estimated groceries (charged to your card at the receipt's total)`,
}

/** What is paid online now (the platform fee and the tip) next to what the groceries may cost. */
export function FeesAndTip({ tip, groceryCents, groceryPayment }: { tip: TipState; groceryCents: number; groceryPayment: GroceryPaymentMethod }) {
  const { t, i18n } = useLingui()
  const id = useId()
  return (
    <TitledCard compact className="cart-card" title={<Trans>Fees &amp; Tip</Trans>}>
      <dl className="sums">
        <Fact term={t`Platform fee`}>{formatCents(PLATFORM_FEE_CENTS)}</Fact>
      </dl>
      <fieldset className="fieldset tip-choice">
        <legend className="fieldset__legend">
          <Trans>Tip for your runner</Trans>
        </legend>
        <div className="tip-choice__options">
          {TIP_PRESETS_CENTS.map((cents) => (
            <label key={cents} className="choice tip-choice__option">
              <input type="radio" name={`${id}-tip`} checked={tip.choice === cents} onChange={() => tip.setChoice(cents)} />
              {presetLabel(cents)}
            </label>
          ))}
          <label className="choice tip-choice__option">
            <input type="radio" name={`${id}-tip`} checked={tip.choice === 'custom'} onChange={() => tip.setChoice('custom')} />
            <Trans>Custom</Trans>
          </label>
        </div>
        {tip.choice === 'custom' && (
          <div className="tip-choice__custom">
            <label htmlFor={`${id}-custom`}>
              <Trans>Custom tip amount</Trans>
            </label>
            <div className="money-input">
              <span aria-hidden="true">$</span>
              <input
                id={`${id}-custom`}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                value={tip.customText}
                onChange={(event) => tip.setCustomText(event.target.value)}
                aria-invalid={tip.tipProblem !== null}
                aria-describedby={tip.tipProblem ? `${id}-custom-hint` : undefined}
              />
            </div>
            {tip.tipProblem && (
              <p id={`${id}-custom-hint`} className="field__hint field__hint--problem">
                {i18n._(TIP_HINTS[tip.tipProblem])}
              </p>
            )}
          </div>
        )}
      </fieldset>
      <dl className="sums">
        <Fact term={t`Tip`}>{formatCents(tip.tipCents)}</Fact>
        <Fact term={i18n._(GROCERY_TERMS[groceryPayment])} className="sums__aside">
          {formatCents(groceryCents)}
        </Fact>
        <Fact term={t`Total to pay now`} className="sums__total">
          {formatCents(payNowCents(tip.tipCents))}
        </Fact>
      </dl>
    </TitledCard>
  )
}
