import type { SessionPlugin } from '../accounts/index'
import type { Config, ModuleDeps } from '../shared/index'
import { embeddedCaptcha, recaptcha } from './captcha'
import type { VerificationClientConfig } from './contract'
import { firebasePhoneVerifier } from './firebase'
import { verificationRoutes } from './routes'
import type { SmsSender } from './sms-sender'

export { phoneVerifications, captchaPasses } from './schema'
export { embeddedSmsSender, SmsDeliveryError, type SmsSender } from './sms-sender'
export type { PhoneTokenVerifier } from './firebase'

function firebaseCredentials(config: Config) {
  const { FIREBASE_PROJECT_ID: projectId, FIREBASE_CLIENT_EMAIL: clientEmail, FIREBASE_PRIVATE_KEY: privateKey } = config
  return projectId && clientEmail && privateKey ? { projectId, clientEmail, privateKey } : null
}

/**
 * Phone verification: codes by SMS (the embedded sender when Firebase is not configured),
 * Firebase ID tokens when it is, and the captcha fallback. `overrides` lets tests stand in
 * for Firebase, which cannot be reached from here.
 */
export function verificationModule(
  { db, clock, config }: ModuleDeps,
  session: SessionPlugin,
  sms: SmsSender,
  overrides: { firebase?: ReturnType<typeof firebasePhoneVerifier> } = {},
) {
  const credentials = firebaseCredentials(config)
  const firebase = overrides.firebase ?? (credentials ? firebasePhoneVerifier(credentials) : null)
  const embedded = config.RECAPTCHA_SECRET_KEY ? null : embeddedCaptcha(db, clock)
  const captcha = config.RECAPTCHA_SECRET_KEY ? recaptcha(config.RECAPTCHA_SECRET_KEY, config.RECAPTCHA_VERIFY_URL) : embedded!
  const testNumbersEnabled = config.NODE_ENV !== 'production'
  const clientConfig: VerificationClientConfig = {
    provider: firebase ? 'firebase' : 'embedded',
    firebase:
      credentials && config.FIREBASE_WEB_API_KEY
        ? {
            apiKey: config.FIREBASE_WEB_API_KEY,
            authDomain: config.FIREBASE_AUTH_DOMAIN ?? `${credentials.projectId}.firebaseapp.com`,
            projectId: credentials.projectId,
            appId: config.FIREBASE_APP_ID,
          }
        : null,
    captcha: { provider: captcha.provider, siteKey: config.RECAPTCHA_SITE_KEY ?? null },
    fallbackEnabled: config.PHONE_VERIFICATION_FALLBACK,
    testNumbersEnabled,
  }
  return verificationRoutes({
    session,
    codes: { db, clock, sms, testNumbersEnabled },
    proofs: { db, clock, captcha, firebase, fallbackEnabled: config.PHONE_VERIFICATION_FALLBACK },
    embeddedCaptcha: embedded,
    clientConfig,
  })
}
