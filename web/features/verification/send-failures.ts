import { RESEND_COUNTDOWN_SECONDS } from '../../../modules/verification/contract'
import { ApiError } from '../../lib/http'
import { firebaseErrorCode } from './firebase-phone'

/**
 * The text could not go out because the SMS provider failed (our server's 503 SMS_FAILED, or
 * Firebase refusing to send): spec 000 §4 switches to the fallback then, and only then.
 */
export function smsWasBlocked(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 503 && error.body.code === 'SMS_FAILED'
  const code = firebaseErrorCode(error)
  return code === 'auth/too-many-requests' || code === 'auth/quota-exceeded'
}

/**
 * Seconds until our server accepts another send, when it refused this one for sending too
 * often (429); null for any other failure. Our own limit proves nothing about the phone, so it
 * never opens the fallback: the person waits it out.
 */
export function secondsUntilSendAllowed(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null
  return error.retryAfterSeconds ?? RESEND_COUNTDOWN_SECONDS
}
