import { useId } from 'react'
import type { Order } from '../../../../modules/orders/contract'
import { Icon } from '../../../ui/icon'
import { PhoneLink } from '../../../ui/phone-link'

export const buyerName = (order: Order) => [order.buyerFirstName, order.buyerLastName].filter(Boolean).join(' ') || 'Customer'

/**
 * Who the groceries go to and where (001 §2). The API leaves out the street address, phone and
 * instructions until a runner has the order (§6), so before that only the area shows.
 */
export function CustomerCard({ order }: { order: Order }) {
  const headingId = useId()
  const name = buyerName(order)
  return (
    <section className="card order-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="kicker">
        Customer
      </h2>
      <div className="row">
        <div className="icon-tile order-card__icon" aria-hidden="true">
          <Icon name="user" />
        </div>
        <div className="text-stack">
          <p className="card__name">{name}</p>
          <p className="meta">{order.deliveryAddress ?? order.deliveryArea}</p>
          {order.buyerPhone && <PhoneLink phone={order.buyerPhone} who={name} />}
        </div>
      </div>
      {order.deliveryInstructions && (
        <div className="order-card__note">
          <p className="order-card__note-label">Delivery instructions</p>
          <p>{order.deliveryInstructions}</p>
        </div>
      )}
    </section>
  )
}
