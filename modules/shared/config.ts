import { z } from 'zod'
import { DEFAULT_GROCERY_HOLD_MAX_CENTS, GROCERY_HOLD_MIN_CENTS } from './constants'

const port = z.coerce.number().int().min(1).max(65535)

const postgresUrl = z
  .string()
  .url()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must start with postgres:// or postgresql://')

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Unset: the embedded PGlite database under DATA_DIR. */
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** A direct connection for LISTEN when DATABASE_URL is a transaction pool (PgBouncer, Neon's pooled endpoint). Unset: DATABASE_URL. */
  DATABASE_DIRECT_URL: postgresUrl.optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  /** Public origin of the app; links the server builds (password reset) start here, never from the Host header. Unset: http://localhost:PORT. */
  APP_URL: z.string().url().optional(),
  /** Where the built PWA lives. */
  DIST_DIR: z.string().min(1).default('dist'),
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For (for sign-in lockouts). */
  TRUST_PROXY: z.stringbool().default(false),
  /** Which geocoder turns profile addresses into coordinates: the offline ZIP table, or the US Census Bureau's service. */
  GEOCODER: z.enum(['zip', 'census']).default('zip'),
  CENSUS_GEOCODER_URL: z.string().url().default('https://geocoding.geo.census.gov'),
  /** An OSRM-compatible route service (`/route/v1/driving`) the buyer's ETA takes its drives from. Unset: the estimate (straight line × detour ÷ urban speed), with no call out. */
  ROUTING_URL: z.string().url().optional(),
  /**
   * Raster map tiles for the buyer's tracking map, as Leaflet takes them ('https://tiles.example.com/{z}/{x}/{y}.png').
   * Unset: the store, the runner and the home on a plain background, and no one else learns where the buyer lives.
   */
  MAP_TILE_URL: z
    .string()
    .url()
    .refine((value) => value.includes('{z}') && value.includes('{x}') && value.includes('{y}'), 'must have {z}, {x} and {y} in it')
    .optional(),
  /** The credit the tile provider asks for, shown on the map ('© OpenStreetMap contributors'); plain text. */
  MAP_TILE_ATTRIBUTION: z.string().min(1).optional(),
  /** Firebase phone sign-in. Set all four to verify phones with Firebase instead of the embedded SMS sender. */
  FIREBASE_PROJECT_ID: z.string().min(1).optional(),
  FIREBASE_CLIENT_EMAIL: z.string().email().optional(),
  /** The service account's private key (PEM; \n escapes are accepted). */
  FIREBASE_PRIVATE_KEY: z.string().min(1).optional(),
  FIREBASE_WEB_API_KEY: z.string().min(1).optional(),
  FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
  FIREBASE_APP_ID: z.string().min(1).optional(),
  /** Firebase Cloud Messaging in the browser: the sender id and the web push (VAPID) key. */
  FIREBASE_MESSAGING_SENDER_ID: z.string().min(1).optional(),
  FIREBASE_VAPID_KEY: z.string().min(1).optional(),
  /**
   * host:port of Firebase's Auth emulator (firebase-tools). firebase-admin then accepts the
   * emulator's unsigned tokens, so it stands in for the service account and is refused in production.
   */
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[\w.-]+:\d{1,5}$/, 'must be host:port')
    .optional(),
  /** The human-verification fallback when SMS cannot be sent; switch it off with false. */
  PHONE_VERIFICATION_FALLBACK: z.stringbool().default(true),
  /** Google reCAPTCHA for the fallback; without these the embedded captcha is used. */
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** Stripe: set both keys to take card payments through Stripe instead of the embedded gateway. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** Checks the signature of Stripe's webhook calls (POST /api/stripe/webhook). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * The same for the Connect endpoint at the same address: events on runners' connected accounts
   * (account.updated, payout.failed) reach only an endpoint made for connected accounts, which has a secret of its own.
   */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * Requests per second the Stripe gateway sends at most, all instances together (they pace through
   * the database). Stripe allows 100 a second live, 25 in a sandbox, and 25 on any one endpoint.
   */
  STRIPE_MAX_REQUESTS_PER_SECOND: z.coerce.number().int().min(1).max(100).default(20),
  /**
   * Live streams (order tracking, the embedded push stream) one person may hold; past it their oldest
   * is ended. A tab holds at most two, so ten covers five tabs.
   */
  LIVE_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** Live streams this process holds at most; past it new ones get 429 and the screens poll. About 60 KB each. */
  LIVE_STREAMS_PER_PROCESS: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  /** S3-compatible object storage for photos (receipts, doorstep photos). Unset: they are stored in the database. */
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The storage service's address; unset for AWS, which S3_REGION then picks. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).optional(),
  /** The platform's share of each delivery's fee and tip, in basis points (100 = 1 %). 0: the runner earns all of it, as the spec says. */
  PLATFORM_SHARE_BPS: z.coerce.number().int().min(0).max(10_000).default(0),
  /** Hours after delivery before a runner's earnings may be transferred: the window for problem reports. */
  PAYOUT_HOLD_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** Minutes between payout runs (each transfers every available line of runners whose payouts are enabled). */
  PAYOUT_RUN_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10),
  /**
   * Hours after delivery within which the buyer confirms the grocery total or reports a
   * grocery_total problem; then a grocery hold is captured at the runner's total.
   */
  GROCERY_CONFIRM_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 7)
    .default(1),
  /**
   * Minutes before a store closes from which it takes no more orders for delivery now (ASAP):
   * a runner needs that long to shop one. Checkout refuses them with STORE_CLOSED.
   */
  ASAP_CUTOFF_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(45),
  /** The most a grocery hold may be, in cents: a cart estimated above it is held for this much. At least the smallest hold. */
  GROCERY_HOLD_MAX_CENTS: z.coerce.number().int().min(GROCERY_HOLD_MIN_CENTS).default(DEFAULT_GROCERY_HOLD_MAX_CENTS),
  /** Orders a store takes at most in one delivery window; a full window is offered as unavailable and refused at checkout. */
  WINDOW_CAPACITY: z.coerce.number().int().min(1).max(10_000).default(10),
  /**
   * Minutes before its window a scheduled order is offered to runners: it is fanned out then, and
   * the 30 minutes a runner has to accept it count from then.
   */
  OFFER_LEAD_MINUTES: z.coerce
    .number()
    .int()
    .min(30)
    .max(24 * 60)
    .default(120),
  /** Serve GET /metrics (Prometheus's text format) to a scraper that sends this as its bearer token. Unset: /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The least a log line must be to be written. Unset: info, and nothing while testing. */
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).optional(),
  /** Serve the OpenAPI reference at /api/docs and /api/openapi.json. Unset: on, except in production. */
  API_DOCS: z.stringbool().optional(),
  /** Serve web/ from source with Bun's HTML imports and hot reload instead of dist/ (`bun run dev` sets it). */
  WEB_HOT_RELOAD: z.stringbool().default(false),
  /**
   * Development only: the server's and the CLI's clock runs this many minutes ahead, so the
   * 30-minute and 2-hour rules can be reached by hand. Refused in production.
   */
  DEV_CLOCK_OFFSET_MINUTES: z.coerce.number().int().min(0).default(0),
})

