import { Elysia } from 'elysia'
import { messageResponseSchema, recordVerificationAttempt, toPublicUser, userResponseSchema, type SessionPlugin } from '../accounts/index'
import { conflict, forbidden } from '../shared/index'
import type { embeddedCaptcha } from './captcha'
import { CODE_LIFETIME_MS, issueCode, recordSendFailure, type CodeIssuer } from './codes'
import {
  captchaPassResponseSchema,
  completePhoneVerificationResponseSchema,
  completePhoneVerificationSchema,
  MESSAGES,
  sendCodeResponseSchema,
  sendCodeSchema,
  verificationClientConfigSchema,
  verifyPhoneProfileSchema,
  verifyPhoneSchema,
  type VerificationClientConfig,
} from './contract'
import { phoneOrRefuse, provePhone, type PhoneProofs } from './prove-phone'

export interface VerificationRouteDeps {
  session: SessionPlugin
  codes: CodeIssuer
  proofs: PhoneProofs
  /** Present when the embedded captcha is in use: it issues the passes the fallback spends. */
  embeddedCaptcha: ReturnType<typeof embeddedCaptcha> | null
  clientConfig: VerificationClientConfig
}

export function verificationRoutes({ session, codes, proofs, embeddedCaptcha, clientConfig }: VerificationRouteDeps) {
  const { db, clock } = proofs
  return new Elysia({ name: 'verification', prefix: '/api' })
    .use(session)
    .get('/verification/config', () => clientConfig, { response: verificationClientConfigSchema })
    .post(
      '/verification/send-code',
      async ({ user, body }) => {
        await issueCode(codes, user.id, phoneOrRefuse(body.phone))
        return { message: 'Verification code sent', expiresInSeconds: CODE_LIFETIME_MS / 1000 }
      },
      { signedIn: true, body: sendCodeSchema, response: sendCodeResponseSchema },
    )
    // With Firebase the text is sent from the browser, so only the browser can say it failed.
    .post(
      '/verification/sms-failed',
      async ({ user, body }) => {
        if (clientConfig.provider !== 'firebase') throw conflict('Only Firebase phone sign-in reports its own failures.', 'NOT_FIREBASE')
        await recordSendFailure(db, clock, user.id, phoneOrRefuse(body.phone))
        return { message: 'Recorded' }
      },
      { signedIn: true, body: sendCodeSchema, response: messageResponseSchema },
    )
    .post(
      '/verification/captcha',
      async ({ user }) => {
        if (!embeddedCaptcha) throw forbidden('This server uses reCAPTCHA for human verification.', 'CAPTCHA_PROVIDER_MISMATCH')
        return { captchaToken: await embeddedCaptcha.issue(user.id) }
      },
      { signedIn: true, response: captchaPassResponseSchema },
    )
    .patch(
      '/user/verification-attempt',
      async ({ user, body }) => {
        phoneOrRefuse(body.phone)
        await recordVerificationAttempt(db, clock, user)
        return { message: 'Verification attempt recorded' }
      },
      { signedIn: true, body: sendCodeSchema, response: messageResponseSchema },
    )
    .patch(
      '/user/verify-phone',
      async ({ user, body }) => ({ message: 'Phone verified successfully', user: toPublicUser(await provePhone(proofs, user, body)) }),
      { signedIn: true, body: verifyPhoneSchema, response: userResponseSchema },
    )
    .post(
      '/complete-phone-verification',
      ({ user, body }) => {
        if (body.userId !== user.id) throw forbidden('You can only complete verification for your own account.', 'NOT_YOUR_ACCOUNT')
        if (!user.phoneVerified) throw forbidden(MESSAGES.notVerified, 'PHONE_NOT_VERIFIED')
        return { message: 'Phone verified successfully', requiresProfileCompletion: !user.isProfileComplete }
      },
      { signedIn: true, body: completePhoneVerificationSchema, response: completePhoneVerificationResponseSchema },
    )
    .post(
      '/auth/verify-phone-profile',
      ({ user }) => {
        if (!user.phoneVerified) throw forbidden(MESSAGES.notVerified, 'PHONE_NOT_VERIFIED')
        return { message: 'Phone verified successfully', user: toPublicUser(user) }
      },
      { signedIn: true, body: verifyPhoneProfileSchema, response: userResponseSchema },
    )
}
