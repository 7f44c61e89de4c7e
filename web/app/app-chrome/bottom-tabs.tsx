import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Link, useRouterState } from '@tanstack/react-router'
import { Icon } from '../../ui/icon'
import type { IconName } from '../../ui/icon-paths'

/** `within`: other paths whose screens belong under the tab, beside its own and those below it. */
type Tab = { to: string; label: MessageDescriptor; icon: IconName; within?: readonly string[] }

const HOME: Tab = { to: '/buyer', label: msg`Home`, icon: 'home' }
// An order just placed, and one being tracked, are orders too.
const ORDERS: Tab = { to: '/orders', label: msg`Orders`, icon: 'receipt', within: ['/order-confirmation', '/order'] }
// Earnings is the runner's too.
const RUNNER: Tab = { to: '/runner', label: msg`Runner`, icon: 'bicycle', within: ['/earnings'] }
// The notification pages are reached from the account menu, beside the profile.
const PROFILE: Tab = { to: '/profile', label: msg`Profile`, icon: 'user', within: ['/notifications', '/notification-test'] }

/** Spec 001 §2: the Runner tab only for people who deliver. */
const tabsFor = (roles: readonly string[]): Tab[] =>
  roles.includes('runner') || roles.includes('both') ? [HOME, ORDERS, RUNNER, PROFILE] : [HOME, ORDERS, PROFILE]

const isUnder = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`)

/** Shopping screens (search, a store, the cart) and the fallback home at any other path sit under Home. */
const currentTab = (tabs: Tab[], pathname: string) => tabs.find((tab) => [tab.to, ...(tab.within ?? [])].some((path) => isUnder(pathname, path))) ?? HOME

export function BottomTabs({ roles }: { roles: readonly string[] }) {
  const { t, i18n } = useLingui()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const tabs = tabsFor(roles)
  const current = currentTab(tabs, pathname)
  return (
    <nav className="bottom-tabs" aria-label={t`Main`}>
      <ul className="bottom-tabs__list">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link to={tab.to} className="bottom-tabs__tab" aria-current={tab === current ? 'page' : undefined}>
              <Icon name={tab.icon} />
              {i18n._(tab.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
