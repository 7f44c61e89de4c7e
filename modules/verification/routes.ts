import { Elysia } from 'elysia'
import { messageResponseSchema, phoneStatusOf, recordVerificationAttempt, type SessionPlugin, toPublicUser, userResponseSchema } from '../accounts/index'
import { type Config, clientAddress, conflict, forbidden } from '../shared/index'
import { CODE_LIFETIME_MS, type CodeIssuer, issueCode, recordSendFailure } from './codes'
import {
  captchaPassResponseSchema,
  completePhoneVerificationResponseSchema,
  completePhoneVerificationSchema,
  MESSAGES,
  sendCodeResponseSchema,
  sendCodeSchema,
  type VerificationClientConfig,
  verificationClientConfigSchema,
  verifyPhoneProfileSchema,
  verifyPhoneSchema,
} from './contract'
import { type PhoneProofs, phoneOrRefuse, provePhone } from './prove-phone'

export interface VerificationRouteDeps {
  session: SessionPlugin
  config: Config
  codes: CodeIssuer
  proofs: PhoneProofs
  clientConfig: VerificationClientConfig
}

export function verificationRoutes({ session, config, codes, proofs, clientConfig }: VerificationRouteDeps) {
  const { db, clock } = proofs
  const addressOf = (request: Request, server: Parameters<typeof clientAddress>[1]) => clientAddress(request, server, config.TRUST_PROXY)
  return (
    new Elysia({ name: 'verification', prefix: '/api' })
      .use(session)
      .get('/verification/config', () => clientConfig, { response: verificationClientConfigSchema })
      .post(
        '/verification/send-code',
        async ({ user, body, request, server }) => {
          await issueCode(codes, user, phoneOrRefuse(body.phone), addressOf(request, server))
          return { message: 'Verification code sent', expiresInSeconds: CODE_LIFETIME_MS / 1000 }
        },
        { signedIn: true, body: sendCodeSchema, response: sendCodeResponseSchema },
      )
      // With Firebase the text is sent from the browser, so only the browser can say it failed.
      .post(
        '/verification/sms-failed',
        async ({ user, body, request, server }) => {
          if (clientConfig.provider !== 'firebase') throw conflict('Only Firebase phone sign-in reports its own failures.', 'NOT_FIREBASE')
          await recordSendFailure(db, clock, user.id, phoneOrRefuse(body.phone), addressOf(request, server))
          return { message: 'Recorded' }
        },
        { signedIn: true, body: sendCodeSchema, response: messageResponseSchema },
      )
      .post(
        '/verification/captcha',
        async ({ user }) => {
          if (!proofs.captcha?.issue) throw forbidden('This server issues no embedded captcha passes.', 'CAPTCHA_PROVIDER_MISMATCH')
          return { captchaToken: await proofs.captcha.issue(user.id) }
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
        async ({ user, body }) => {
          const proven = await provePhone(proofs, user, body)
          return { message: proven.confirmed ? 'Phone verified successfully' : MESSAGES.phoneUnconfirmed, user: toPublicUser(proven.user) }
        },
        { signedIn: true, body: verifyPhoneSchema, response: userResponseSchema },
      )
      .post(
        '/complete-phone-verification',
        ({ user, body }) => {
          if (body.userId !== user.id) throw forbidden('You can only complete verification for your own account.', 'NOT_YOUR_ACCOUNT')
          if (phoneStatusOf(user) === 'unverified') throw forbidden(MESSAGES.notVerified, 'PHONE_NOT_VERIFIED')
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
  )
}
