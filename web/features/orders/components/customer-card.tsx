import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '../../../../modules/orders/contract'
import { MapsLink } from '../../../ui/maps-link'
import { PhoneLink } from '../../../ui/phone-link'
import { ContactCard, ContactLines } from './contact-card'

export const buyerName = (order: Order) => [order.buyerFirstName, order.buyerLastName].filter(Boolean).join(' ') || t`Customer`

/**
 * Who the groceries go to and where (001 §2). The API leaves out the street address, phone and
 * instructions until a runner has the order (§6), so before that only the area shows. The
 * runner's delivery screen links the street address to the phone's maps app (`mapLink`).
 */
export function CustomerCard({ order, mapLink = false }: { order: Order; mapLink?: boolean }) {
  const name = buyerName(order)
  const { t } = useLingui()
  return (
    <ContactCard
      title={t`Customer`}
      icon="user"
      footer={
        order.deliveryInstructions && (
          <div className="order-card__note">
            <p className="order-card__note-label">
              <Trans>Delivery instructions</Trans>
            </p>
            <p>{order.deliveryInstructions}</p>
          </div>
        )
      }
    >
      <ContactLines
        name={name}
        line={order.deliveryAddress ?? order.deliveryArea}
        phone={order.buyerPhone && <PhoneLink phone={order.buyerPhone} who={name} />}
        map={mapLink && order.deliveryAddress && <MapsLink address={order.deliveryAddress} place={t`${name}'s address`} />}
      />
    </ContactCard>
  )
}
