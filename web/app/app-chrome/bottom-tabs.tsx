import { Link, useRouterState } from '@tanstack/react-router'
import { Icon } from '../../ui/icon'
import type { IconName } from '../../ui/icon-paths'

/** `within`: other paths whose screens belong under the tab, beside its own and those below it. */
type Tab = { to: string; label: string; icon: IconName; within?: readonly string[] }

const HOME: Tab = { to: '/buyer', label: 'Home', icon: 'home' }
// An order just placed, and one being tracked, are orders too.
const ORDERS: Tab = { to: '/orders', label: 'Orders', icon: 'receipt', within: ['/order-confirmation', '/order'] }
// Earnings is the runner's too.
const RUNNER: Tab = { to: '/runner', label: 'Runner', icon: 'bicycle', within: ['/earnings'] }
// The notification pages are reached from the account menu, beside the profile.
const PROFILE: Tab = { to: '/profile', label: 'Profile', icon: 'user', within: ['/notifications', '/notification-test'] }

/** Spec 001 §2: the Runner tab only for people who deliver. */
const tabsFor = (roles: readonly string[]): Tab[] =>
  roles.includes('runner') || roles.includes('both') ? [HOME, ORDERS, RUNNER, PROFILE] : [HOME, ORDERS, PROFILE]

const isUnder = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`)

/** Shopping screens (search, a store, the cart) and the fallback home at any other path sit under Home. */
const currentTab = (tabs: Tab[], pathname: string) => tabs.find((tab) => [tab.to, ...(tab.within ?? [])].some((path) => isUnder(pathname, path))) ?? HOME

export function BottomTabs({ roles }: { roles: readonly string[] }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const tabs = tabsFor(roles)
  const current = currentTab(tabs, pathname)
  return (
    <nav className="bottom-tabs" aria-label="Main">
      <ul className="bottom-tabs__list">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link to={tab.to} className="bottom-tabs__tab" aria-current={tab === current ? 'page' : undefined}>
              <Icon name={tab.icon} />
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
