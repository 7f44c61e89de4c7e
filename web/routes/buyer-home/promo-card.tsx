import { formatCents, PLATFORM_FEE_CENTS } from '../../../modules/shared/contract'
import { GROCERY_PAYMENT_WAYS } from '../../lib/service-facts'
import { IconTile } from '../../ui/icon'

export function PromoCard() {
  return (
    <section className="row promo-card" aria-labelledby="promo-heading">
      <IconTile name="tag" className="promo-card__icon" />
      <div>
        <p className="kicker promo-card__eyebrow">Simple pricing</p>
        <h2 id="promo-heading" className="promo-card__heading">
          Just {formatCents(PLATFORM_FEE_CENTS)} platform fee per order
        </h2>
        <p className="promo-card__text">One flat fee, whatever you buy. Groceries cost what the store charges. {GROCERY_PAYMENT_WAYS}</p>
      </div>
    </section>
  )
}
