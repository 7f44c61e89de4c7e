import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { NearbyStore } from '../../../modules/catalog/contract'
import { CardList } from '../../ui/card'
import { EmptyState, FailedState } from '../../ui/empty-state'
import { Skeletons } from '../../ui/skeleton'
import { StoreLinkCard } from './store-link-card'

type Props = {
  title: string
  stores: NearbyStore[] | undefined
  loading: boolean
  failed: boolean
  onRetry: () => void
  empty: { title: string; hint?: string }
}

const SKELETON_CARDS = 3

/** One list of stores on the home screen, always shown: loading, failed, empty or filled. */
export function StoreSection({ title, stores, loading, failed, onRetry, empty }: Props) {
  const { t } = useLingui()
  // Not from the title: a translated title would make an id of any script.
  const headingId = useId()
  return (
    <section className="stack" aria-labelledby={headingId} aria-busy={loading}>
      <h2 id={headingId} className="store-section__heading">
        {title}
      </h2>
      {loading ? (
        <ul className="card-list store-section__list" aria-label={t`Loading ${title}`}>
          <Skeletons count={SKELETON_CARDS} compact className="store-card store-card--skeleton" />
        </ul>
      ) : failed ? (
        <FailedState title={t`Stores could not be loaded`} onRetry={onRetry} />
      ) : stores && stores.length > 0 ? (
        <CardList items={stores} className="store-section__list">
          {(store) => <StoreLinkCard store={store} />}
        </CardList>
      ) : (
        <EmptyState title={empty.title} hint={empty.hint} />
      )}
    </section>
  )
}
