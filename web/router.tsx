import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router'
import { AppShell, StateFallback } from './app/app-shell'
import { RouteError } from './app/route-error'
import type { AuthState } from './features/accounts/auth-state'
import { UnexpectedAnswerError } from './lib/http'
import { isOnline } from './lib/online'
import { LandingInApp } from './routes/landing-in-app'
import { LoadingScreen } from './ui/loading-screen'

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

/**
 * Search params are checked by hand: zod in the route table would put it in the bundle that
 * paints the landing page, and these need no more than this.
 */
const optionalText = <Key extends string>(key: Key, value: unknown): { [K in Key]?: string } =>
  (typeof value === 'string' && value !== '' ? { [key]: value } : {}) as { [K in Key]?: string }

/**
 * A loader's work: warming the cache with the query options its screen reads (TanStack's
 * react-query example). The options are imported inside `load`, not at the top: they bring the
 * contracts' zod schemas, which stay out of the bundle that paints the landing page. Offline
 * nothing is asked, so no loader waits on a paused query; the screen shows what the device kept
 * or says it needs a connection. Screens word their own refusals ('Order not found', a retry),
 * so only an answer outside the contract stops at the route's error screen.
 */
async function warm(load: () => Promise<unknown>) {
  if (!isOnline()) return
  try {
    await load()
  } catch (error) {
    if (error instanceof UnexpectedAnswerError) throw error
  }
}

const orderLoader = ({ context: { queryClient }, params }: { context: { queryClient: QueryClient }; params: { id: string } }) =>
  warm(async () => {
    const { orderQueryOptions } = await import('./features/orders/api/orders')
    await queryClient.ensureQueryData(orderQueryOptions(params.id))
  })

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: AppShell,
  notFoundComponent: StateFallback,
})

const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/landing',
  component: LandingInApp,
  staticData: { access: 'always' },
})

const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/terms',
  component: lazyRouteComponent(() => import('./routes/legal'), 'TermsPage'),
  staticData: { access: 'always' },
})

const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacy',
  component: lazyRouteComponent(() => import('./routes/legal'), 'PrivacyPage'),
  staticData: { access: 'always' },
})

const pwaTestRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pwa-test',
  component: lazyRouteComponent(() => import('./routes/pwa-test'), 'PwaTestPage'),
  staticData: { access: ['complete'] },
})

const signedIn = ['needs-profile', 'complete'] as const

/** Signed-in users see the 'Phone Verified!' state or their fallback here (the screen decides). */
const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  component: lazyRouteComponent(() => import('./routes/auth'), 'AuthPage'),
  staticData: { access: ['signed-out', ...signedIn] },
})

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  component: lazyRouteComponent(() => import('./routes/auth'), 'RegisterPage'),
  staticData: { access: ['signed-out'] },
})

// A new account is signed in the moment it exists, so these two stay reachable until the phone is proven.
const signupVerificationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup-verification',
  component: lazyRouteComponent(() => import('./routes/signup-verification'), 'SignupVerificationPage'),
  staticData: { access: ['signed-out', 'needs-profile'] },
})

const phoneVerificationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/phone-verification',
  loader: ({ context: { queryClient } }) =>
    warm(async () => {
      const { verificationConfigQueryOptions } = await import('./features/verification/api/verification-config')
      await queryClient.ensureQueryData(verificationConfigQueryOptions())
    }),
  component: lazyRouteComponent(() => import('./routes/phone-verification'), 'PhoneVerificationPage'),
  staticData: { access: ['signed-out', ...signedIn] },
})

const profileCompleteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profile-complete',
  validateSearch: (search: Record<string, unknown>): { variant?: 'onboarding' } => (search.variant === 'onboarding' ? { variant: 'onboarding' } : {}),
  component: lazyRouteComponent(() => import('./routes/profile-complete'), 'ProfileCompletePage'),
  staticData: { access: ['signed-out', ...signedIn] },
})

const passwordResetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/password-reset',
  validateSearch: (search: Record<string, unknown>): { resetToken?: string } => optionalText('resetToken', search.resetToken),
  component: lazyRouteComponent(() => import('./routes/password-reset'), 'PasswordResetPage'),
  staticData: { access: ['signed-out'] },
})

const passwordResetTestRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/password-reset-test',
  component: lazyRouteComponent(() => import('./routes/password-reset-test'), 'PasswordResetTestPage'),
  staticData: { access: ['signed-out'] },
})

const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profile',
  component: lazyRouteComponent(() => import('./routes/profile'), 'ProfilePage'),
  staticData: { access: ['complete'] },
})

const buyerHomeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/buyer',
  component: lazyRouteComponent(() => import('./routes/buyer-home'), 'BuyerHomePage'),
  staticData: { access: ['complete'] },
})

const storeSearchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/store-search',
  // The last search stays in the URL, so going back to it or reloading it shows the same results.
  validateSearch: (search: Record<string, unknown>): { q?: string } => optionalText('q', search.q),
  component: lazyRouteComponent(() => import('./routes/store-search'), 'StoreSearchPage'),
  staticData: { access: ['complete'] },
})

const storeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/store/$id',
  // A product searched for on the way in ('paneer') is the catalog's first filter.
  validateSearch: (search: Record<string, unknown>): { q?: string } => optionalText('q', search.q),
  loader: ({ context: { queryClient }, params }) =>
    warm(async () => {
      const { itemsQueryOptions } = await import('./features/catalog/api/items')
      await queryClient.ensureQueryData(itemsQueryOptions(params.id))
    }),
  component: lazyRouteComponent(() => import('./routes/store-catalog'), 'StoreCatalogPage'),
  staticData: { access: ['complete'] },
})

const cartRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/cart',
  validateSearch: (search: Record<string, unknown>): { storeId?: string } => optionalText('storeId', search.storeId),
  component: lazyRouteComponent(() => import('./routes/cart'), 'CartPage'),
  staticData: { access: ['complete'] },
})

const checkoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checkout',
  loader: ({ context: { queryClient } }) =>
    warm(async () => {
      const { paymentsConfigQueryOptions } = await import('./features/cart-checkout/api/payments-config')
      await queryClient.ensureQueryData(paymentsConfigQueryOptions())
    }),
  component: lazyRouteComponent(() => import('./routes/checkout'), 'CheckoutPage'),
  staticData: { access: ['complete'] },
})

// Developer pages; outside production only, which the screens decide (they need the server's environment).
const checkoutDebugRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checkout-debug',
  component: lazyRouteComponent(() => import('./routes/checkout-debug'), 'CheckoutDebugPage'),
  staticData: { access: ['complete'] },
})

const stripeTestRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/stripe-test',
  component: lazyRouteComponent(() => import('./routes/stripe-test'), 'StripeTestPage'),
  staticData: { access: ['complete'] },
})

const orderConfirmationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order-confirmation',
  validateSearch: (search: Record<string, unknown>): { orderId?: string } => optionalText('orderId', search.orderId),
  loaderDeps: ({ search }) => ({ orderId: search.orderId }),
  loader: ({ context: { queryClient }, deps: { orderId } }) => (orderId ? orderLoader({ context: { queryClient }, params: { id: orderId } }) : undefined),
  component: lazyRouteComponent(() => import('./routes/order-confirmation'), 'OrderConfirmationPage'),
  staticData: { access: ['complete'] },
})

const myOrdersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders',
  validateSearch: (search: Record<string, unknown>): { tab?: 'purchases' | 'deliveries' } =>
    search.tab === 'purchases' || search.tab === 'deliveries' ? { tab: search.tab } : {},
  component: lazyRouteComponent(() => import('./routes/my-orders'), 'MyOrdersPage'),
  staticData: { access: ['complete'] },
})

const orderDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders/$id',
  // Opened from the runner dashboard, its back link returns there.
  validateSearch: (search: Record<string, unknown>): { from?: 'runner' } => (search.from === 'runner' ? { from: 'runner' } : {}),
  loader: orderLoader,
  component: lazyRouteComponent(() => import('./routes/order-detail'), 'OrderDetailPage'),
  staticData: { access: ['complete'] },
})

const runnerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/runner',
  loader: ({ context: { queryClient } }) =>
    warm(async () => {
      const [{ availabilityQueryOptions }, { runnerStatsQueryOptions }] = await Promise.all([
        import('./features/runner/api/availability'),
        import('./features/runner/api/runner-stats'),
      ])
      await Promise.all([queryClient.ensureQueryData(availabilityQueryOptions()), queryClient.ensureQueryData(runnerStatsQueryOptions())])
    }),
  component: lazyRouteComponent(() => import('./routes/runner-dashboard'), 'RunnerDashboardPage'),
  staticData: { access: ['complete'] },
})

const deliveryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/delivery/$id',
  loader: orderLoader,
  component: lazyRouteComponent(() => import('./routes/active-delivery'), 'ActiveDeliveryPage'),
  staticData: { access: ['complete'] },
})

const orderTrackingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order/$id',
  loader: orderLoader,
  component: lazyRouteComponent(() => import('./routes/order-tracking'), 'OrderTrackingPage'),
  staticData: { access: ['complete'] },
})

const notificationCenterRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/notifications',
  validateSearch: (search: Record<string, unknown>): { view?: 'all' } => (search.view === 'all' ? { view: 'all' } : {}),
  loaderDeps: ({ search }) => ({ view: search.view }),
  loader: ({ context: { queryClient }, deps: { view } }) =>
    warm(async () => {
      const { allNotificationsQueryOptions, notificationsQueryOptions } = await import('./features/notifications/api/notifications')
      await (view === 'all' ? queryClient.ensureInfiniteQueryData(allNotificationsQueryOptions()) : queryClient.ensureQueryData(notificationsQueryOptions()))
    }),
  component: lazyRouteComponent(() => import('./routes/notification-center'), 'NotificationCenterPage'),
  staticData: { access: ['complete'] },
})

const notificationTestRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/notification-test',
  component: lazyRouteComponent(() => import('./routes/notification-test'), 'NotificationTestPage'),
  staticData: { access: ['complete'] },
})

const routeTree = rootRoute.addChildren([
  buyerHomeRoute,
  storeSearchRoute,
  storeRoute,
  cartRoute,
  checkoutRoute,
  checkoutDebugRoute,
  stripeTestRoute,
  orderConfirmationRoute,
  myOrdersRoute,
  orderDetailRoute,
  runnerRoute,
  deliveryRoute,
  orderTrackingRoute,
  notificationCenterRoute,
  notificationTestRoute,
  landingRoute,
  termsRoute,
  privacyRoute,
  pwaTestRoute,
  authRoute,
  registerRoute,
  signupVerificationRoute,
  phoneVerificationRoute,
  profileCompleteRoute,
  passwordResetRoute,
  passwordResetTestRoute,
  profileRoute,
])

/**
 * Every route shows RouteError when it fails and the loading screen while a loader is slow. The
 * router's own preload cache is off (staleTime 0), so react-query alone decides what is fresh.
 * `history` is for tests; the app uses the browser's.
 */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { queryClient },
    history,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    defaultPendingComponent: LoadingScreen,
    scrollRestoration: true,
  })
}
