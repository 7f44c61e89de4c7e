import { useMutation, useQueryClient } from '@tanstack/react-query'
import { FALLBACK_REQUEST_TIMEOUT_MS } from '../../../../modules/verification/contract'
import { apiRequest } from '../../../lib/http'
import { currentUserQueryOptions, type CurrentUser, type CurrentUserResponse } from '../../accounts/api/get-current-user'

export const useSendCode = () =>
  useMutation({ mutationFn: (input: { phone: string }) => apiRequest<{ message: string }>('POST', '/api/verification/send-code', input) })

/** Sent after an SMS goes out (spec 000 §7); its failure changes nothing for the person. */
export const recordVerificationAttempt = (phone: string) =>
  apiRequest('PATCH', '/api/user/verification-attempt', { phone }).catch((error) => console.error('Recording the attempt failed:', error))

/** Firebase mode: tell the server a text could not go out, so it allows the captcha fallback. */
export const reportBlockedSms = (phone: string) =>
  apiRequest('POST', '/api/verification/sms-failed', { phone }).catch((error) => console.error('Reporting the blocked text failed:', error))

export const requestCaptchaPass = () => apiRequest<{ captchaToken: string }>('POST', '/api/verification/captcha')

export type VerifyPhoneInput =
  | { phone: string; verificationCode: string }
  | { phone: string; firebaseIdToken: string }
  | { phone: string; fallbackVerification: true; recaptchaCompleted: true; captchaToken: string }

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Request timeout')), ms))])
}

/**
 * After verification the cached user is the returned one (spec 000 §4). The spec marks it as
 * needing its profile; a user re-verifying a changed phone already has one, so the server's
 * own flag decides.
 */
export function useVerifyPhone() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: VerifyPhoneInput) => {
      const request = apiRequest<{ message: string; user: CurrentUser }>('PATCH', '/api/user/verify-phone', input)
      return 'fallbackVerification' in input ? withTimeout(request, FALLBACK_REQUEST_TIMEOUT_MS) : request
    },
    onSuccess: ({ user }) => {
      queryClient.setQueryData<CurrentUserResponse>(currentUserQueryOptions().queryKey, { user, requiresProfileCompletion: !user.isProfileComplete })
    },
  })
}

export function useCompletePhoneVerification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { userId: string; verificationSuccess: boolean }) =>
      apiRequest<{ message: string; requiresProfileCompletion: boolean }>('POST', '/api/complete-phone-verification', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
  })
}
