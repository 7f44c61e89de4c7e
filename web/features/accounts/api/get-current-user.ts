import { queryOptions, useQuery } from '@tanstack/react-query'
import { CURRENT_USER_GC_MS, CURRENT_USER_STALE_MS } from '../../../../modules/shared/contract'
import { ApiError, apiRequest } from '../../../lib/http'

export type CurrentUser = {
  id: string
  email: string | null
  phone: string | null
  phoneVerified: boolean
  firstName: string | null
  lastName: string | null
  profileImageUrl: string | null
  roles: string[]
  address: string | null
  city: string | null
  state: string | null
  zipCode: string | null
  latitude: number | null
  longitude: number | null
  isProfileComplete: boolean
}

export type CurrentUserResponse = { user: CurrentUser | null; requiresProfileCompletion: boolean }

const signedOut: CurrentUserResponse = { user: null, requiresProfileCompletion: false }

/** A 401 means nobody is signed in, which is an answer, not an error. */
export async function fetchCurrentUser(): Promise<CurrentUserResponse> {
  try {
    const body = await apiRequest<Partial<CurrentUserResponse>>('GET', '/api/auth/user')
    return { user: body.user ?? null, requiresProfileCompletion: body.requiresProfileCompletion ?? false }
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return signedOut
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
