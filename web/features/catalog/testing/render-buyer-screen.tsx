import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, useLocation, type AnyRoute } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { mock } from 'bun:test'
import { createStore, Provider } from 'jotai'
import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { z } from 'zod'
import type { NearbyStore } from '../../../../modules/catalog/contract'
import { createQueryClient } from '../../../query-client'
import { Toaster } from '../../../ui/toast'
import type { PublicUser } from '../../../../modules/accounts/contract'
import { currentUserQueryOptions, SIGNED_OUT } from '../../../lib/current-user'

/** A buyer with a complete profile in Edison, NJ; override what a test needs. */
export const aBuyer = (overrides: Partial<PublicUser> = {}): PublicUser => ({
  id: 'user-1',
  email: 'asha@example.com',
  phone: '(732) 555-0101',
  phoneVerified: true,
  phoneStatus: 'verified',
  firstName: 'Asha',
  lastName: 'Patel',
  profileImageUrl: null,
  roles: ['buyer'],
  address: '1 Main St',
  city: 'Edison',
  state: 'NJ',
  zipCode: '08817',
  latitude: 40.5171,
  longitude: -74.3973,
  isProfileComplete: true,
  emailVerified: false,
  createdAt: '2026-01-05T10:00:00.000Z',
  ...overrides,
})

export const aStore = (overrides: Partial<NearbyStore> = {}): NearbyStore => ({
  id: 'store-patel',
  name: 'Patel Family Grocers',
  description: 'Gujarati family store with fresh vegetables.',
  address: '1710 Oak Tree Rd, Edison, NJ 08820',
  city: 'Edison',
  state: 'NJ',
  zipCode: '08820',
  phone: '(732) 555-0142',
  latitude: 40.5748,
  longitude: -74.3505,
  imageUrl: null,
  rating: 4.6,
  totalRatings: 812,
  isSample: true,
  categories: ['Spices & Seasonings'],
  distance: 4.66,
  ...overrides,
})

/** Where the screen under test sent the browser, e.g. 'Now at /cart?storeId=a'. */
function Elsewhere() {
  const { pathname, searchStr } = useLocation()
  return <p>{`Now at ${pathname}${searchStr}`}</p>
}

const BUYER_PATHS = ['/buyer', '/store-search', '/store/$id', '/cart', '/profile', '/orders', '/runner'] as const

/**
 * Renders a buyer screen at its path in a memory router, with a fresh query cache and toast
 * store, the user signed in, and a marker screen at every other buyer path.
 */
export function renderBuyerScreen(Screen: () => ReactNode, { path, user = aBuyer(), url = path }: { path: (typeof BUYER_PATHS)[number]; user?: PublicUser; url?: string }) {
  const queryClient = createQueryClient()
  queryClient.setQueryData(currentUserQueryOptions().queryKey, user ? { user, requiresProfileCompletion: false } : SIGNED_OUT)
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
  })
  const routes: AnyRoute[] = BUYER_PATHS.map((routePath) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path: routePath,
      component: routePath === path ? Screen : Elsewhere,
      validateSearch: z.object({ storeId: z.string().optional() }),
    }),
  )
  const router = createRouter({ routeTree: rootRoute.addChildren(routes), history: createMemoryHistory({ initialEntries: [url] }) })
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  )
  return { router, queryClient }
}

type Handler = (url: URL) => [status: number, body: unknown] | Promise<[status: number, body: unknown]>

/** Answers API calls by 'METHOD /path' and records their URLs; anything unexpected is a 404 the test will notice. */
export function fakeServer(handlers: Record<string, Handler>) {
  const calls: { route: string; url: URL }[] = []
  globalThis.fetch = mock(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost:3000')
    const route = `${init?.method ?? 'GET'} ${url.pathname}`
    calls.push({ route, url })
    const [status, body] = (await handlers[route]?.(url)) ?? [404, { message: `Unexpected request: ${route}` }]
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
  }) as unknown as typeof fetch
  return { calls, callsTo: (route: string) => calls.filter((call) => call.route === route) }
}

const realFetch = globalThis.fetch
export const restoreFetch = () => {
  globalThis.fetch = realFetch
}
