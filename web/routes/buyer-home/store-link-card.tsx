import type { NearbyStore } from '../../../modules/catalog/contract'
import { DemoBadge, NearbyStoreFacts } from '../../features/catalog/components/store-facts'
import { cacheStore } from '../../features/catalog/store-cache'
import { CardLink } from '../../ui/card'
import { Icon, IconTile } from '../../ui/icon'

/** A whole-card link into the store; the store is cached first so the catalog and cart have it. */
export function StoreLinkCard({ store }: { store: NearbyStore }) {
  return (
    <CardLink to="/store/$id" params={{ id: store.id }} compact className="row row--center store-card" onClick={() => cacheStore(store)}>
      <IconTile name="store" className="store-card__icon" />
      <div className="store-card__body">
        <div className="cluster">
          <h3 className="store-card__name">{store.name}</h3>
          {store.isSample && <DemoBadge />}
        </div>
        <div className="meta">{store.address}</div>
        <NearbyStoreFacts store={store} className="store-card__facts" />
      </div>
      <Icon name="chevronRight" className="icon store-card__chevron" />
    </CardLink>
  )
}
