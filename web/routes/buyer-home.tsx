import { useLingui } from '@lingui/react/macro'
import { DELIVERY_RADIUS_MILES } from '../../modules/shared/contract'
import { AppChrome } from '../app/app-chrome/app-chrome'
import { useNearbyStores } from '../features/catalog/api/nearby-stores'
import { profileOrigin } from '../features/catalog/use-location'
import { useCurrentUser } from '../lib/current-user'
import { isProductionServer } from '../lib/environment'
import { LoadingScreen } from '../ui/loading-screen'
import { Page } from '../ui/page'
import { ActiveCartCard } from './buyer-home/active-cart-card'
import { DeliveringToCard } from './buyer-home/delivering-to-card'
import { PromoCard } from './buyer-home/promo-card'
import { SampleNotificationsPanel } from './buyer-home/sample-notifications-panel'
import { SearchCard } from './buyer-home/search-card'
import { StoreSection } from './buyer-home/store-section'

/** /buyer, and what a complete profile sees at any unknown path (spec 001 §2). */
export function BuyerHomePage() {
  const { t } = useLingui()
  const user = useCurrentUser().data?.user
  const origin = user ? profileOrigin(user) : null
  // One search from the profile's address feeds both lists: partners are the real stores, the rest are samples.
  const nearby = useNearbyStores(origin && { origin, query: '' })
  if (!user) return <LoadingScreen />
  const firstName = user.firstName
  const miles = DELIVERY_RADIUS_MILES

  const sections = { loading: nearby.isLoading, failed: nearby.isError, onRetry: () => void nearby.refetch() }
  const partners = nearby.data?.filter((store) => !store.isSample)
  // Partner stores show once there are some: an empty block would only say what is missing. The test panel is for development.
  const developing = !isProductionServer()
  return (
    <AppChrome>
      <Page title={firstName ? t`Hello, ${firstName}` : t`Hello, there`} roomy wide>
        <div className="buyer-home__cards">
          <DeliveringToCard user={user} />
          <SearchCard />
          <ActiveCartCard />
          <PromoCard />
        </div>
        {partners && partners.length > 0 && (
          <StoreSection title={t`Partner Stores`} stores={partners} empty={{ title: t`No partner stores found` }} {...sections} />
        )}
        <StoreSection
          title={t`Nearby Indian Stores`}
          stores={nearby.data?.filter((store) => store.isSample)}
          empty={{
            title: t`No Indian stores found nearby`,
            hint: t`No Indian grocery stores found within ${miles} miles. Try expanding your search area.`,
          }}
          {...sections}
        />
        {developing && <SampleNotificationsPanel />}
      </Page>
    </AppChrome>
  )
}
