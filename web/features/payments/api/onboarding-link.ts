import { queryOptions, useQuery } from '@tanstack/react-query'
import { embeddedOnboardingLinkSchema } from '../../../../modules/payments/contract'
import { apiRequest } from '../../../lib/http'

/**
 * GET /api/payments/embedded/onboarding/:link: whether the stand-in for Stripe's onboarding form
 * may be sent on this link, or where a new link is asked for. The answer leaves the cache with its
 * screen: it is about one visit of a one-time link.
 */
export const onboardingLinkQueryOptions = (link: string) =>
  queryOptions({
    queryKey: ['payments', 'onboarding-link', link],
    queryFn: () => apiRequest('GET', `/api/payments/embedded/onboarding/${encodeURIComponent(link)}`, embeddedOnboardingLinkSchema),
    gcTime: 0,
  })

export const useOnboardingLink = (link: string) => useQuery(onboardingLinkQueryOptions(link))
