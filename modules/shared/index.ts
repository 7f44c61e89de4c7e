export * from './contract'
export { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests, unauthorized } from './app-error'
export { errorPlugin, describeForLog, type ErrorBody } from './error-plugin'
export { MAX_JSON_BODY_BYTES, MAX_JSON_DEPTH, rawJsonBody } from './json-body'
export { securityHeaders, contentSecurityPolicy } from './security-headers'
export { loadConfig, ConfigError, type Config } from './config'
export { systemClock, manualClock, type Clock } from './clock'
export { createdAtColumn, idColumn, updatedAtColumn } from './columns'
export type { ModuleDeps } from './deps'
export { crossSiteGuard, clientAddress, requestLimits, MAX_HEADER_BYTES } from './request-guards'
export { distanceMiles, isValidCoordinates, EARTH_RADIUS_MILES, METERS_PER_MILE, type Coordinates } from './geo'
export { nearPlace } from './geo-sql'
export type { Geocoder, PostalAddress } from './geocoding/geocoder'
export { zipCentroidGeocoder, zipCentroid } from './geocoding/zip-centroid'
export { censusGeocoder } from './geocoding/census'
export { hitRateLimit, rateLimitedFor, releaseRateLimitHit, resetRateLimit, pruneRateLimits, type RateLimit, type RateLimitHit } from './rate-limit'
export {
  GatewayUnavailableError,
  idempotencyKeys,
  PaymentDeclinedError,
  PaymentStateError,
  releaseHold,
  type IntentStatus,
  type PaymentGateway,
  type PaymentIntent,
} from './payment-gateway'
export { firebaseApp, type FirebaseCredentials, type FirebaseTransport } from './firebase-app'
export { channelHub, eventStream, EVENT_STREAM_HEADERS, type ChannelHub, type SendEvent } from './live-events'
