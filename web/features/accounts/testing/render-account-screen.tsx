import { QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useLocation,
  type AnyRoute,
  type RouteComponent,
} from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import { mock } from 'bun:test'
import { createStore, Provider } from 'jotai'
import { z } from 'zod'
import { createQueryClient } from '../../../query-client'
import { Toaster } from '../../../ui/toast'
import type { PublicUser } from '../../../../modules/accounts/contract'
import { currentUserQueryOptions, SIGNED_OUT } from '../../../lib/current-user'

/** Where the screen under test sent the browser, e.g. 'Screen at /profile-complete?variant=onboarding'. */
function Elsewhere() {
  const { pathname, searchStr } = useLocation()
  return <p>{`Screen at ${pathname}${searchStr}`}</p>
}

type ScreenOptions = {
  /** The route the screen lives at, as in web/router.tsx. */
  path: '/auth' | '/register' | '/signup-verification' | '/password-reset' | '/password-reset-test'
  component: RouteComponent
  /** The URL opened first; defaults to `path`. */
  url?: string
  user?: PublicUser | null
}

/**
 * Renders one account screen in a memory router with a fresh query cache, toast store and the
 * signed-in user given. Every other path shows where the screen navigated to.
 */
export async function renderAccountScreen({ path, component, url = path, user = null }: ScreenOptions) {
  const queryClient = createQueryClient()
  queryClient.setQueryData(currentUserQueryOptions().queryKey, user ? { user, requiresProfileCompletion: !user.isProfileComplete } : SIGNED_OUT)
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
    notFoundComponent: Elsewhere,
  })
  const search = z.object({ resetToken: z.string().optional(), variant: z.string().optional() })
  const routes: AnyRoute[] = [
    createRoute({ getParentRoute: () => rootRoute, path, component, validateSearch: search }),
    ...['/', '/auth', '/password-reset', '/profile-complete']
      .filter((other) => other !== path)
      .map((other) => createRoute({ getParentRoute: () => rootRoute, path: other, component: Elsewhere, validateSearch: search })),
  ]
  const router = createRouter({ routeTree: rootRoute.addChildren(routes), history: createMemoryHistory({ initialEntries: [url] }) })
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  )
  await screen.findByText('Your Local Indian Grocery Delivery')
  return { router, queryClient }
}

type Handler = (body: unknown) => Response | Promise<Response>

/** Answers the screen's API calls by 'METHOD /path', and records them; anything else is a test failure. */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { route: string; body: unknown }[] = []
  const fetchMock = mock(async (input: RequestInfo | URL, init?: RequestInit) => {
    const route = `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ route, body })
    const handler = handlers[route]
    if (!handler) throw new Error(`Unexpected request: ${route}`)
    return handler(body)
  })
  globalThis.fetch = fetchMock as unknown as typeof fetch
  return { calls, callsTo: (route: string) => calls.filter((call) => call.route === route) }
}

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export function testUser(changes: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 'user-1',
    email: 'asha@example.com',
    phone: '7325550123',
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
    ...changes,
  }
}

/** A promise the test settles when it chooses, to look at a request in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((settle) => (resolve = settle))
  return { promise, resolve }
}
