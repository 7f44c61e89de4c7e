import { useCurrentUser } from '../../lib/current-user'
import { ApiError, UnexpectedAnswerError } from '../../lib/http'

/** The four cases of the route table (spec 000 §2). */
export type AuthState = 'loading' | 'signed-out' | 'needs-profile' | 'complete'

export function useAuthState(): AuthState {
  const { data, isPending, error } = useCurrentUser()
  // Not knowing who is signed in leaves every screen without a state, so the app's error screen says it instead of waiting forever.
  if (error instanceof UnexpectedAnswerError && !data) throw error
  // A request that never reached the server (offline start) says nothing about who is signed in:
  // keep waiting rather than show a signed-in buyer the sign-in page. It refetches on reconnect.
  // An earlier answer (one kept on the device for offline use) still stands meanwhile.
  if (isPending || (error && !(error instanceof ApiError) && !data)) return 'loading'
  if (!data?.user) return 'signed-out'
  return data.requiresProfileCompletion ? 'needs-profile' : 'complete'
}
