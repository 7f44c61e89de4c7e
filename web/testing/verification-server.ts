import { CODE_LIFETIME_SECONDS, MESSAGES, TEST_CODE, type VerificationClientConfig } from '../../modules/verification/contract'
import { fakeApi } from './fake-api'
import { aUser } from './fixtures'

export const VERIFICATION_CONFIG: VerificationClientConfig = {
  provider: 'embedded',
  firebase: null,
  captcha: { provider: 'embedded', siteKey: null },
  fallbackEnabled: true,
  testNumbersEnabled: true,
}

/** The embedded captcha's pass that this fake server hands out and accepts. */
export const CAPTCHA_PASS = 'pass-1'

/**
 * The verification endpoints as the server answers a person whose codes go out: the test code
 * proves the phone, the captcha pass keeps it unconfirmed (the fallback), anything else is
 * refused. Overrides replace single answers.
 */
export function verificationServer(overrides: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/verification/config': () => [200, VERIFICATION_CONFIG],
    'POST /api/verification/send-code': () => [200, { message: 'Verification code sent', expiresInSeconds: CODE_LIFETIME_SECONDS }],
    'PATCH /api/user/verification-attempt': () => [200, { message: 'Verification attempt recorded' }],
    'PATCH /api/user/verify-phone': ({ body }) => {
      if (body.verificationCode === TEST_CODE)
        return [200, { message: 'Phone verified successfully', user: aUser({ phoneVerified: true, phoneStatus: 'verified' }) }]
      if (body.captchaToken === CAPTCHA_PASS) return [200, { message: MESSAGES.phoneUnconfirmed, user: aUser({ phoneStatus: 'unconfirmed' }) }]
      return [400, { message: MESSAGES.invalidCode, code: 'INVALID_CODE' }]
    },
    'POST /api/verification/captcha': () => [200, { captchaToken: CAPTCHA_PASS }],
    ...overrides,
  })
}
