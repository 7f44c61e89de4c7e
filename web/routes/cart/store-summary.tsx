import { useLingui } from '@lingui/react/macro'
import { type Coordinates, distanceMiles } from '../../../modules/shared/contract'
import { StoreOpenStatus } from '../../features/catalog/components/store-open-status'
import type { KnownStore } from '../../features/catalog/use-known-store'
import { Card } from '../../ui/card'
import { Icon, IconTile } from '../../ui/icon'

/**
 * Store search measured how far the store is; a cart opened by link has no such measure, so the
 * distance is taken from home (`from`, the profile's coordinates), where the order goes anyway.
 */
function milesAway(store: KnownStore, from: Coordinates | null): number | null {
  if (typeof store.distance === 'number') return store.distance
  return from ? distanceMiles(from, store) : null
}

/** Where the runner shops: name, address, how far, open or closed now, and phone. */
export function StoreSummary({ store, from }: { store: KnownStore; from: Coordinates | null }) {
  const { t } = useLingui()
  const distance = milesAway(store, from)
  const miles = distance?.toFixed(1)
  return (
    <Card compact className="row" aria-label={t`Store`}>
      <IconTile name="store" />
      <div className="text-stack">
        <p className="store-summary__name">{store.name}</p>
        <p className="meta">
          {store.address}
          {miles !== undefined && <span className="store-summary__distance"> · {t`${miles} miles away`}</span>}
        </p>
        <StoreOpenStatus store={store} />
        {store.phone && (
          <a className="store-summary__phone" href={`tel:${store.phone.replace(/[^\d+]/g, '')}`}>
            <Icon name="phone" />
            {store.phone}
          </a>
        )}
      </div>
    </Card>
  )
}
