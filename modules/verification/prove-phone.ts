import type { z } from 'zod'
import type { Database } from '../../db/database'
import { markPhoneUnconfirmed, markPhoneVerified, type UserRow } from '../accounts/index'
import { badRequest, type Clock, forbidden, toE164 } from '../shared/index'
import type { CaptchaVerifier } from './captcha'
import { hadRecentSendFailure, redeemCode } from './codes'
import { codeSchema, MESSAGES, type verifyPhoneSchema } from './contract'
import type { PhoneTokenVerifier } from './firebase'

export interface PhoneProofs {
  db: Database
  clock: Clock
  /** null when no captcha may stand in for SMS: the fallback is off, or production lacks reCAPTCHA. */
  captcha: CaptchaVerifier | null
  /** Present when Firebase phone sign-in is configured. */
  firebase: PhoneTokenVerifier | null
}

export function phoneOrRefuse(phone: string) {
  const e164 = toE164(phone)
  if (!e164) throw badRequest('Please enter a valid US phone number', 'INVALID_PHONE', { phone: 'Please enter a valid US phone number' })
  return e164
}

const CAPTCHA_FAILED = 'Failed to verify phone number. Please try again'

/**
 * Verifies the signed-in user's phone from proof the server checks itself: a code it issued,
 * or a Firebase ID token for that number. The client's own claims (recaptchaCompleted,
 * verificationSuccess) prove nothing. When the SMS provider failed and the fallback is on, a
 * captcha pass keeps the number on file as unconfirmed: a captcha proves a human, not a phone.
 */
export async function provePhone(proofs: PhoneProofs, user: UserRow, input: z.infer<typeof verifyPhoneSchema>) {
  const { db, clock } = proofs
  const phone = phoneOrRefuse(input.phone)

  if (input.fallbackVerification) {
    if (!proofs.captcha) throw forbidden('Verification without SMS is switched off. Please verify by SMS code.', 'FALLBACK_DISABLED')
    if (!(await hadRecentSendFailure(db, clock, user.id, phone))) {
      throw forbidden('Verification without SMS is only offered when a code could not be sent to this number.', 'FALLBACK_NOT_AVAILABLE')
    }
    if (!input.captchaToken || !(await proofs.captcha.verify(user.id, input.captchaToken))) throw badRequest(CAPTCHA_FAILED, 'CAPTCHA_FAILED')
    return { user: await markPhoneUnconfirmed(db, clock, user.id, phone), confirmed: false }
  }

  if (input.firebaseIdToken) {
    if (!proofs.firebase) throw badRequest('Firebase phone sign-in is not configured on this server.', 'FIREBASE_NOT_CONFIGURED')
    const proven = await proofs.firebase.phoneOf(input.firebaseIdToken)
    if (proven !== phone) throw badRequest(MESSAGES.notVerified, 'PHONE_NOT_PROVEN')
    return { user: await markPhoneVerified(db, clock, user.id, phone, 'firebase'), confirmed: true }
  }

  const code = codeSchema.safeParse(input.verificationCode)
  if (!code.success) throw badRequest(MESSAGES.enterCode, 'INVALID_CODE_FORMAT', { verificationCode: MESSAGES.enterCode })
  await redeemCode(db, clock, user.id, phone, code.data)
  return { user: await markPhoneVerified(db, clock, user.id, phone, 'sms'), confirmed: true }
}
