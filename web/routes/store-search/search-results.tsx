import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { NearbyStore } from '../../../modules/catalog/contract'
import { CardList } from '../../ui/card'
import { IconTile } from '../../ui/icon'
import { StoreResultCard } from './store-result-card'

type Props = { searched: string | null; stores: NearbyStore[]; onShop: (store: NearbyStore) => void }

/** Before any search, after one that found nothing, or the stores it found, nearest first. */
export function SearchResults({ searched, stores, onShop }: Props) {
  const { t } = useLingui()
  const count = stores.length
  if (searched === null)
    return <EmptyState title={t`Search for Indian Stores`} hint={t`Search by store name, or by what you need, such as spices, sweets or rice.`} />
  if (stores.length === 0) return <EmptyState title={t`No stores found`} hint={t`Nothing near you matches "${searched}". Try a store name or a product.`} />
  return (
    <section className="stack" aria-labelledby="search-results-heading">
      <p id="search-results-heading" className="meta meta--strong" role="status">
        {t`${plural(count, { one: '# store', other: '# stores' })} for "${searched}"`}
      </p>
      <CardList items={stores} className="search-results__list">
        {(store) => <StoreResultCard store={store} onShop={onShop} />}
      </CardList>
    </section>
  )
}

function EmptyState({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="stack stack--snug stack--centred search-empty" role="status">
      <IconTile name="store" />
      <h2 className="search-empty__title">{title}</h2>
      <p className="search-empty__hint">{hint}</p>
    </div>
  )
}
