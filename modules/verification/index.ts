import type { SessionPlugin } from '../accounts/index'
import type { ModuleDeps } from '../shared/index'
import type { CaptchaVerifier } from './captcha'
import type { VerificationClientConfig } from './contract'
import type { PhoneTokenVerifier } from './firebase'
import { verificationRoutes } from './routes'
import type { SmsSender } from './sms-sender'

export { type CaptchaVerifier, embeddedCaptcha, recaptcha } from './captcha'
export { TEST_CODE } from './contract'
export { firebasePhoneVerifier, type PhoneTokenVerifier } from './firebase'
export { embeddedSmsSender, SmsDeliveryError, type SmsSender } from './sms-sender'

/** The outside services phone verification uses, chosen by the composition root. */
export interface VerificationProviders {
  sms: SmsSender
  /** Firebase phone sign-in, when configured. */
  phoneVerifier: PhoneTokenVerifier | null
  /** What may stand in for SMS when it fails; null when nothing may (fallback off, or production without reCAPTCHA). */
  captcha: CaptchaVerifier | null
  /** The Firebase web settings the browser needs, when phone sign-in runs through Firebase. */
  firebaseWeb: VerificationClientConfig['firebase']
  recaptchaSiteKey: string | null
}

/** Phone verification: codes by SMS, Firebase ID tokens, and the captcha fallback. */
export function verificationModule({ db, clock, config }: ModuleDeps, session: SessionPlugin, providers: VerificationProviders) {
  const testNumbersEnabled = config.NODE_ENV !== 'production'
  const clientConfig: VerificationClientConfig = {
    provider: providers.phoneVerifier ? 'firebase' : 'embedded',
    firebase: providers.firebaseWeb,
    captcha: { provider: providers.captcha?.provider ?? 'embedded', siteKey: providers.recaptchaSiteKey },
    fallbackEnabled: providers.captcha !== null,
    testNumbersEnabled,
  }
  return verificationRoutes({
    session,
    config,
    codes: { db, clock, sms: providers.sms, testNumbersEnabled },
    proofs: { db, clock, captcha: providers.captcha, firebase: providers.phoneVerifier },
    clientConfig,
  })
}
