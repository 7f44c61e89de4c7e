import { Trans } from '@lingui/react/macro'
import { formatCents, PLATFORM_FEE_CENTS } from '../../../modules/shared/contract'
import { GROCERY_PAYMENT_WAYS } from '../../lib/service-facts'
import { IconTile } from '../../ui/icon'

export function PromoCard() {
  const fee = formatCents(PLATFORM_FEE_CENTS)
  return (
    <section className="row promo-card" aria-labelledby="promo-heading">
      <IconTile name="tag" className="promo-card__icon" />
      <div>
        <p className="kicker promo-card__eyebrow">
          <Trans>Simple pricing</Trans>
        </p>
        <h2 id="promo-heading" className="promo-card__heading">
          <Trans>Just {fee} platform fee per order</Trans>
        </h2>
        <p className="promo-card__text">
          <Trans>One flat fee, whatever you buy. Groceries cost what the store charges.</Trans> {GROCERY_PAYMENT_WAYS}
        </p>
      </div>
    </section>
  )
}
