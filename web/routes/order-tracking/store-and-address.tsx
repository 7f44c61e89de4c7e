import { Trans, useLingui } from '@lingui/react/macro'
import type { Order } from '../../../modules/orders/contract'
import { Icon } from '../../ui/icon'
import { TrackingCard } from './tracking-card'

/** From where to where: the store the runner shops at, and the address the groceries go to. */
export function StoreAndAddress({ order }: { order: Order }) {
  const { t } = useLingui()
  return (
    <TrackingCard title={t`Store & Delivery`}>
      <dl className="stack tracking-route">
        <div className="tracking-route__stop">
          <Icon name="store" className="icon tracking-route__icon" />
          <dt className="kicker">
            <Trans comment="Where the order comes from: the store">From</Trans>
          </dt>
          <dd>
            <span className="tracking-route__name">{order.storeName}</span>
            <span>{order.storeAddress}</span>
          </dd>
        </div>
        <div className="tracking-route__stop">
          <Icon name="mapPin" className="icon tracking-route__icon" />
          <dt className="kicker">
            <Trans comment="Where the order goes: the delivery address">To</Trans>
          </dt>
          <dd>
            <span className="tracking-route__name">
              <Trans>Delivery address</Trans>
            </span>
            <span>{order.deliveryAddress ?? order.deliveryArea}</span>
          </dd>
        </div>
      </dl>
    </TrackingCard>
  )
}
