import { useCurrentUser } from './api/get-current-user'

/** The four cases of the route table (spec 000 §2). */
export type AuthState = 'loading' | 'signed-out' | 'needs-profile' | 'complete'

export function useAuthState(): AuthState {
  const { data, isPending } = useCurrentUser()
  if (isPending) return 'loading'
  if (!data?.user) return 'signed-out'
  return data.requiresProfileCompletion ? 'needs-profile' : 'complete'
}
