import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router'
import { AppShell, StateFallback } from './app/app-shell'
import type { AuthState } from './features/accounts/auth-state'
import { LandingPage } from './routes/landing'

/**
 * Which auth states may see a route (spec 000 §2). 'always' routes render without waiting for
 * the current user; any other path, or a route the state may not see, shows that state's fallback.
 */
export type RouteAccess = 'always' | readonly Exclude<AuthState, 'loading'>[]

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    access?: RouteAccess
  }
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: AppShell,
  notFoundComponent: StateFallback,
})

const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/landing',
  component: LandingPage,
  staticData: { access: 'always' },
})

const pwaTestRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pwa-test',
  component: lazyRouteComponent(() => import('./routes/pwa-test'), 'PwaTestPage'),
  staticData: { access: ['complete'] },
})

const routeTree = rootRoute.addChildren([landingRoute, pwaTestRoute])

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent', scrollRestoration: true })
}
