import type { Order } from '../../../modules/orders/contract'
import { Card } from '../../ui/card'
import { Icon } from '../../ui/icon'

/** From where to where: the store the runner shops at, and the address the groceries go to. */
export function StoreAndAddress({ order }: { order: Order }) {
  return (
    <Card compact className="stack tracking-card" aria-labelledby="route-heading">
      <h2 id="route-heading" className="tracking-card__heading">
        Store &amp; Delivery
      </h2>
      <dl className="stack tracking-route">
        <div className="tracking-route__stop">
          <Icon name="store" className="icon tracking-route__icon" />
          <dt className="kicker">From</dt>
          <dd>
            <span className="tracking-route__name">{order.storeName}</span>
            <span>{order.storeAddress}</span>
          </dd>
        </div>
        <div className="tracking-route__stop">
          <Icon name="mapPin" className="icon tracking-route__icon" />
          <dt className="kicker">To</dt>
          <dd>
            <span className="tracking-route__name">Delivery address</span>
            <span>{order.deliveryAddress ?? order.deliveryArea}</span>
          </dd>
        </div>
      </dl>
    </Card>
  )
}
