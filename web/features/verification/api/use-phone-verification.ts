import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { messageResponseSchema, userResponseSchema } from '../../../../modules/accounts/contract'
import {
  captchaPassResponseSchema,
  completePhoneVerificationResponseSchema,
  type completePhoneVerificationSchema,
  FALLBACK_REQUEST_TIMEOUT_MS,
  sendCodeResponseSchema,
  type sendCodeSchema,
  type verifyPhoneSchema,
} from '../../../../modules/verification/contract'
import { type CurrentUserState, currentUserQueryOptions } from '../../../lib/current-user'
import { apiRequest } from '../../../lib/http'

export const useSendCode = () =>
  useMutation({ mutationFn: (input: z.input<typeof sendCodeSchema>) => apiRequest('POST', '/api/verification/send-code', sendCodeResponseSchema, input) })

/** Sent after an SMS goes out (spec 000 §7); its failure changes nothing for the person. */
export const recordVerificationAttempt = (phone: string) =>
  apiRequest('PATCH', '/api/user/verification-attempt', messageResponseSchema, { phone }).catch((error) =>
    console.error('Recording the attempt failed:', error),
  )

/** Firebase mode: tell the server a text could not go out, so it allows the captcha fallback. */
export const reportBlockedSms = (phone: string) =>
  apiRequest('POST', '/api/verification/sms-failed', messageResponseSchema, { phone }).catch((error) =>
    console.error('Reporting the blocked text failed:', error),
  )

export const requestCaptchaPass = () => apiRequest('POST', '/api/verification/captcha', captchaPassResponseSchema)

type VerifyPhoneBody = z.input<typeof verifyPhoneSchema>
type Proof<Fields extends keyof VerifyPhoneBody> = Required<Pick<VerifyPhoneBody, 'phone' | Fields>>

/** The body of PATCH /api/user/verify-phone carries one of three proofs. */
export type VerifyPhoneInput =
  | Proof<'verificationCode'>
  | Proof<'firebaseIdToken'>
  | (Proof<'fallbackVerification' | 'recaptchaCompleted' | 'captchaToken'> & { fallbackVerification: true; recaptchaCompleted: true })

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
      const request = apiRequest('PATCH', '/api/user/verify-phone', userResponseSchema, input)
      return 'fallbackVerification' in input ? withTimeout(request, FALLBACK_REQUEST_TIMEOUT_MS) : request
    },
    onSuccess: ({ user }) => {
      queryClient.setQueryData<CurrentUserState>(currentUserQueryOptions().queryKey, { user, requiresProfileCompletion: !user.isProfileComplete })
    },
  })
}

export function useCompletePhoneVerification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: z.input<typeof completePhoneVerificationSchema>) =>
      apiRequest('POST', '/api/complete-phone-verification', completePhoneVerificationResponseSchema, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
  })
}
