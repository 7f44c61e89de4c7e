import { afterAll, describe, expect, spyOn, test } from 'bun:test'
import { connect } from 'node:net'
import { testApi } from '../../testing/test-api'
import { MAX_HEADER_BYTES } from './request-guards'

// The attacks of the hardening issue, against the whole API and then over a real socket.
const api = await testApi()
const { app, call, signUp } = api

const server = Bun.serve({ port: 0, fetch: (request) => app.handle(request) })
afterAll(() => server.stop(true))
const base = `http://127.0.0.1:${server.port}`

const deeplyNested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

// How fast it is refused, and the health check's latency beside it, are measured by `bun run bench attacks`.
describe('a body nested 100,000 deep (200 KB)', () => {
  test('is refused with 400 in the error shape before anything parses it', async () => {
    const parse = spyOn(JSON, 'parse')
    const response = await app.handle(
      new Request('http://localhost/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: deeplyNested(100_000) }),
    )
    expect(parse).not.toHaveBeenCalled()
    parse.mockRestore()
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: 'Request body is nested too deeply (limit 32 levels)', code: 'BODY_TOO_DEEP' })
  })

  test('a health check sent beside it over the network is answered', async () => {
    const attack = fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: deeplyNested(100_000) })
    const health = await fetch(`${base}/api/health`)
    expect(health.status).toBe(200)
    expect((await attack).status).toBe(400)
  })

  test('a body at the depth limit still reaches validation', async () => {
    const response = await call('POST', '/api/login', { body: { emailOrPhone: JSON.parse(deeplyNested(30)), password: 'x' } })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('VALIDATION_ERROR')
  })
})

describe('size limits from the HTTP layer answer in the error shape', () => {
  test('a declared body over 1 MB: 413 before it is read', async () => {
    const response = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrPhone: 'x'.repeat(2_000_000) }),
    })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ message: 'Request body is too large (limit 1 MB)', code: 'PAYLOAD_TOO_LARGE' })
  })

  test('a chunked body over 1 MB: 413 as soon as it passes the limit', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
    let sent = 0
    const body = new ReadableStream({
      pull(controller) {
        if (sent++ >= 40) return controller.close()
        controller.enqueue(chunk)
      },
    })
    const response = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    expect(response.status).toBe(413)
    expect((await response.json()).code).toBe('PAYLOAD_TOO_LARGE')
  })

  test('headers past the limit: 431', async () => {
    const response = await fetch(`${base}/api/health`, { headers: { 'x-padding': 'y'.repeat(MAX_HEADER_BYTES + 1) } })
    expect(response.status).toBe(431)
    expect(await response.json()).toEqual({ message: 'Request headers are too large', code: 'HEADERS_TOO_LARGE' })
  })
})

describe('control characters', () => {
  const registration = { firstName: 'Asha', lastName: 'Patel', email: 'nul@example.com', password: 'long enough pw' }

  test.each(['firstName', 'lastName', 'email', 'password'])('a NUL in %s is refused with 400 naming the field', async (field) => {
    const response = await call('POST', '/api/register', { body: { ...registration, [field]: 'ab\u0000cd' } })
    expect(response.status).toBe(400)
    expect(response.body.errors).toEqual({ [field]: `${field} must not contain control characters` })
  })

  test('any C0 control but tab and line breaks is refused, at any depth', async () => {
    const { cookie } = await signUp()
    for (const control of ['\u0001', '\u0008', '\u000b', '\u001b', '\u007f']) {
      const response = await call('PATCH', '/api/user/profile', {
        cookie,
        body: { phone: '7325550199', roles: ['buyer'], address: `1 Main${control} St`, city: 'Edison', state: 'NJ', zipCode: '08817' },
      })
      expect(response.status).toBe(400)
      expect(Object.keys(response.body.errors!)).toEqual(['address'])
    }
  })

  test('in a query string or a path: 400, not a database error', async () => {
    const query = await call('GET', '/api/stores/nearby?zipCode=08817&query=pat%00el')
    expect(query.status).toBe(400)
    expect(query.body.errors).toEqual({ query: 'query must not contain control characters' })
    expect((await call('GET', '/api/stores/%00')).status).toBe(400)
  })

  test('a login with a NUL leaves no trace of the attempt in a 500', async () => {
    const response = await call('POST', '/api/login', { body: { emailOrPhone: 'a\u0000@example.com', password: 'x' } })
    expect(response.status).toBe(400)
  })
})

