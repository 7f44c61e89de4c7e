import type Stripe from 'stripe'
import { GatewayUnavailableError, IdempotencyKeyReusedError } from '../gateway'
import type { RequestPacer } from './stripe-pacing'

export type StripeSettings = {
  secretKey: string
  publishableKey: string
  /** Tests point the real SDK at a local stand-in: { host, port, protocol: 'http' }. */
  api?: { host: string; port: number; protocol: 'http' | 'https' }
  /** A request that failed on the way or on Stripe's side (5xx) is sent again, same idempotency key, this many times before giving up. */
  maxNetworkRetries?: number
  /** How long a request Stripe keeps turning away for its rate (429) is tried again before the call gives up as unavailable. */
  rateLimitPatienceMs?: number
  /** Told of each 429 Stripe answers, for the operator's figures (GET /metrics). */
  onRateLimited?: () => void
}

/** What a Stripe SDK error carries that the gateway reads. */
export type StripeErrorShape = {
  type?: string
  code?: string
  param?: string
  decline_code?: string
  message?: string
  payment_intent?: { status?: string }
  statusCode?: number
  headers?: Record<string, string | string[] | undefined>
}

/** Sends one request through the SDK; throws Stripe's own error once retrying is over. */
export type SendToStripe = <T>(request: (sdk: Stripe) => Promise<T>) => Promise<T>

const RATE_LIMIT_PATIENCE_MS = 30_000

/**
 * The SDK, loaded on first use (a server without Stripe never pays for it), behind the pacer:
 * every request the SDK sends has taken a turn first. So the SDK's own retries are off
 * (maxNetworkRetries 0): after its own short sleep it would send again without a turn, a 5xx or
 * a 429 that Stripe marks Stripe-Should-Retry alike. Retrying happens here instead, each attempt
 * taking a new turn and carrying the same idempotency key (the request is the same SDK call again):
 *
 * - a 429 is Stripe asking us to slow down, never a refusal: it is waited out (Retry-After when
 *   Stripe sends one, else a growing pause) and sent again, for up to rateLimitPatienceMs;
 * - a failure on the way or on Stripe's side is sent again maxNetworkRetries times, as the SDK would.
 *
 * The SDK still retries a connection closed before any answer once, by itself: that request
 * most likely never reached Stripe.
 */
export function stripeRequests(settings: StripeSettings, pacer: RequestPacer): SendToStripe {
  let client: Promise<Stripe> | undefined
  const stripe = () =>
    (client ??= import('stripe').then(
      ({ default: StripeSdk }) => new StripeSdk(settings.secretKey, { maxNetworkRetries: 0, timeout: 15_000, ...settings.api }),
    ))
  const maxRetries = settings.maxNetworkRetries ?? 2
  const patience = settings.rateLimitPatienceMs ?? RATE_LIMIT_PATIENCE_MS

  return async (request) => {
    const sdk = await stripe()
    const giveUpAt = Date.now() + patience
    let rateLimited = 0
    let failed = 0
    for (;;) {
      await pacer.turn()
      try {
        return await request(sdk)
      } catch (error) {
        if (isRateLimited(error)) {
          settings.onRateLimited?.()
          const pause = rateLimitPause(error as StripeErrorShape, rateLimited++)
          if (Date.now() + pause > giveUpAt) throw error
          await Bun.sleep(pause)
        } else if (isTransient(error) && failed < maxRetries) {
          await Bun.sleep(backoff(++failed))
        } else {
          throw error
        }
      }
    }
  }
}

const isRateLimited = (error: unknown) => (error as StripeErrorShape).type === 'StripeRateLimitError'

function header(error: StripeErrorShape, name: string): string | undefined {
  const value = error.headers?.[name]
  return Array.isArray(value) ? value[0] : value
}

/** Stripe's advice when it gives it (Retry-After, in seconds or as a date), else exponential backoff with jitter, as Stripe's rate-limit guide asks. */
function rateLimitPause(error: StripeErrorShape, attempt: number): number {
  const retryAfter = header(error, 'retry-after')
  if (retryAfter) {
    const seconds = Number(retryAfter)
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now()
    if (Number.isFinite(ms)) return Math.max(ms, 0)
  }
  return jittered(Math.min(250 * 2 ** attempt, 2000))
}

/** The SDK's own rule: connection failures, conflicts and 5xx, unless Stripe says a retry would change nothing. */
function isTransient(error: unknown): boolean {
  const stripeError = error as StripeErrorShape
  const shouldRetry = header(stripeError, 'stripe-should-retry')
  if (shouldRetry === 'false') return false
  if (shouldRetry === 'true') return true
  return stripeError.type === 'StripeConnectionError' || stripeError.statusCode === 409 || (stripeError.statusCode ?? 0) >= 500
}

/** The SDK's delays: half a second, doubling, at most five. */
const backoff = (retry: number) => jittered(Math.min(500 * 2 ** (retry - 1), 5000))

/** Between half and all of `ms`, so instances turned away together do not come back together. */
const jittered = (ms: number) => ms * (0.5 + Math.random() / 2)

/** Stripe's errors that mean the same for every call, in the gateway's terms; anything else is returned as it is. */
export function commonGatewayError(error: unknown): Error {
  const stripeError = error as StripeErrorShape
  switch (stripeError.type) {
    case 'StripeIdempotencyError':
      return new IdempotencyKeyReusedError(stripeError.message ?? 'Idempotency key reused with other parameters')
    case 'StripeConnectionError':
    case 'StripeAPIError':
    case 'StripeRateLimitError':
      return new GatewayUnavailableError(stripeError.message ?? 'Stripe is unavailable')
    default:
      return (stripeError.statusCode ?? 0) >= 500 ? new GatewayUnavailableError(stripeError.message ?? 'Stripe failed') : (error as Error)
  }
}