export type Config = Omit<z.infer<typeof configSchema>, 'APP_URL'> & { APP_URL: string }

/** Values that may hold credentials never appear in error messages. */
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'DATABASE_DIRECT_URL',
  'FIREBASE_PRIVATE_KEY',
  'METRICS_TOKEN',
  'RECAPTCHA_SECRET_KEY',
  'S3_SECRET_ACCESS_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_CONNECT_WEBHOOK_SECRET',
])

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Reads settings from the environment; a wrong value fails with one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''))
  const parsed = configSchema.superRefine(requireTogether).safeParse(present)
  // A server on another port builds its links for that port unless told its public address.
  if (parsed.success) return { ...parsed.data, APP_URL: parsed.data.APP_URL ?? `http://localhost:${parsed.data.PORT}` }
  const issue = parsed.error.issues[0]!
  const variable = String(issue.path[0] ?? 'environment')
  const shown = SECRET_VARIABLES.has(variable) ? '' : ` (got ${JSON.stringify(env[variable])})`
  throw new ConfigError(`Invalid configuration: ${variable} ${describeIssue(issue)}${shown}`)
}

/** Settings that only work as a set: naming some but not all is a mistake worth stopping for. */
const SETTING_GROUPS = [
  ['FIREBASE_PROJECT_ID', 'FIREBASE_CLIENT_EMAIL', 'FIREBASE_PRIVATE_KEY', 'FIREBASE_WEB_API_KEY'],
  ['FIREBASE_AUTH_EMULATOR_HOST', 'FIREBASE_PROJECT_ID', 'FIREBASE_WEB_API_KEY'],
  ['RECAPTCHA_SITE_KEY', 'RECAPTCHA_SECRET_KEY'],
  ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'],
  ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
] as const

function requireTogether(config: z.infer<typeof configSchema>, context: z.RefinementCtx) {
  if (config.DEV_CLOCK_OFFSET_MINUTES !== 0 && config.NODE_ENV === 'production') {
    context.addIssue({ code: 'custom', path: ['DEV_CLOCK_OFFSET_MINUTES'], message: "must not be set in production: it moves every order's clock" })
    return
  }
  if (config.FIREBASE_AUTH_EMULATOR_HOST && config.NODE_ENV === 'production') {
    context.addIssue({ code: 'custom', path: ['FIREBASE_AUTH_EMULATOR_HOST'], message: 'must not be set in production: the emulator signs no tokens' })
    return
  }
  // The emulator needs no service account: its project and the browser's key are enough.
  const groups = config.FIREBASE_AUTH_EMULATOR_HOST ? SETTING_GROUPS.slice(1) : SETTING_GROUPS
  for (const group of groups) {
    const missing = group.filter((name) => !config[name])
    if (missing.length > 0 && missing.length < group.length) {
      context.addIssue({ code: 'custom', path: [missing[0]!], message: `is required when ${group.filter((name) => config[name]).join(', ')} is set` })
    }
  }
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_value') return `must be one of ${issue.values.map((v) => String(v)).join(', ')}`
  if (issue.code === 'invalid_type') return `must be a ${issue.expected}`
  if (issue.code === 'too_small' || issue.code === 'too_big') return `is out of range: ${issue.message}`
  if (issue.code === 'invalid_format') return `must be a valid ${issue.format}`
  return issue.message
}
