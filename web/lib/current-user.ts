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
const sessionSchema = () => import('../../modules/accounts/contract').then((contract) => contract.sessionResponseSchema)

/**
 * GET /api/auth/session, which answers nobody signed in as no user rather than the 401 of
 * /api/auth/user that a browser logs on every signed-out load; a 401 still means nobody. A user
 * is answered only once this browser's stored data is theirs, so no screen shows them someone
 * else's cart.
 */
export async function fetchCurrentUser(): Promise<CurrentUserState> {
  try {
    const answer = await apiRequest('GET', '/api/auth/session', sessionSchema())
    if (!answer.user) return SIGNED_OUT
    claimPersonalData(answer.user.id)
    return { user: answer.user, requiresProfileCompletion: answer.requiresProfileCompletion }
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
