import type { Order } from '../../../modules/orders/contract'
import { Icon } from '../../ui/icon'
import { PhoneLink } from '../../ui/phone-link'

/** Where to shop: the store as it was when the order was placed. */
export function StoreCard({ order }: { order: Order }) {
  return (
    <section className="card order-card" aria-labelledby="delivery-store-heading">
      <h2 id="delivery-store-heading" className="kicker">
        Store
      </h2>
      <div className="row">
        <div className="icon-tile order-card__icon" aria-hidden="true">
          <Icon name="store" />
        </div>
        <div className="text-stack">
          <p className="card__name">{order.storeName}</p>
          <p className="meta">{order.storeAddress}</p>
          {order.storePhone && <PhoneLink phone={order.storePhone} who={order.storeName} />}
        </div>
      </div>
    </section>
  )
}
