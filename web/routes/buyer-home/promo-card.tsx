import { Trans } from '@lingui/react/macro'
import { formatCents, PLATFORM_FEE_CENTS } from '../../../modules/shared/contract'
import { useServiceWords } from '../../lib/use-service-words'
import { IconTile } from '../../ui/icon'

export function PromoCard() {
  const fee = formatCents(PLATFORM_FEE_CENTS)
  const { groceryPaymentWays } = useServiceWords()
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
          <Trans>One flat fee, whatever you buy. Groceries cost what the store charges.</Trans> {groceryPaymentWays}
        </p>
      </div>
    </section>
  )
}
