import type { z } from 'zod'
import type { Database } from '../../db/database'
import { markPhoneVerified, type UserRow } from '../accounts/index'
import { badRequest, forbidden, toE164, type Clock } from '../shared/index'
import type { CaptchaVerifier } from './captcha'
import { hadRecentSendFailure, redeemCode } from './codes'
import { codeSchema, MESSAGES, type verifyPhoneSchema } from './contract'
import type { PhoneTokenVerifier } from './firebase'

export interface PhoneProofs {
  db: Database
  clock: Clock
  captcha: CaptchaVerifier
  /** Present when Firebase phone sign-in is configured. */
  firebase: PhoneTokenVerifier | null
  fallbackEnabled: boolean
}

export function phoneOrRefuse(phone: string) {
  const e164 = toE164(phone)
  if (!e164) throw badRequest('Please enter a valid US phone number', 'INVALID_PHONE', { phone: 'Please enter a valid US phone number' })
  return e164
}

const CAPTCHA_FAILED = 'Failed to verify phone number. Please try again'

/**
 * Verifies the signed-in user's phone from proof the server checks itself: a code it issued,
 * a Firebase ID token for that number, or (when SMS failed and the fallback is on) a captcha
 * pass. The client's own claims (recaptchaCompleted, verificationSuccess) prove nothing.
 */
export async function provePhone(proofs: PhoneProofs, user: UserRow, input: z.infer<typeof verifyPhoneSchema>) {
  const { db, clock } = proofs
  const phone = phoneOrRefuse(input.phone)

  if (input.fallbackVerification) {
    if (!proofs.fallbackEnabled) throw forbidden('Verification without SMS is switched off. Please verify by SMS code.', 'FALLBACK_DISABLED')
    if (!(await hadRecentSendFailure(db, clock, user.id, phone))) {
      throw forbidden('Verification without SMS is only offered when a code could not be sent to this number.', 'FALLBACK_NOT_AVAILABLE')
    }
    if (!input.captchaToken || !(await proofs.captcha.verify(user.id, input.captchaToken))) throw badRequest(CAPTCHA_FAILED, 'CAPTCHA_FAILED')
    return markPhoneVerified(db, clock, user.id, phone, 'captcha')
  }

  if (input.firebaseIdToken) {
    if (!proofs.firebase) throw badRequest('Firebase phone sign-in is not configured on this server.', 'FIREBASE_NOT_CONFIGURED')
    const proven = await proofs.firebase.phoneOf(input.firebaseIdToken)
    if (proven !== phone) throw badRequest(MESSAGES.notVerified, 'PHONE_NOT_PROVEN')
    return markPhoneVerified(db, clock, user.id, phone, 'firebase')
  }

  const code = codeSchema.safeParse(input.verificationCode)
  if (!code.success) throw badRequest(MESSAGES.enterCode, 'INVALID_CODE_FORMAT', { verificationCode: MESSAGES.enterCode })
  await redeemCode(db, clock, user.id, phone, code.data)
  return markPhoneVerified(db, clock, user.id, phone, 'sms')
}
