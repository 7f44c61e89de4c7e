import { Trans } from '@lingui/react/macro'
import type { PublicUser } from '../../modules/accounts/contract'
import { AppChrome } from '../app/app-chrome/app-chrome'
import { useAvailability, useRereadAtNextChange, useSyncTimeZone } from '../features/runner/api/availability'
import { NotARunner } from '../features/runner/components/not-a-runner'
import { useCatalogArea } from '../i18n/use-catalog-area'
import { useCurrentUser } from '../lib/current-user'
import { LoadingScreen } from '../ui/loading-screen'
import { Page } from '../ui/page'
import { ActiveDeliveries } from './runner-dashboard/active-deliveries'
import { AreaAndHours } from './runner-dashboard/area-and-hours'
import { AvailableOrders } from './runner-dashboard/available-orders'
import { EarningsSummary } from './runner-dashboard/earnings-summary'
import { OnlineSwitch } from './runner-dashboard/online-switch'

/** /runner (spec 001 §2): availability, earnings, deliveries under way, orders waiting nearby, and how far and when the runner works. */
export function RunnerDashboardPage() {
  useCatalogArea('runner')
  const user = useCurrentUser().data?.user
  if (!user) return <LoadingScreen />
  return <AppChrome>{user.roles.includes('runner') ? <Dashboard user={user} /> : <NotARunner />}</AppChrome>
}

function Dashboard({ user }: { user: PublicUser }) {
  const availability = useAvailability()
  useSyncTimeZone(availability.data)
  useRereadAtNextChange(availability)
  return (
    <Page title={<ReadyToEarn firstName={user.firstName?.trim()} />} roomy>
      <OnlineSwitch />
      <EarningsSummary />
      <ActiveDeliveries />
      <AvailableOrders zipCode={user.zipCode} online={availability.data?.online} phoneVerified={user.phoneStatus === 'verified'} />
      <AreaAndHours />
    </Page>
  )
}

/** The greeting names the runner; without a first name it greets them as a runner. */
function ReadyToEarn({ firstName }: { firstName: string | undefined }) {
  return firstName ? <Trans>Ready to earn, {firstName}?</Trans> : <Trans>Ready to earn, Runner?</Trans>
}
