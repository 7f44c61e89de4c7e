import { onboardingLinkSchema } from '../../../../modules/payouts/contract'
import { apiRequest } from '../../../lib/http'
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation'

/** The form is Stripe's page or our own stand-in's: a web address, never a script. */
function formAddress(url: string): string {
  const address = new URL(url, window.location.origin)
  if (address.protocol !== 'https:' && address.protocol !== 'http:') throw new Error(`The payout form's address is not a web page: ${address.protocol}`)
  return address.href
}

/**
 * POST /api/runner/payouts/onboarding, then off to the one-time link it answers: the payout
 * form, which comes back to /earnings. The account's status changes only when the payment
 * service says so, so nothing is refreshed here; the screen checks again on the way back.
 */
export const useStartPayoutOnboarding = () =>
  useSingleFlightMutation({
    mutationFn: async () => formAddress((await apiRequest('POST', '/api/runner/payouts/onboarding', onboardingLinkSchema)).url),
    onSuccess: (url) => window.location.assign(url),
  })
