// Test support for the catalog and cart screens (not bundled: only tests import it).
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, useLocation } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { mock } from 'bun:test'
import { createStore, Provider } from 'jotai'
import { z } from 'zod'
import type { CatalogItem, Store } from '../../../modules/catalog/contract'
import { currentUserQueryOptions, SIGNED_OUT } from '../../lib/current-user'
import type { PublicUser } from '../../../modules/accounts/contract'
import { itemsQueryOptions } from '../../features/catalog/api/items'
import { storeQueryOptions } from '../../features/catalog/api/store'
import { createQueryClient } from '../../query-client'
import { Toaster } from '../../ui/toast'
import { CartPage } from '../cart'
import { StoreCatalogPage } from '../store-catalog'

export const aBuyer = (overrides: Partial<PublicUser> = {}): PublicUser => ({
  id: 'buyer-1',
  email: 'meera@example.com',
  phone: '(732) 555-0150',
  phoneVerified: true,
  phoneStatus: 'verified',
  firstName: 'Meera',
  lastName: 'Shah',
  profileImageUrl: null,
  roles: ['buyer'],
  address: '1 Main St',
  city: 'Edison',
  state: 'NJ',
  zipCode: '08817',
  latitude: null,
  longitude: null,
  isProfileComplete: true,
  emailVerified: false,
  createdAt: '2026-01-05T10:00:00.000Z',
  ...overrides,
})

export const aStore = (overrides: Partial<Store> = {}): Store => ({
  id: 'store-1',
  name: 'Patel Family Grocers',
  description: 'Gujarati family store with a full wall of dals and flours.',
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
  categories: [],
  ...overrides,
})

let nextItem = 1
export const anItem = (overrides: Partial<CatalogItem> = {}): CatalogItem => ({
  id: `item-${nextItem++}`,
  storeId: 'store-1',
  name: 'Toor Dal (4 lb)',
  unit: 'bag',
  price: '7.99',
  priceUnit: 'per bag',
  isEstimatedPrice: true,
  category: 'Lentils & Pulses',
  subcategory: null,
  description: null,
  imageUrl: null,
  ...overrides,
})

/** Where a screen sent the browser, e.g. 'Screen at /checkout'. */
function Elsewhere() {
  const { pathname, searchStr } = useLocation()
  return <p>{`Screen at ${pathname}${searchStr}`}</p>
}

type Options = {
  /** null: signed out; 'loading': the session is still being asked for. */
  user?: PublicUser | null | 'loading'
  /** Put in the query cache as if already fetched; anything not given is fetched (see mockFetch). */
  items?: CatalogItem[]
  apiStore?: Store
}

/**
 * The catalog at /store/$id and the cart at /cart in a memory router, with a fresh query cache
 * and toast store; any other path shows where the screen went.
 */
export function renderShopScreen(url: string, { user = aBuyer(), items, apiStore }: Options = {}) {
  const queryClient = createQueryClient()
  if (user !== 'loading') queryClient.setQueryData(currentUserQueryOptions().queryKey, user ? { user, requiresProfileCompletion: false } : SIGNED_OUT)
  if (items) queryClient.setQueryData(itemsQueryOptions(items[0]?.storeId ?? 'store-1').queryKey, items)
  if (apiStore) queryClient.setQueryData(storeQueryOptions(apiStore.id).queryKey, apiStore)
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
    notFoundComponent: Elsewhere,
  })
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({ getParentRoute: () => rootRoute, path: '/store/$id', component: StoreCatalogPage }),
      createRoute({ getParentRoute: () => rootRoute, path: '/cart', component: CartPage, validateSearch: z.object({ storeId: z.string().optional() }) }),
    ]),
    history: createMemoryHistory({ initialEntries: [url] }),
  })
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  )
  return { router, queryClient }
}

/** Answers GET requests by path from `answers` ([status, body]); a path missing there never answers. */
export function mockFetch(answers: Record<string, [number, unknown]>) {
  const paths: string[] = []
  globalThis.fetch = mock(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost')
    paths.push(url.pathname + url.search)
    const answer = answers[url.pathname]
    if (!answer) return new Promise<Response>(() => {})
    return new Response(JSON.stringify(answer[1]), { status: answer[0], headers: { 'Content-Type': 'application/json' } })
  }) as unknown as typeof fetch
  return paths
}

const realFetch = globalThis.fetch
export const restoreFetch = () => {
  globalThis.fetch = realFetch
}
