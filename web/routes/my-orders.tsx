import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { AppChrome } from '../app/app-chrome/app-chrome'
import { useCurrentUser } from '../lib/current-user'
import { LoadingScreen } from '../ui/loading-screen'
import { Page } from '../ui/page'
import { Tabs } from '../ui/tabs'
import { OrderList } from './my-orders/order-list'

const ORDER_TABS = [
  { id: 'purchases', label: msg`My Purchases` },
  { id: 'deliveries', label: msg`My Deliveries` },
] as const

/**
 * /orders, My Orders (spec 001 §2): people who buy and deliver get two tabs, kept in the URL so
 * coming back from an order returns to the same one; everyone else gets their one list.
 */
export function MyOrdersPage() {
  const user = useCurrentUser().data?.user
  const { tab = 'purchases' } = useSearch({ from: '/orders' })
  const navigate = useNavigate()
  const { t, i18n } = useLingui()
  if (!user) return <LoadingScreen />

  const buys = user.roles.includes('buyer')
  const delivers = user.roles.includes('runner')
  return (
    <AppChrome>
      <Page title={t`My Orders`}>
        {buys && delivers ? (
          <Tabs
            label={t`Purchases or deliveries`}
            tabs={ORDER_TABS.map((option) => ({ id: option.id, label: i18n._(option.label) }))}
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
