import { t } from '@lingui/core/macro'
import { MESSAGES } from '../../../modules/verification/contract'
import { firebaseErrorCode } from '../../features/verification/firebase-phone'
import { ApiError } from '../../lib/http'

const MESSAGE_FOR_CODE: Record<string, string> = {
  // Our server's error codes
  INVALID_CODE: MESSAGES.invalidCode,
  CODE_EXPIRED: MESSAGES.expiredCode,
  NO_PENDING_VERIFICATION: MESSAGES.noPendingCode,
  // Firebase's, for the same three cases
  'auth/invalid-verification-code': MESSAGES.invalidCode,
  'auth/code-expired': MESSAGES.expiredCode,
  'auth/missing-verification-id': MESSAGES.noPendingCode,
}

/** Spec 000 §8: the known failures in the spec's words, otherwise the server's message or a general one. */
export function verifyFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const { code, message } = error.body
    return MESSAGE_FOR_CODE[code ?? ''] ?? (typeof message === 'string' ? message : verifyFailed())
  }
  return MESSAGE_FOR_CODE[firebaseErrorCode(error) ?? ''] ?? verifyFailed()
}

/** In the language on screen when the failure comes back. */
const verifyFailed = () => t`Verification failed. Please try again.`
