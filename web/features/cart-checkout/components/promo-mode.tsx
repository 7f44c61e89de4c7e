import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { PROMO_TEST_CARDS } from '../../../../modules/cart-checkout/contract'

/**
 * Spec 001 §2's 'Promo Mode' helper: payments here are in test mode, so it lists the test cards.
 * With `onPick`, tapping one fills the form; without (Stripe's form lives in its own frame), they are to copy.
 */
export function PromoMode({ onPick, disabled = false }: { onPick?: (cardNumber: string) => void; disabled?: boolean }) {
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
          <li key={card.number}>
            {onPick ? (
              <button type="button" className="promo-mode__card" disabled={disabled} onClick={() => onPick(card.number)}>
                <span className="promo-mode__number">{card.number}</span>
                <span className="meta meta--small">{card.does}</span>
              </button>
            ) : (
              <p className="promo-mode__card">
                <span className="promo-mode__number">{card.number}</span>
                <span className="meta meta--small">{card.does}</span>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