/** Sends `head` as it is over a fresh socket and returns the status line, the headers and the body. */
function rawRequest(head: string) {
  return new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
    const socket = connect(server.port!, '127.0.0.1', () => socket.end(head))
    let text = ''
    socket.on('data', (chunk) => {
      text += chunk.toString()
    })
    socket.on('error', reject)
    socket.on('close', () => {
      const [headers = '', body = ''] = text.split('\r\n\r\n')
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(headers)?.[1]), headers, body })
    })
  })
}

describe('CONNECT, which no route serves', () => {
  // Bun hands CONNECT's target to the app as the request's URL: `*` and `[::1]:443` are no URL at all.
  test.each(['*', '[::1]:443', 'example.com:443', 'localhost:80', '/api/health'])(
    'CONNECT %s over a socket: 405 in the error shape, nothing logged',
    async (target) => {
      const logged = spyOn(console, 'error').mockImplementation(() => {})
      const response = await rawRequest(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\nConnection: close\r\n\r\n`)
      const calls = logged.mock.calls.length
      logged.mockRestore()
      expect(response.status).toBe(405)
      expect(response.headers).toMatch(/^content-type: application\/json/im)
      expect(response.headers).toMatch(/^allow: GET, HEAD, POST/im)
      expect(JSON.parse(response.body)).toEqual({ message: 'CONNECT is not supported', code: 'METHOD_NOT_ALLOWED' })
      expect(calls).toBe(0)
    },
  )

  test('through the app: 405', async () => {
    const response = await app.handle(new Request('http://localhost/api/health', { method: 'CONNECT' }))
    expect(response.status).toBe(405)
    expect((await response.json()).code).toBe('METHOD_NOT_ALLOWED')
  })
})

describe('API answers are never kept by a cache', () => {
  test('answers, personal answers and errors all carry Cache-Control: no-store', async () => {
    const { cookie } = await signUp()
    const answers = [
      await call('GET', '/api/health'),
      await call('GET', '/api/auth/user', { cookie }),
      await call('GET', '/api/orders', { cookie }),
      await call('GET', '/api/notifications', { cookie }),
      await call('GET', '/api/stores/nearby?zipCode=08817'),
      await call('GET', '/api/auth/user'),
      await call('POST', '/api/login', { body: {} }),
      await call('GET', '/api/nothing-here'),
      await call('GET', '/api/stores/%00'),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 401, 400, 404, 400])
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store')
  })

  test("the store's shelf (GET /api/items) keeps its own caching", async () => {
    const { cookie } = await signUp()
    const shelf = await call('GET', '/api/items?storeId=00000000-0000-0000-0000-000000000000', { cookie })
    expect(shelf.headers.get('cache-control')).not.toBe('no-store')
  })
})

describe('security headers', () => {
  test.each([
    ['an API answer', '/api/health'],
    ['an API error', '/api/nothing-here'],
    ['a refused request', '/api/stores/%00'],
  ])('%s carries them', async (_kind, path) => {
    const response = await fetch(`${base}${path}`)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    const csp = response.headers.get('content-security-policy')!
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain('https://js.stripe.com')
    expect(csp).not.toContain("'unsafe-eval'")
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
    // Development serves over plain HTTP; HSTS is for production only.
    expect(response.headers.get('strict-transport-security')).toBeNull()
  })

  test('production adds Strict-Transport-Security', async () => {
    const production = await testApi({ env: { NODE_ENV: 'production' } })
    const response = await production.call('GET', '/api/health')
    expect(response.headers.get('strict-transport-security')).toStartWith('max-age=')
  })
})
