import { useQuery } from '@tanstack/react-query'
import { Navigate, Outlet, useMatches } from '@tanstack/react-router'
import { type ComponentType, lazy, Suspense } from 'react'
import { type AuthState, useAuthState } from '../features/accounts/auth-state'
import { useFollowAccountLanguage } from '../features/accounts/follow-account-language'
import { UpdateBanner } from '../features/pwa/update-banner'
import { currentUserQueryOptions, useCurrentUser } from '../lib/current-user'
import { useOnline } from '../lib/online'
import { LandingInApp } from '../routes/landing-in-app'
import { LoadingScreen } from '../ui/loading-screen'
import { Toaster } from '../ui/toast'
import { OfflineBanner } from './offline-banner'
import { PreviewBanner } from './preview-banner'

const ProfileCompletePage = lazy(() => import('../routes/profile-complete').then((module) => ({ default: module.ProfileCompletePage })))
const BuyerHomePage = lazy(() => import('../routes/buyer-home').then((module) => ({ default: module.BuyerHomePage })))
// Loaded only for someone with a verified phone, so it stays out of the landing page's bundle.
const PushSetup = lazy(() => import('../features/notifications/push-setup').then((module) => ({ default: module.PushSetup })))

/** Home for a complete profile: the buyer home (spec 001 §2), or the runner dashboard for someone who only delivers. */
function HomeScreen() {
  const roles = useCurrentUser().data?.user?.roles
  if (roles && !roles.includes('buyer')) return <Navigate to="/runner" replace />
  return <BuyerHomePage />
}

/** What each state shows for a path it has no screen for (spec 000 §2). */
const FALLBACK_SCREEN: Record<Exclude<AuthState, 'loading'>, ComponentType> = {
  'signed-out': LandingInApp,
  'needs-profile': ProfileCompletePage,
  complete: HomeScreen,
}

export function AppShell() {
  useFollowAccountLanguage()
  return (
    <>
      <PreviewBanner />
      <OfflineBanner />
      <RouteGate />
      {/* Stacked at the bottom, clear of the top bar's controls and lifted over the tabs (styles/shell.css). */}
      <div className="screen-dock">
        <UpdateBanner />
        <Toaster />
      </div>
      <PushForVerifiedPhone />
    </>
  )
}

/** 000 §4: push is set up only for a signed-in user with a verified phone; it stops when that ends. */
function PushForVerifiedPhone() {
  // Reads whatever the screens fetched: the always-open pages (the landing) ask for no user.
  const verified = useQuery({ ...currentUserQueryOptions(), enabled: false }).data?.user?.phoneVerified ?? false
  if (!verified) return null
  return (
    <Suspense fallback={null}>
      <PushSetup />
    </Suspense>
  )
}

function RouteGate() {
  const leaf = useMatches({ select: (matches) => matches.at(-1) })
  const access = leaf?.staticData.access
  if (access === 'always') return <Outlet />
  return <StateGate allowed={access ?? []} />
}

function StateGate({ allowed }: { allowed: readonly AuthState[] }) {
  const state = useAuthState()
  const online = useOnline()
  if (state === 'loading') return <LoadingScreen offline={!online} />
  if (allowed.includes(state)) return <Outlet />
  const Fallback = FALLBACK_SCREEN[state]
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Fallback />
    </Suspense>
  )
}

/** For paths no route matches. */
export function StateFallback() {
  return <StateGate allowed={[]} />
}
