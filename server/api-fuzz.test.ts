import { describe, expect, test } from 'bun:test'
import { TEST_CODE } from '../modules/verification/index'
import { seededRandom } from '../testing/seeded-random'
import { testApi } from '../testing/test-api'

/**
 * A bounded fuzz of every API route: a few thousand malformed requests from a seeded generator
 * (the same ones every run), signed in and signed out. Whatever the input, the API answers a
 * 4xx or 2xx, never a 5xx, and every refusal is in the error shape { message, code?, errors? }.
 */
const api = await testApi({ env: { TRUST_PROXY: 'true' } })
const { app, call, signUp } = api

const REQUESTS_PER_ROUTE = 120

const random = seededRandom(7)
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!

const STRANGE_STRINGS = [
  '',
  ' ',
  'a'.repeat(10_000),
  '\u0000',
  'nul\u0000inside',
  '\u001b[31m',
  '\ud800',
  '💥'.repeat(50),
  "'; drop table users; --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{"a":1}',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '-1',
  '1e309',
  'NaN',
  '4242424242424242',
  '(732) 555-0100',
  'a@b.co',
]
const STRANGE_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  {},
  [[[]]],
  { nested: { deeper: [1, 'x', null] } },
]

function strangeValue(depth = 0): unknown {
  const roll = random()
  if (roll < 0.45) return pick(STRANGE_STRINGS)
  if (roll < 0.8 || depth > 3) return pick(STRANGE_VALUES)
  if (roll < 0.9) return Array.from({ length: Math.floor(random() * 4) }, () => strangeValue(depth + 1))
  return strangeObject(depth + 1)
}

/** Keys the real payloads use, so values land where validation and services look. */
const KEYS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'password',
  'emailOrPhone',
  'roles',
  'address',
  'city',
  'state',
  'zipCode',
  'latitude',
  'longitude',
  'verificationCode',
  'fallbackVerification',
  'captchaToken',
  'firebaseIdToken',
  'userId',
  'token',
  'newPassword',
  'amount',
  'paymentIntentId',
  'orderData',
  'storeData',
  'items',
  'tip',
  'status',
  'itemCompletionData',
  'title',
  'body',
  'fcmToken',
  'reason',
  '__proto__',
  'constructor',
]

function strangeObject(depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {}
  const count = Math.floor(random() * 6)
  for (let index = 0; index < count; index++) object[pick(KEYS)] = strangeValue(depth)
  return object
}

function strangeBody(): { text: string; contentType: string } {
  const roll = random()
  if (roll < 0.05) return { text: '{"unterminated":', contentType: 'application/json' }
  if (roll < 0.08) return { text: '['.repeat(5_000) + ']'.repeat(5_000), contentType: 'application/json' }
  if (roll < 0.1) return { text: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' }
  if (roll < 0.15) return { text: JSON.stringify(strangeValue()), contentType: 'application/json' }
  return { text: JSON.stringify(strangeObject()), contentType: 'application/json' }
}

// A lone surrogate cannot be percent-encoded, so it only travels in bodies.
const SEGMENTS = STRANGE_STRINGS.filter((text) => text.length < 100 && text !== '' && text.isWellFormed())
const strangeSegment = () => encodeURIComponent(pick(SEGMENTS)).replace(/%2F/gi, '_')

/** A value as query text: String() throws on an object whose own `constructor` key hides its toString. */
const asText = (value: unknown) => (typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value))

function strangeQuery() {
  const params = new URLSearchParams()
  for (let index = Math.floor(random() * 4); index > 0; index--)
    params.append(pick([...KEYS, 'storeId', 'query', 'radius', 'limit', 'role']), asText(strangeValue()))
  const text = params.toString()
  return text ? `?${text}` : ''
}

