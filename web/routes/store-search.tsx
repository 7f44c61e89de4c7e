import { Trans, useLingui } from '@lingui/react/macro'
import { useSearch } from '@tanstack/react-router'
import type { PublicUser } from '../../modules/accounts/contract'
import { DELIVERY_RADIUS_MILES } from '../../modules/shared/contract'
import { AppChrome } from '../app/app-chrome/app-chrome'
import { ClearCartDialog } from '../features/catalog/components/clear-cart-dialog'
import { useSearchLocation } from '../features/catalog/use-location'
import { useCurrentUser } from '../lib/current-user'
import { Icon } from '../ui/icon'
import { LoadingScreen } from '../ui/loading-screen'
import { Page } from '../ui/page'
import { LocationBanner } from './store-search/location-banner'
import { SearchForm } from './store-search/search-form'
import { SearchResults } from './store-search/search-results'
import { useOpenStore } from './store-search/use-open-store'
import { useStoreSearch } from './store-search/use-store-search'

/** Find Indian Stores (spec 001 §2). */
export function StoreSearchPage() {
  const user = useCurrentUser().data?.user
  return user ? <StoreSearch user={user} /> : <LoadingScreen />
}

function StoreSearch({ user }: { user: PublicUser }) {
  const { t } = useLingui()
  const location = useSearchLocation(user)
  const { q } = useSearch({ from: '/store-search' })
  const search = useStoreSearch(location.relocate, q)
  const { openStore, confirmation } = useOpenStore(search.searched)
  const miles = DELIVERY_RADIUS_MILES
  const place = [user.city, user.state].filter(Boolean).join(', ') || t`your location`

  return (
    <AppChrome>
      <Page>
        <header>
          <h1 className="page__title">
            <Trans>Find Indian Stores</Trans>
          </h1>
          <p className="store-search__radius">
            <Icon name="mapPin" className="icon icon--small" />
            {t`Within ${miles} miles of ${place}`}
          </p>
        </header>
        {location.locating && <LocationBanner />}
        <SearchForm initialTerm={q ?? ''} onSearch={search.submit} onClear={search.clear} searching={search.searching} />
        <SearchResults searched={search.searched} stores={search.stores} onShop={openStore} />
      </Page>
      {confirmation && <ClearCartDialog onKeep={confirmation.keep} onConfirm={confirmation.clearAndContinue} />}
    </AppChrome>
  )
}
