import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { GroceryPaymentMethod } from '../../../../modules/cart-checkout/contract'
import { formatCents } from '../../../../modules/shared/contract'
import { failureMessage } from '../../../lib/form-errors'
import { useServiceWords } from '../../../lib/use-service-words'
import { TitledCard } from '../../../ui/card'
import { type HoldLine, useGroceryHoldEstimate } from '../api/grocery-hold-estimate'

/** The spec's words for each way (issue 29); the ways at the door are listed in the reader's language. */
const CHOICES: { method: GroceryPaymentMethod; label: (methods: string) => MessageDescriptor }[] = [
  { method: 'at_door', label: (methods) => msg`At the door (${methods})` },
  { method: 'card', label: () => msg`By card in the app` },
]

type Props = {
  storeId: string
  lines: readonly HoldLine[]
  value: GroceryPaymentMethod
  onChange: (method: GroceryPaymentMethod) => void
  disabled?: boolean
}

/**
 * "Pay for groceries": to the runner at the door (the default), or by card, held at checkout.
 * By card, the hold is said before paying, as the server sizes it for these lines.
 */
export function GroceryPaymentChoice({ storeId, lines, value, onChange, disabled = false }: Props) {
  const { t, i18n } = useLingui()
  const { methodsSideBySide: methods } = useServiceWords()
  const id = useId()
  const byCard = value === 'card'
  const hold = useGroceryHoldEstimate(storeId, lines, { enabled: byCard })
  const holdAmount = hold.data && formatCents(hold.data.holdCents)
  return (
    <TitledCard compact className="cart-card" title={<Trans>Pay for groceries</Trans>}>
      <fieldset className="delivery-options" disabled={disabled} aria-describedby={byCard ? `${id}-hold` : undefined}>
        <legend className="visually-hidden">
          <Trans>How to pay for the groceries</Trans>
        </legend>
        {CHOICES.map(({ method, label }) => (
          <label key={method} className="choice-tile delivery-option">
            <input type="radio" name={`${id}-groceries`} checked={value === method} onChange={() => onChange(method)} />
            <span>{i18n._(label(methods))}</span>
          </label>
        ))}
      </fieldset>
      {byCard && (
        <p id={`${id}-hold`} className="meta" role="status">
          {hold.data
            ? t`We'll hold up to ${holdAmount} on your card. You're charged only what the receipt says.`
            : hold.isError
              ? failureMessage(hold.error, t`We could not work out the grocery hold. Please try again.`)
              : t`Working out the grocery hold...`}
        </p>
      )}
    </TitledCard>
  )
}
