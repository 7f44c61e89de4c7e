export { answerTurns } from './answer-turn'
export { AppError, badRequest, conflict, forbidden, notFound, paymentGatewayUnavailable, tooManyRequests, unauthorized } from './app-error'
export { eachAtMost } from './at-most'
export { batchedLookup, batchedLookupPer } from './batched-lookup'
export { type Clock, manualClock, offsetClock, systemClock } from './clock'
export * from './columns'
export { type Config, ConfigError, loadConfig } from './config'
export { answerBytes, type ContentEncoding, pickEncoding, preEncodedJsonDetail } from './content-encoding'
export * from './contract'
export type { ModuleDeps } from './deps'
export { ERROR_CODES, type ErrorCode } from './error-codes'
export { describeForLog, type ErrorBody, errorPlugin } from './error-plugin'
export { type FirebaseCredentials, type FirebaseEmulatorProject, type FirebaseTransport, firebaseApp } from './firebase-app'
export { type Coordinates, distanceMiles, EARTH_RADIUS_MILES, isValidCoordinates, METERS_PER_MILE } from './geo'
export { nearPlace } from './geo-sql'
export { censusGeocoder } from './geocoding/census'
export type { Geocoder, PostalAddress } from './geocoding/geocoder'
export { zipCentroid, zipCentroidGeocoder } from './geocoding/zip-centroid'
export { MAX_JSON_BODY_BYTES, MAX_JSON_DEPTH, rawJsonBody } from './json-body'
export { afterCursor, type KeysetCursor } from './keyset'
export {
  type ChannelHub,
  channelHub,
  EVENT_STREAM_DETAIL,
  EVENT_STREAM_HEADERS,
  type LiveStreamLimits,
  type LiveStreams,
  liveStreams,
  type SendEvent,
  type StreamEnd,
  type StreamSource,
} from './live-events'
export { type CatalogMessage, type MessageValues, messageCatalog, readCatalog, type Say } from './message-catalog'
export { databaseObjectStore } from './object-store/database-store'
export type { ObjectStore, StoredObject } from './object-store/object-store'
export { type S3Settings, s3ObjectStore } from './object-store/s3-store'
export { createLogger, type Logger, observeRequests, type RequestMetrics, requestIdOf, requestMetrics } from './observability'
export { outboxBacklog } from './outbox-backlog'
export { type CleanPhoto, receiveForm, receivePhoto } from './photo-upload'
export { hitRateLimit, pruneRateLimits, type RateLimit, type RateLimitHit, rateLimitedFor, releaseRateLimitHit, resetRateLimit } from './rate-limit'
export { clientAddress, crossSiteGuard, MAX_HEADER_BYTES, requestLimits } from './request-guards'
export { type RunnerSince, runnerSinceLookup, runnerSinceRows } from './runner-since'
export { contentSecurityPolicy, securityHeaders } from './security-headers'
export { uploadRoute } from './upload-routes'
export { isUuid, validInput } from './validation'
