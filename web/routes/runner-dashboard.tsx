import type { PublicUser } from '../../modules/accounts/contract'
import { AppChrome } from '../app/app-chrome/app-chrome'
import { useAvailability, useRereadAtNextChange, useSyncTimeZone } from '../features/runner/api/availability'
import { NotARunner } from '../features/runner/components/not-a-runner'
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
  const user = useCurrentUser().data?.user
  if (!user) return <LoadingScreen />
  return <AppChrome>{user.roles.includes('runner') ? <Dashboard user={user} /> : <NotARunner />}</AppChrome>
}

function Dashboard({ user }: { user: PublicUser }) {
  const availability = useAvailability()
  useSyncTimeZone(availability.data)
  useRereadAtNextChange(availability)
  return (
    <Page title={<>Ready to earn, {user.firstName?.trim() || 'Runner'}?</>} roomy>
      <OnlineSwitch />
      <EarningsSummary />
      <ActiveDeliveries />
      <AvailableOrders zipCode={user.zipCode} online={availability.data?.online} phoneVerified={user.phoneStatus === 'verified'} />
      <AreaAndHours />
    </Page>
  )
}
