// Verification's door for the browser: the phone and code checks and the constants of 000 §5 and §9.
import { z } from 'zod'

export const CODE_LENGTH = 6
export const RESEND_COUNTDOWN_SECONDS = 60
/** How long a texted code works; the text itself says 10 minutes. */
export const CODE_LIFETIME_SECONDS = 600
export const FALLBACK_REQUEST_TIMEOUT_MS = 15_000
export const VERIFIED_REDIRECT_MS = 1000
export const FALLBACK_VERIFIED_REDIRECT_MS = 1200
/** Outside production, numbers ending 555-0100…555-0199 get no SMS and accept this code. */
export const TEST_CODE = '123456'
export const TEST_PHONE_EXAMPLE = '(732) 555-0123'

export const MESSAGES = {
  invalidCode: 'Invalid verification code. Please check and try again.',
  expiredCode: 'Verification code expired. Please request a new one.',
  noPendingCode: 'Please request a new verification code.',
  enterCode: 'Please enter the 6-digit verification code',
  tooManyRequests: 'Too many requests. Daily SMS limits apply: wait 15 to 30 minutes, or try from another device or network.',
  notVerified: 'Phone verification was not successful',
  phoneUnconfirmed: 'Phone number saved. We could not text it, so it is not confirmed yet: confirm it by SMS before you order or deliver.',
} as const

export const phoneEntrySchema = z
  .string({ error: 'Please enter your phone number' })
  .trim()
  .min(1, 'Please enter your phone number')
  .max(20, 'Please enter a valid US phone number')
  .refine((phone) => phone.replace(/\D/g, '').length >= 10, 'Please enter at least 10 digits')

export const codeSchema = z.string({ error: MESSAGES.enterCode }).regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), MESSAGES.enterCode)

export const sendCodeSchema = z.object({ phone: phoneEntrySchema })

export const verifyPhoneSchema = z.object({
  phone: phoneEntrySchema,
  verificationCode: z.string().max(20).optional(),
  firebaseIdToken: z.string().max(5000).optional(),
  fallbackVerification: z.boolean().optional(),
  recaptchaCompleted: z.boolean().optional(),
  captchaToken: z.string().max(5000).optional(),
})

export const completePhoneVerificationSchema = z.object({
  userId: z.string({ error: 'userId is required' }).min(1, 'userId is required').max(100),
  verificationSuccess: z.boolean().optional(),
})

export const verifyPhoneProfileSchema = z.object({ phoneVerified: z.boolean().optional() })

/** What the screens need to know to verify a phone here (GET /api/verification/config). */
export const verificationClientConfigSchema = z.object({
  provider: z.enum(['embedded', 'firebase']),
  firebase: z
    .object({
      apiKey: z.string(),
      authDomain: z.string(),
      projectId: z.string(),
      appId: z.string().optional(),
      /** host:port of Firebase's Auth emulator, when the server checks tokens against it (tests, local runs). */
      authEmulatorHost: z.string().nullable(),
    })
    .nullable(),
  captcha: z.object({ provider: z.enum(['embedded', 'recaptcha']), siteKey: z.string().nullable() }),
  /** False when switched off, and in production without reCAPTCHA (the embedded captcha proves nothing to a bot). */
  fallbackEnabled: z.boolean(),
  testNumbersEnabled: z.boolean(),
})
export type VerificationClientConfig = z.infer<typeof verificationClientConfigSchema>

export const sendCodeResponseSchema = z.object({ message: z.string(), expiresInSeconds: z.number() })
export type SendCodeResponse = z.infer<typeof sendCodeResponseSchema>
export const captchaPassResponseSchema = z.object({ captchaToken: z.string() })
export type CaptchaPassResponse = z.infer<typeof captchaPassResponseSchema>
export const completePhoneVerificationResponseSchema = z.object({ message: z.string(), requiresProfileCompletion: z.boolean() })
export type CompletePhoneVerificationResponse = z.infer<typeof completePhoneVerificationResponseSchema>
