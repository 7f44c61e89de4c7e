import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Order } from '../../../modules/orders/contract'
import { Icon } from '../../ui/icon'
import type { IconName } from '../../ui/icon-paths'
import { TrackingCard } from './tracking-card'

/** From where to where: the store the runner shops at, and the address the groceries go to. */
export function StoreAndAddress({ order }: { order: Order }) {
  const { t } = useLingui()
  return (
    <TrackingCard title={t`Store & Delivery`}>
      <dl className="stack tracking-route">
        <RouteStop icon="store" term={<Trans comment="Where the order comes from: the store">From</Trans>} name={order.storeName} place={order.storeAddress} />
        <RouteStop
          icon="mapPin"
          term={<Trans comment="Where the order goes: the delivery address">To</Trans>}
          name={<Trans>Delivery address</Trans>}
          place={order.deliveryAddress ?? order.deliveryArea}
        />
      </dl>
    </TrackingCard>
  )
}

/** One end of the route: its mark, whether it is where from or where to, and its name over its place. */
function RouteStop({ icon, term, name, place }: { icon: IconName; term: ReactNode; name: ReactNode; place: ReactNode }) {
  return (
    <div className="tracking-route__stop">
      <Icon name={icon} className="icon tracking-route__icon" />
      <dt className="kicker">{term}</dt>
      <dd>
        <span className="tracking-route__name">{name}</span>
        <span>{place}</span>
      </dd>
    </div>
  )
}
