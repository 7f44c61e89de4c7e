import { useMutation } from '@tanstack/react-query'
import { type EmbeddedOnboardingInput, embeddedOnboardingResponseSchema } from '../../../../modules/payments/contract'
import { apiRequest } from '../../../lib/http'

/**
 * POST /api/payments/embedded/onboarding: the form sent on its link. A field the gateway refuses
 * is a 400 naming it; a used or expired link, 409 or 410 with the refresh URL.
 */
export const useSubmitOnboarding = () =>
  useMutation({
    mutationFn: (input: EmbeddedOnboardingInput) => apiRequest('POST', '/api/payments/embedded/onboarding', embeddedOnboardingResponseSchema, input),
  })
