import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, type RouteComponent, type RouterHistory } from '@tanstack/react-router'
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

/**
 * A route that is only a screen, with no search params or loader of its own: its path, who may
 * see it, and where its screen is loaded from (`exportName` of the module `load` imports).
 */
const screenRoute = <Path extends string, Module extends Record<string, RouteComponent>>(
  path: Path,
  access: RouteAccess,
  load: () => Promise<Module>,
  exportName: keyof Module & string,
) => createRoute({ getParentRoute: () => rootRoute, path, component: lazyRouteComponent(load, exportName), staticData: { access } })

// Not loaded lazily: the shell already bundles it, as what a signed-out visitor sees at any path.
const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/landing',
  component: LandingInApp,
  staticData: { access: 'always' },
})

const termsRoute = screenRoute('/terms', 'always', () => import('./routes/legal'), 'TermsPage')

const privacyRoute = screenRoute('/privacy', 'always', () => import('./routes/legal'), 'PrivacyPage')

const pwaTestRoute = screenRoute('/pwa-test', ['complete'], () => import('./routes/pwa-test'), 'PwaTestPage')

const signedIn = ['needs-profile', 'complete'] as const

/** Signed-in users see the 'Phone Verified!' state or their fallback here (the screen decides). */
const authRoute = screenRoute('/auth', ['signed-out', ...signedIn], () => import('./routes/auth'), 'AuthPage')

const registerRoute = screenRoute('/register', ['signed-out'], () => import('./routes/auth'), 'RegisterPage')

// A new account is signed in the moment it exists, so these two stay reachable until the phone is proven.
const signupVerificationRoute = screenRoute(
  '/signup-verification',
  ['signed-out', 'needs-profile'],
  () => import('./routes/signup-verification'),
  'SignupVerificationPage',
)

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

const passwordResetTestRoute = screenRoute('/password-reset-test', ['signed-out'], () => import('./routes/password-reset-test'), 'PasswordResetTestPage')

const profileRoute = screenRoute('/profile', ['complete'], () => import('./routes/profile'), 'ProfilePage')

const buyerHomeRoute = screenRoute('/buyer', ['complete'], () => import('./routes/buyer-home'), 'BuyerHomePage')

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
const checkoutDebugRoute = screenRoute('/checkout-debug', ['complete'], () => import('./routes/checkout-debug'), 'CheckoutDebugPage')

const stripeTestRoute = screenRoute('/stripe-test', ['complete'], () => import('./routes/stripe-test'), 'StripeTestPage')

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
  // Opened from the runner dashboard or Earnings, its back link returns there.
  validateSearch: (search: Record<string, unknown>): { from?: 'runner' | 'earnings' } =>
    search.from === 'runner' || search.from === 'earnings' ? { from: search.from } : {},
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

const earningsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/earnings',
  // The payout form comes back here: 'returned' once it was sent, 'expired' when its link had run out.
  validateSearch: (search: Record<string, unknown>): { payouts?: 'returned' | 'expired' } =>
    search.payouts === 'returned' || search.payouts === 'expired' ? { payouts: search.payouts } : {},
  loader: ({ context: { queryClient } }) =>
    warm(async () => {
      const { payoutStatementQueryOptions } = await import('./features/payouts/api/payout-statement')
      await queryClient.ensureInfiniteQueryData(payoutStatementQueryOptions())
    }),
  component: lazyRouteComponent(() => import('./routes/earnings'), 'EarningsPage'),
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

const notificationTestRoute = screenRoute('/notification-test', ['complete'], () => import('./routes/notification-test'), 'NotificationTestPage')

// The link's token is the credential, as on Stripe's hosted page, which knows nothing of our
// session: runners are its audience, but whoever holds a fresh link may fill the form, signed in or
// not, on any device (the link may be opened on a phone where the app is signed out).
const payoutsOnboardingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/payouts/onboarding',
  validateSearch: (search: Record<string, unknown>): { link?: string } => optionalText('link', search.link),
  component: lazyRouteComponent(() => import('./routes/payouts-onboarding'), 'PayoutsOnboardingPage'),
  staticData: { access: 'always' },
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
  earningsRoute,
  deliveryRoute,
  orderTrackingRoute,
  notificationCenterRoute,
  notificationTestRoute,
  payoutsOnboardingRoute,
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
