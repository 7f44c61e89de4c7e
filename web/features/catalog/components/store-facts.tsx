import { Plural, Trans } from '@lingui/react/macro'
import type { NearbyStore, Store } from '../../../../modules/catalog/contract'
import { Icon } from '../../../ui/icon'
import { Badge } from '../../../ui/status-badge'
import { StoreOpenStatus } from './store-open-status'

/** Sample stores are marked, so nobody mistakes the demo data for a real shop. */
export const DemoBadge = () => (
  <Badge className="badge--caps badge--small store-badge">
    <Trans>Demo</Trans>
  </Badge>
)

/** Miles to one decimal, as the spec shows distances. */
function StoreDistance({ miles }: { miles: number }) {
  const distance = miles.toFixed(1)
  return (
    <span className="store-fact">
      <Icon name="mapPin" className="store-fact__icon" />
      <Trans>{distance} mi</Trans>
    </span>
  )
}

function StoreRating({ store }: { store: Pick<Store, 'rating' | 'totalRatings'> }) {
  if (store.rating === null)
    return (
      <span className="store-fact store-fact--muted">
        <Trans>No ratings yet</Trans>
      </span>
    )
  const count = store.totalRatings
  const rating = store.rating.toFixed(1)
  return (
    <span className="store-fact">
      <Icon name="star" className="store-fact__icon store-fact__icon--star" />
      <span aria-hidden="true">
        {store.rating.toFixed(1)} <span className="store-fact__count">({count.toLocaleString('en-US')})</span>
      </span>
      <span className="visually-hidden">
        <Plural value={count} one={`Rated ${rating} out of 5 from # rating`} other={`Rated ${rating} out of 5 from # ratings`} />
      </span>
    </span>
  )
}

/** What a nearby store's card says of it, in one row: how far, how rated, and whether it is open. */
export function NearbyStoreFacts({ store, className }: { store: NearbyStore; className: string }) {
  return (
    <div className={className}>
      <StoreDistance miles={store.distance} />
      <StoreRating store={store} />
      <StoreOpenStatus store={store} />
    </div>
  )
}
