import type { Order } from '../../../../modules/orders/contract'
import { PhoneLink } from '../../../ui/phone-link'
import { ContactCard, ContactLines } from './contact-card'

export const buyerName = (order: Order) => [order.buyerFirstName, order.buyerLastName].filter(Boolean).join(' ') || 'Customer'

/**
 * Who the groceries go to and where (001 §2). The API leaves out the street address, phone and
 * instructions until a runner has the order (§6), so before that only the area shows.
 */
export function CustomerCard({ order }: { order: Order }) {
  const name = buyerName(order)
  return (
    <ContactCard
      title="Customer"
      icon="user"
      footer={
        order.deliveryInstructions && (
          <div className="order-card__note">
            <p className="order-card__note-label">Delivery instructions</p>
            <p>{order.deliveryInstructions}</p>
          </div>
        )
      }
    >
      <ContactLines
        name={name}
        line={order.deliveryAddress ?? order.deliveryArea}
        phone={order.buyerPhone && <PhoneLink phone={order.buyerPhone} who={name} />}
      />
    </ContactCard>
  )
}
