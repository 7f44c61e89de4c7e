import { expect } from 'bun:test'
import { QueryClientProvider, type QueryKey } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  type RouteComponent,
  RouterProvider,
  useLocation,
} from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import { createStore, Provider as JotaiProvider } from 'jotai'
import type { PublicUser } from '../../modules/accounts/contract'
import { LanguageProvider } from '../i18n/language-provider'
import { type Clock, clockAtom } from '../lib/clock'
import { currentUserQueryOptions, SIGNED_OUT } from '../lib/current-user'
import { createQueryClient } from '../query-client'
import { Toaster } from '../ui/toast'
import type { ManualClock } from './manual-clock'
import { settled } from './settled'

/** The app's paths, as in web/router.tsx, plus the ones screens link to before their routes exist. */
const APP_PATHS = [
  '/',
  '/auth',
  '/register',
  '/signup-verification',
  '/phone-verification',
  '/profile-complete',
  '/password-reset',
  '/password-reset-test',
  '/landing',
  '/terms',
  '/privacy',
  '/pwa-test',
  '/profile',
  '/buyer',
  '/store-search',
  '/store/$id',
  '/cart',
  '/checkout',
  '/checkout-debug',
  '/stripe-test',
  '/order-confirmation',
  '/orders',
  '/orders/$id',
  '/order/$id',
  '/runner',
  '/earnings',
  '/delivery/$id',
  '/notifications',
  '/notification-test',
  '/payouts/onboarding',
] as const
export type AppPath = (typeof APP_PATHS)[number]

/** Where a screen sent the browser, e.g. 'Screen at /profile-complete?variant=onboarding'. */
function Elsewhere() {
  const { pathname, searchStr } = useLocation()
  return <p>{`Screen at ${pathname}${searchStr}`}</p>
}

/** Every route keeps its search params as text, as the screens read them (storeId, resetToken, variant). */
const searchAsText = (search: Record<string, unknown>) => Object.fromEntries(Object.entries(search).map(([key, value]) => [key, String(value)]))

type RenderOptions = {
  /** The path the screen is registered at. */
  path: AppPath
  /** The URL opened first; defaults to `path`. */
  url?: string
  /** The signed-in user, null when signed out, or 'loading' while GET /api/auth/session has not answered. */
  user: PublicUser | null | 'loading'
  /** Answers already in the query cache, as if fetched before the screen opened. */
  queryData?: ReadonlyArray<readonly [QueryKey, unknown]>
  /** Real screens at other paths, for journeys across them; the rest show where the app went. */
  otherScreens?: Partial<Record<AppPath, RouteComponent>>
  /** The clock countdowns read; the system clock unless a test moves its own. */
  clock?: Clock
  /** A fresh jotai store unless the screen reads the app's default one (the PWA install offer lives there). */
  jotaiStore?: ReturnType<typeof createStore>
}

/**
 * Renders a screen as the app does: in a memory router at its path, with a fresh query cache
 * (the current user already answered unless 'loading'), a fresh jotai store and the Toaster.
 * Every other path shows a marker saying where the screen went.
 */
export function renderScreen(
  Screen: RouteComponent,
  { path, url = path, user, queryData = [], otherScreens = {}, clock, jotaiStore = createStore() }: RenderOptions,
) {
  const queryClient = createQueryClient()
  if (user !== 'loading')
    queryClient.setQueryData(currentUserQueryOptions().queryKey, user ? { user, requiresProfileCompletion: !user.isProfileComplete } : SIGNED_OUT)
  for (const [key, data] of queryData) queryClient.setQueryData(key, data)
  if (clock) jotaiStore.set(clockAtom, clock)

  const screens: Partial<Record<AppPath, RouteComponent>> = { ...otherScreens, [path]: Screen }
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
    notFoundComponent: Elsewhere,
  })
  const routes = APP_PATHS.map((routePath) =>
    createRoute({ getParentRoute: () => rootRoute, path: routePath, component: screens[routePath] ?? Elsewhere, validateSearch: searchAsText }),
  )
  const router = createRouter({ routeTree: rootRoute.addChildren(routes), history: createMemoryHistory({ initialEntries: [url] }) })
  render(
    <JotaiProvider store={jotaiStore}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </JotaiProvider>,
    { wrapper: LanguageProvider },
  )
  return { router, queryClient }
}

/** A screen that waits `ms` on the clock before it moves on: a moment earlier it is still where it was, then it shows `to`. */
export async function expectMovesOnAfter({ router }: ReturnType<typeof renderScreen>, clock: ManualClock, ms: number, to: AppPath) {
  const from = router.state.location.pathname
  clock.advance(ms - 1)
  await settled()
  expect(router.state.location.pathname).toBe(from)
  clock.advance(1)
  await screen.findByText(`Screen at ${to}`)
}
