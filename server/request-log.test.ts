import { expect, test } from 'bun:test'
import { createLogger, toE164 } from '../modules/shared/index'
import { testApi } from '../testing/test-api'

// The production logger, writing into this list: one JSON object a line.
const written: string[] = []
const logger = createLogger({ NODE_ENV: 'production', LOG_LEVEL: 'info' }, { write: (line: string) => void written.push(line) })
const TOKEN = 'metrics-token-never-logged'
const api = await testApi({ logger, env: { METRICS_TOKEN: TOKEN } })
const { call } = api
type LogLine = Record<string, unknown>
/**
 * The lines written so far, once `arrived` holds of them: each is written after its answer has
 * gone (Elysia's afterResponse, a turn of the event loop or more later on a busy machine).
 */
const lines = async (arrived: (lines: LogLine[]) => boolean) => {
  for (const deadline = Date.now() + 5_000; ; await Bun.sleep(5)) {
    const parsed = written.map((line) => JSON.parse(line) as LogLine)
    if (arrived(parsed) || Date.now() > deadline) return parsed
  }
}
const atLeast = (count: number) => (lines: LogLine[]) => lines.length >= count

test('each request is one JSON line: its method, route, status, time and request id, which it answered with', async () => {
  written.length = 0
  const answer = await api.app.handle(new Request('http://localhost/api/health'))
  const [line, ...more] = await lines(atLeast(1))
  expect(more).toEqual([])
  expect(line).toEqual({
    level: 30,
    time: expect.any(String),
    method: 'GET',
    route: '/api/health',
    status: 200,
    ms: expect.any(Number),
    requestId: answer.headers.get('x-request-id'),
    msg: 'request',
  })
  expect(new Date(line!.time as string).toISOString()).toBe(line!.time as string)
  expect(line!.requestId).toMatch(/^[0-9a-f-]{36}$/)
})

test("a proxy's plain request id is kept; anything else is replaced", async () => {
  written.length = 0
  const kept = await api.app.handle(new Request('http://localhost/api/health', { headers: { 'x-request-id': 'lb-7f3a.91' } }))
  const replaced = await api.app.handle(new Request('http://localhost/api/health', { headers: { 'x-request-id': 'two words, "quoted"' } }))
  expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.91')
  expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  expect((await lines(atLeast(2))).map((line) => line.requestId)).toEqual(['lb-7f3a.91', replaced.headers.get('x-request-id')])
})

test('the logs never carry a phone number, a password, a session cookie, a bearer token or a card number', async () => {
  written.length = 0
  const person = await api.completeAccount()
  const phone = person.input.phone
  const e164 = toE164(phone)!
  const buyer = await api.completeAccount()
  const store = await api.addStore({ name: 'Log Test Store', latitude: 40.53, longitude: -74.3973 })
  await api.placeOrder(buyer.cookie, store, { card: '5555555555554444' })
  await call('POST', '/api/login', { body: { emailOrPhone: phone, password: person.input.password } })
  await call('POST', '/api/login', { body: { emailOrPhone: phone, password: 'wrong password entirely' } })
  await call('POST', '/api/verification/send-code', { cookie: person.cookie, body: { phone } })
  await call('GET', `/api/no-such-route?phone=${encodeURIComponent(e164)}`, { cookie: person.cookie })
  await call('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
  await call('GET', '/metrics', { headers: { authorization: 'Bearer a-guess-at-the-token' } })

  const logged = await lines((all) => all.some((line) => line.route === '/metrics' && line.status === 401))
  const text = logged.map((line) => JSON.stringify(line)).join('\n')
  const digits = e164.slice(2)
  for (const secret of [
    digits,
    digits.slice(3),
    e164,
    person.input.password,
    'wrong password entirely',
    person.cookie.split('=')[1]!,
    buyer.cookie.split('=')[1]!,
    TOKEN,
    'a-guess-at-the-token',
    '5555555555554444',
  ]) {
    expect(text).not.toContain(secret)
  }
  const routes = logged.map((line) => `${line.method} ${line.route} ${line.status}`)
  expect(routes).toContain('POST /api/login 200')
  expect(routes).toContain('POST /api/login 401')
  expect(routes).toContain('GET unmatched 404')
  expect(routes).toContain('GET /metrics 200')
  expect(routes).toContain('GET /metrics 401')
})

test('nothing is logged while testing unless asked for, and development logs are readable text', () => {
  const quiet: string[] = []
  createLogger({ NODE_ENV: 'test', LOG_LEVEL: undefined }, { write: (line: string) => void quiet.push(line) }).info({ route: '/x' }, 'request')
  expect(quiet).toEqual([])
  expect(createLogger({ NODE_ENV: 'development', LOG_LEVEL: undefined }).level).toBe('info')
})
