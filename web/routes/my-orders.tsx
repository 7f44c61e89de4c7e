import { useNavigate, useSearch } from '@tanstack/react-router'
import { AppChrome } from '../app/app-chrome/app-chrome'
import { useCurrentUser } from '../lib/current-user'
import { LoadingScreen } from '../ui/loading-screen'
import { Page } from '../ui/page'
import { Tabs } from '../ui/tabs'
import { OrderList } from './my-orders/order-list'

const ORDER_TABS = [
  { id: 'purchases', label: 'My Purchases' },
  { id: 'deliveries', label: 'My Deliveries' },
] as const

/**
 * /orders, My Orders (spec 001 §2): people who buy and deliver get two tabs, kept in the URL so
 * coming back from an order returns to the same one; everyone else gets their one list.
 */
export function MyOrdersPage() {
  const user = useCurrentUser().data?.user
  const { tab = 'purchases' } = useSearch({ from: '/orders' })
  const navigate = useNavigate()
  if (!user) return <LoadingScreen />

  const buys = user.roles.includes('buyer')
  const delivers = user.roles.includes('runner')
  return (
    <AppChrome>
      <Page title="My Orders">
        {buys && delivers ? (
          <Tabs
            label="Purchases or deliveries"
            tabs={ORDER_TABS}
            selected={tab}
            onSelect={(next) => void navigate({ to: '/orders', search: { tab: next }, replace: true })}
            panels={{ purchases: <OrderList side="buyer" />, deliveries: <OrderList side="runner" /> }}
          />
        ) : (
          <OrderList side={delivers ? 'runner' : 'buyer'} />
        )}
      </Page>
    </AppChrome>
  )
}