function expectErrorShape(status: number, text: string, what: string) {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new Error(`${what} answered ${status} with a body that is not JSON: ${text.slice(0, 200)}`)
  }
  const { message, code, errors } = body as { message?: unknown; code?: unknown; errors?: unknown }
  if (typeof message !== 'string' || message === '') throw new Error(`${what} answered ${status} without a message: ${text.slice(0, 200)}`)
  if (code !== undefined && typeof code !== 'string') throw new Error(`${what} answered ${status} with a non-string code`)
  if (errors !== undefined && (typeof errors !== 'object' || errors === null || Object.values(errors).some((value) => typeof value !== 'string'))) {
    throw new Error(`${what} answered ${status} with malformed errors: ${text.slice(0, 200)}`)
  }
}

/** A signed-in buyer with a verified phone and a complete profile: the deepest a fuzzed request can reach. */
let accounts = 0
async function completeAccount() {
  const account = await signUp()
  // Each from its own address, so the per-address SMS caps do not stop the set-up itself.
  const headers = { 'x-forwarded-for': `198.19.0.${++accounts}` }
  await call('POST', '/api/verification/send-code', { cookie: account.cookie, body: { phone: account.input.phone }, headers })
  await call('PATCH', '/api/user/verify-phone', { cookie: account.cookie, body: { phone: account.input.phone, verificationCode: TEST_CODE }, headers })
  const profile = { firstName: 'Fuzz', lastName: 'Tester', roles: ['buyer', 'runner'], address: '1 Main St', city: 'Edison', state: 'NJ', zipCode: '08817' }
  const completed = await call('POST', '/api/auth/complete-profile', { cookie: account.cookie, body: profile })
  expect(completed.status).toBe(200)
  return account.cookie
}

const routes = app.routes.filter((route) => route.path.startsWith('/api')).map((route) => ({ method: route.method, path: route.path }))

describe('fuzzing every API route', () => {
  test('the API has routes to fuzz', () => {
    expect(routes.length).toBeGreaterThan(15)
  })

  test.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s never answers 5xx, and refuses in the error shape',
    async (_name, route) => {
      const cookie = await completeAccount()
      const failures: string[] = []
      for (let index = 0; index < REQUESTS_PER_ROUTE; index++) {
        const path = route.path.replace(/:[^/]+/g, () => (random() < 0.3 ? crypto.randomUUID() : strangeSegment())) + strangeQuery()
        const hasBody = route.method !== 'GET' && route.method !== 'HEAD' && random() < 0.9
        const body = hasBody ? strangeBody() : null
        const headers: Record<string, string> = { 'x-forwarded-for': `198.18.${index % 250}.${Math.floor(random() * 250)}` }
        if (body) headers['content-type'] = body.contentType
        // Logging out would end the session the other requests use; it is fuzzed signed out instead.
        if (random() < 0.8 && route.path !== '/api/logout') headers.cookie = cookie
        const response = await app.handle(new Request(`http://localhost${path}`, { method: route.method, headers, body: body?.text }))
        // A live stream that opened never ends by itself: its opening was the answer.
        if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
          await response.body?.cancel()
          continue
        }
        const text = await response.text()
        const what = `${route.method} ${path} (body ${body?.text.slice(0, 80) ?? 'none'})`
        if (response.status >= 500) failures.push(`${what} answered ${response.status}: ${text.slice(0, 200)}`)
        else if (response.status >= 400) {
          try {
            expectErrorShape(response.status, text, what)
          } catch (error) {
            failures.push((error as Error).message)
          }
        }
      }
      expect(failures).toEqual([])
    },
    60_000,
  )

  test('unknown paths and methods under /api answer 404 or 405 in the error shape', async () => {
    for (let index = 0; index < 200; index++) {
      const method = pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
      const path = `/api/${strangeSegment()}/${strangeSegment()}${strangeQuery()}`
      const response = await app.handle(new Request(`http://localhost${path}`, { method }))
      expect(response.status).toBeLessThan(500)
      if (response.status >= 400) expectErrorShape(response.status, await response.text(), `${method} ${path}`)
    }
  })
})
