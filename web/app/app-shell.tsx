import { onlineManager } from '@tanstack/react-query'
import { Outlet, useMatches } from '@tanstack/react-router'
import { useSyncExternalStore, type ComponentType } from 'react'
import { useAuthState, type AuthState } from '../features/accounts/auth-state'
import { UpdateBanner } from '../features/pwa/update-banner'
import { LandingPage } from '../routes/landing'
import { LoadingScreen } from '../ui/loading-screen'
import { Toaster } from '../ui/toast'
import { PreviewBanner } from './preview-banner'

/**
 * What each signed-in state shows for a path it has no screen for. Profile completion and the
 * buyer home join here when they are built; until then the landing page stands in.
 */
const FALLBACK_SCREEN: Record<Exclude<AuthState, 'loading'>, ComponentType> = {
  'signed-out': LandingPage,
  'needs-profile': LandingPage,
  complete: LandingPage,
}

export function AppShell() {
  return (
    <>
      <PreviewBanner />
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
  const online = useSyncExternalStore(onlineManager.subscribe, () => onlineManager.isOnline() && navigator.onLine)
  if (state === 'loading') return <LoadingScreen offline={!online} />
  if (allowed.includes(state)) return <Outlet />
  const Fallback = FALLBACK_SCREEN[state]
  return <Fallback />
}

/** For paths no route matches. */
export function StateFallback() {
  return <StateGate allowed={[]} />
}
