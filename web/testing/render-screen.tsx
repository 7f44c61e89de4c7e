import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { Provider as JotaiProvider } from 'jotai'
import { mock } from 'bun:test'
import type { ReactNode } from 'react'
import { currentUserQueryOptions, SIGNED_OUT } from '../lib/current-user'
import type { PublicUser } from '../../modules/accounts/contract'
import { Toaster } from '../ui/toast'

/** A signed-in user with nothing done yet but signing up; override what a test needs. */
export const aUser = (overrides: Partial<PublicUser> = {}): PublicUser => ({
  id: 'user-1',
  email: 'asha@example.com',
  phone: '(732) 555-0101',
  phoneVerified: false,
  phoneStatus: 'unverified',
  firstName: 'Asha',
  lastName: 'Patel',
  profileImageUrl: null,
  roles: [],
  address: null,
  city: null,
  state: null,
  zipCode: null,
  latitude: null,
  longitude: null,
  isProfileComplete: false,
  emailVerified: false,
  createdAt: '2026-01-05T10:00:00.000Z',
  ...overrides,
})

/** The screens these tests move between; each one that is not under test says where the app went. */
const PATHS = ['/', '/auth', '/phone-verification', '/profile-complete', '/profile'] as const

/**
 * Renders one screen at its path, with the current user already cached (null: signed out), a
 * fresh toast store and the Toaster, and marker screens at the paths it can send people to.
 */
export function renderScreen(Screen: () => ReactNode, { path, user, url = path }: { path: (typeof PATHS)[number]; user: PublicUser | null; url?: string }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } })
  queryClient.setQueryData(currentUserQueryOptions().queryKey, user ? { user, requiresProfileCompletion: !user.isProfileComplete } : SIGNED_OUT)
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
  })
  const routes = PATHS.map((routePath) =>
    createRoute({ getParentRoute: () => rootRoute, path: routePath, component: routePath === path ? Screen : () => <p>Now at {routePath}</p> }),
  )
  const router = createRouter({ routeTree: rootRoute.addChildren(routes), history: createMemoryHistory({ initialEntries: [url] }) })
  render(
    <JotaiProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </JotaiProvider>,
  )
  return { router, queryClient }
}

export type ApiCall = { method: string; path: string; body: unknown }
type Handler = (body: any) => [status: number, answer: unknown]

/**
 * Stands in for the server: each 'METHOD /path' answers from its handler, anything else is a
 * 404. Returns the calls made, in order. Put the real fetch back with `restoreFetch`.
 */
export function fakeApi(handlers: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = []
  globalThis.fetch = mock(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET'
    const path = new URL(String(input), 'http://localhost:3000').pathname
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ method, path, body })
    const [status, answer] = handlers[`${method} ${path}`]?.(body) ?? [404, { message: 'Not found' }]
    return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } })
  }) as unknown as typeof fetch
  return calls
}

const realFetch = globalThis.fetch
export const restoreFetch = () => {
  globalThis.fetch = realFetch
}
