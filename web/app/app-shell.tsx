import { Outlet, useMatches } from '@tanstack/react-router'
import { lazy, Suspense, type ComponentType } from 'react'
import { useAuthState, type AuthState } from '../features/accounts/auth-state'
import { UpdateBanner } from '../features/pwa/update-banner'
import { useOnline } from '../lib/online'
import { LandingPage } from '../routes/landing'
import { LoadingScreen } from '../ui/loading-screen'
import { Toaster } from '../ui/toast'
import { OfflineBanner } from './offline-banner'
import { PreviewBanner } from './preview-banner'

const ProfileCompletePage = lazy(() => import('../routes/profile-complete').then((module) => ({ default: module.ProfileCompletePage })))
const BuyerHomePage = lazy(() => import('../routes/buyer-home').then((module) => ({ default: module.BuyerHomePage })))

/**
 * What each state shows for a path it has no screen for (spec 000 §2); for a complete profile
 * that is the buyer home (spec 001 §2).
 */
const FALLBACK_SCREEN: Record<Exclude<AuthState, 'loading'>, ComponentType> = {
  'signed-out': LandingPage,
  'needs-profile': ProfileCompletePage,
  complete: BuyerHomePage,
}

export function AppShell() {
  return (
    <>
      <PreviewBanner />
      <OfflineBanner />
      <RouteGate />
      <UpdateBanner />
      <Toaster />
    </>
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
