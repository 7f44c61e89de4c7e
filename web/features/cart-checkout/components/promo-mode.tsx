import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { PROMO_TEST_CARDS, type PromoTestCard } from '../../../../modules/cart-checkout/contract'

/** What paying with each test card does here. */
const DOES: Record<PromoTestCard, MessageDescriptor> = {
  '4242 4242 4242 4242': msg`Payment goes through`,
  '4000 0000 0000 0002': msg`Declined`,
  '4000 0000 0000 9995': msg`Declined: not enough money`,
  '4000 0000 0000 0341': msg`Goes through, but the charge fails when a runner accepts`,
}

/**
 * Spec 001 §2's 'Promo Mode' helper: payments here are in test mode, so it lists the test cards.
 * With `onPick`, tapping one fills the form; without (Stripe's form lives in its own frame), they are to copy.
 */
export function PromoMode({ onPick, disabled = false }: { onPick?: (cardNumber: string) => void; disabled?: boolean }) {
  const { i18n } = useLingui()
  const titleId = useId()
  return (
    <section className="promo-mode" aria-labelledby={titleId}>
      <p className="cluster promo-mode__title" id={titleId}>
        <span className="eyebrow">
          <Trans>Promo Mode</Trans>
        </span>{' '}
        <Trans>Test cards only, nothing real is charged</Trans>
      </p>
      <p className="promo-mode__hint">
        {onPick ? (
          <Trans>Tap a card to fill it in, with any future expiry and any CVC.</Trans>
        ) : (
          <Trans>Type one of these, with any future expiry and any CVC.</Trans>
        )}
      </p>
      <ul className="promo-mode__cards">
        {PROMO_TEST_CARDS.map((card) => (
          <li key={card}>
            {onPick ? (
              <button type="button" className="promo-mode__card" disabled={disabled} onClick={() => onPick(card)}>
                <span className="promo-mode__number">{card}</span>
                <span className="meta meta--small">{i18n._(DOES[card])}</span>
              </button>
            ) : (
              <p className="promo-mode__card">
                <span className="promo-mode__number">{card}</span>
                <span className="meta meta--small">{i18n._(DOES[card])}</span>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
