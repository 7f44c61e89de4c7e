import { embeddedPushSender, fcmPushSender, type PushClientConfig, type PushSender } from '../modules/notifications/index'
import { embeddedGateway, stripeGateway, stripeRequestPacer } from '../modules/payments/gateways/index'
import type { PaymentGateway } from '../modules/payments/index'
import {
  type Clock,
  type Config,
  censusGeocoder,
  databaseObjectStore,
  type FirebaseCredentials,
  type FirebaseEmulatorProject,
  type Geocoder,
  type ModuleDeps,
  type ObjectStore,
  offsetClock,
  s3ObjectStore,
  systemClock,
  zipCentroidGeocoder,
} from '../modules/shared/index'
import { type DriveRouter, estimatedRouter, osrmRouter } from '../modules/tracking/index'
import { embeddedCaptcha, embeddedSmsSender, firebasePhoneVerifier, recaptcha, type VerificationProviders } from '../modules/verification/index'
import { countedGateway, type GatewayCalls, gatewayCallCounters } from './gateway-calls'

/** Every outside service, each chosen once here: the real one when configured, else the embedded one. */
export interface Providers extends VerificationProviders {
  geocoder: Geocoder
  payments: PaymentGateway
  /** What the payment gateway was asked and how it answered, for the operator's figures. */
  gatewayCalls: GatewayCalls
  push: PushSender
  /** Where photos (receipts, doorstep photos) are kept. */
  objects: ObjectStore
  /** What the browser needs to receive this server's pushes. */
  pushClient: PushClientConfig
  /** Where the buyer's ETA takes its drives from. */
  router: DriveRouter
}

/** A bucket when one is configured (the config refuses a bucket without its keys); otherwise rows of the database. */
function objectStore({ db, config }: ModuleDeps): ObjectStore {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config
  if (!bucket || !accessKeyId || !secretAccessKey) return databaseObjectStore(db)
  return s3ObjectStore({ bucket, accessKeyId, secretAccessKey, endpoint: config.S3_ENDPOINT, region: config.S3_REGION })
}

function firebaseCredentials(config: Config): FirebaseCredentials | null {
  const { FIREBASE_PROJECT_ID: projectId, FIREBASE_CLIENT_EMAIL: clientEmail, FIREBASE_PRIVATE_KEY: privateKey } = config
  return projectId && clientEmail && privateKey ? { projectId, clientEmail, privateKey } : null
}

/**
 * What may stand in for SMS when a text cannot be sent. reCAPTCHA when configured; otherwise
 * the embedded captcha, except in production, where a checkbox any script can tick is no check.
 */
function fallbackCaptcha({ db, clock, config }: ModuleDeps) {
  if (!config.PHONE_VERIFICATION_FALLBACK) return null
  if (config.RECAPTCHA_SECRET_KEY) return recaptcha(config.RECAPTCHA_SECRET_KEY, config.RECAPTCHA_VERIFY_URL)
  return config.NODE_ENV === 'production' ? null : embeddedCaptcha(db, clock)
}

/**
 * Whose tokens prove phones: the Auth emulator's project when FIREBASE_AUTH_EMULATOR_HOST is set
 * (firebase-admin reads that same variable), else the service account's. FCM has no emulator, so
 * push needs the service account either way.
 */
function phoneProject(config: Config, firebase: FirebaseCredentials | null): FirebaseCredentials | FirebaseEmulatorProject | null {
  if (config.FIREBASE_AUTH_EMULATOR_HOST && config.FIREBASE_PROJECT_ID) return { projectId: config.FIREBASE_PROJECT_ID, emulator: true }
  return firebase
}

/**
 * The clock everything reads "now" from, chosen here with the providers: the system's, or in
 * development one run DEV_CLOCK_OFFSET_MINUTES ahead (the config refuses that in production).
 */
export function clockFromConfig(config: Config): Clock {
  return config.DEV_CLOCK_OFFSET_MINUTES === 0 ? systemClock : offsetClock(config.DEV_CLOCK_OFFSET_MINUTES)
}

/** The route service at ROUTING_URL when set (falling back to the estimate when it fails or is slow), else the estimate. */
export const driveRouterFromConfig = (config: Config): DriveRouter => (config.ROUTING_URL ? osrmRouter(config.ROUTING_URL) : estimatedRouter)

/** Stripe when both its keys are set, else the embedded stand-in; counted either way. */
function paymentGateway({ db, clock, config }: ModuleDeps, calls: GatewayCalls): PaymentGateway {
  const gateway =
    config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY
      ? stripeGateway(
          {
            secretKey: config.STRIPE_SECRET_KEY,
            publishableKey: config.STRIPE_PUBLISHABLE_KEY,
            onRateLimited: () => calls.rateLimited.inc({ gateway: 'stripe' }),
          },
          stripeRequestPacer(db, config.STRIPE_MAX_REQUESTS_PER_SECOND),
        )
      : embeddedGateway(db, clock, { appUrl: config.APP_URL })
  return countedGateway(gateway, calls)
}

export function providersFromConfig(deps: ModuleDeps): Providers {
  const { clock, config } = deps
  const firebase = firebaseCredentials(config)
  const phone = phoneProject(config, firebase)
  const gatewayCalls = gatewayCallCounters()
  return {
    sms: embeddedSmsSender({ clock, production: config.NODE_ENV === 'production' }),
    phoneVerifier: phone ? firebasePhoneVerifier(phone) : null,
    firebaseWeb:
      phone && config.FIREBASE_WEB_API_KEY
        ? {
            apiKey: config.FIREBASE_WEB_API_KEY,
            authDomain: config.FIREBASE_AUTH_DOMAIN ?? `${phone.projectId}.firebaseapp.com`,
            projectId: phone.projectId,
            appId: config.FIREBASE_APP_ID,
            authEmulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST ?? null,
          }
        : null,
    captcha: fallbackCaptcha(deps),
    recaptchaSiteKey: config.RECAPTCHA_SITE_KEY ?? null,
    geocoder: config.GEOCODER === 'census' ? censusGeocoder(config.CENSUS_GEOCODER_URL) : zipCentroidGeocoder,
    payments: paymentGateway(deps, gatewayCalls),
    gatewayCalls,
    push: firebase ? fcmPushSender(firebase) : embeddedPushSender(deps.db),
    objects: objectStore(deps),
    router: driveRouterFromConfig(config),
    pushClient:
      firebase && config.FIREBASE_WEB_API_KEY
        ? {
            provider: 'fcm',
            firebase: {
              apiKey: config.FIREBASE_WEB_API_KEY,
              authDomain: config.FIREBASE_AUTH_DOMAIN ?? `${firebase.projectId}.firebaseapp.com`,
              projectId: firebase.projectId,
              appId: config.FIREBASE_APP_ID,
              messagingSenderId: config.FIREBASE_MESSAGING_SENDER_ID,
            },
            vapidKey: config.FIREBASE_VAPID_KEY ?? null,
          }
        : { provider: 'embedded', firebase: null, vapidKey: null },
  }
}
