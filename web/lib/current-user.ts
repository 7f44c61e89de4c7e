import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CurrentUserResponse } from '../../modules/accounts/contract'
import { CURRENT_USER_GC_MS, CURRENT_USER_STALE_MS } from '../../modules/shared/contract'
import { ApiError, apiRequest } from './http'
import { claimPersonalData } from './personal-data'

/**
 * Who is signed in, shared by every feature and screen (spec 000 §3): the server's answer, or
 * nobody. It lives below the features so that none of them imports another to know the user.
 */
export type CurrentUserState = CurrentUserResponse | { user: null; requiresProfileCompletion: false }

export const SIGNED_OUT: CurrentUserState = { user: null, requiresProfileCompletion: false }

/** Loaded beside the request rather than with the shell: zod would otherwise join the bundle that paints the landing page. */
const currentUserSchema = () => import('../../modules/accounts/contract').then((contract) => contract.currentUserResponseSchema)

/**
 * A 401 means nobody is signed in, which is an answer, not an error. A user is answered only
 * once this browser's stored data is theirs, so no screen shows them someone else's cart.
 */
export async function fetchCurrentUser(): Promise<CurrentUserState> {
  try {
    const answer = await apiRequest('GET', '/api/auth/user', currentUserSchema())
    if (answer.user) claimPersonalData(answer.user.id)
    return answer
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return SIGNED_OUT
    throw error
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: ['accounts', 'current-user'],
    queryFn: fetchCurrentUser,
    staleTime: CURRENT_USER_STALE_MS,
    gcTime: CURRENT_USER_GC_MS,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnMount: true,
  })

export const useCurrentUser = () => useQuery(currentUserQueryOptions())
