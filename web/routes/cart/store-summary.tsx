import type { KnownStore } from '../../features/catalog/use-known-store'
import { Icon } from '../../ui/icon'

/** Where the runner shops: name, address, how far (when store search measured it) and phone. */
export function StoreSummary({ store }: { store: KnownStore }) {
  return (
    <section className="card store-summary" aria-label="Store">
      <div className="icon-tile" aria-hidden="true">
        <Icon name="store" />
      </div>
      <div className="store-summary__text">
        <p className="store-summary__name">{store.name}</p>
        <p className="store-summary__line">
          {store.address}
          {typeof store.distance === 'number' && <span className="store-summary__distance"> · {store.distance.toFixed(1)} miles away</span>}
        </p>
        {store.phone && (
          <a className="store-summary__phone" href={`tel:${store.phone.replace(/[^\d+]/g, '')}`}>
            <Icon name="phone" />
            {store.phone}
          </a>
        )}
      </div>
    </section>
  )
}
