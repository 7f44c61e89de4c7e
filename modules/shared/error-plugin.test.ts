import { describe, expect, spyOn, test } from 'bun:test'
import { connect } from 'node:net'
import { Elysia } from 'elysia'
import { z } from 'zod'
import { apiRequest } from '../../testing/database'
import { AppError, tooManyRequests } from './app-error'
import { describeForLog, errorPlugin } from './error-plugin'
import { MAX_JSON_BODY_BYTES } from './json-body'

const app = new Elysia()
  .use(errorPlugin)
  .post('/api/echo', ({ body }) => body, {
    body: z.object({
      firstName: z.string().min(1, 'First name is required'),
      password: z.string().min(8, 'Password must be at least 8 characters'),
    }),
  })
  .get('/api/limited', () => {
    throw tooManyRequests('Too many requests', 42.2)
  })
  .get('/api/conflict', () => {
    throw new AppError(409, 'ORDER_NO_LONGER_AVAILABLE', 'Order is no longer available', { extra: { orderId: 'o1' } })
  })
  .get('/api/boom', () => {
    throw new Error('database password is hunter2')
  })

describe('the one error shape', () => {
  test('a validation failure answers 400 with the first failing field and every field message', async () => {
    const response = await app.handle(apiRequest('POST', '/api/echo', { body: { firstName: '', password: 'short' } }))
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      message: 'First name is required',
      code: 'VALIDATION_ERROR',
      errors: { firstName: 'First name is required', password: 'Password must be at least 8 characters' },
    })
  })

  test('a body that is not JSON answers 400 with a clear message', async () => {
    const response = await app.handle(apiRequest('POST', '/api/echo', { body: '{"firstName":' }))
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: 'Request body must be valid JSON', code: 'INVALID_JSON' })
  })

  test('a body over 1 MB answers 413 before it is parsed', async () => {
    const huge = JSON.stringify({ firstName: 'x'.repeat(MAX_JSON_BODY_BYTES), password: 'long enough' })
    const response = await app.handle(apiRequest('POST', '/api/echo', { body: huge }))
    expect(response.status).toBe(413)
    expect((await response.json()).code).toBe('PAYLOAD_TOO_LARGE')
  })

  test('a body that is not declared as JSON answers 415', async () => {
    const response = await app.handle(
      apiRequest('POST', '/api/echo', { body: 'firstName=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    )
    expect(response.status).toBe(415)
    expect(await response.json()).toEqual({ message: 'Content-Type must be application/json', code: 'UNSUPPORTED_MEDIA_TYPE' })
  })

  test('a 429 carries Retry-After in whole seconds', async () => {
    const response = await app.handle(apiRequest('GET', '/api/limited'))
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('43')
    expect(await response.json()).toEqual({ message: 'Too many requests', code: 'RATE_LIMITED' })
  })

  test('extra fields a screen reads travel beside the message', async () => {
    const response = await app.handle(apiRequest('GET', '/api/conflict'))
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({ orderId: 'o1', message: 'Order is no longer available', code: 'ORDER_NO_LONGER_AVAILABLE' })
  })

  test('an unknown /api path answers 404 JSON', async () => {
    const response = await app.handle(apiRequest('DELETE', '/api/nothing-here'))
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' })
  })

  test('an unexpected error answers 500 without its details and is logged with a request id', async () => {
    const logged = spyOn(console, 'error').mockImplementation(() => {})
    const response = await app.handle(apiRequest('GET', '/api/boom'))
    expect(response.status).toBe(500)
    const body = await response.text()
    expect(JSON.parse(body)).toEqual({ message: 'Something went wrong' })
    expect(body).not.toContain('hunter2')
    const requestId = response.headers.get('x-request-id')
    expect(requestId).toBeTruthy()
    expect(String(logged.mock.calls[0]?.[0])).toContain(requestId!)
    logged.mockRestore()
  })
})

describe('what a failure leaves in the log', () => {
  test("a failed query is logged by its statement and the driver's reason, never its parameters", async () => {
    const { DrizzleQueryError } = await import('drizzle-orm/errors')
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_lower_unique"'), { code: '23505' })
    const failed = new DrizzleQueryError(
      'insert into "users" ("email", "password") values ($1, $2)',
      ['asha@example.com', '$argon2id$v=19$m=19456,t=2,p=1$secret'],
      cause,
    )
    const logged = describeForLog(failed)
    expect(logged).toContain('insert into "users"')
    expect(logged).toContain('23505')
    expect(logged).not.toContain('asha@example.com')
    expect(logged).not.toContain('argon2')
  })

  test('a failure on a request whose URL does not parse is logged and answered in the error shape', async () => {
    const logged = spyOn(console, 'error').mockImplementation(() => {})
    const broken = new Elysia().use(errorPlugin).onRequest(() => {
      throw new Error('broke before routing')
    })
    // Only a server hands over such a URL (CONNECT's target); a Request cannot be built with one.
    const server = Bun.serve({ port: 0, fetch: (request) => broken.handle(request) })
    const response = await new Promise<string>((resolve) => {
      const socket = connect(server.port!, '127.0.0.1', () => socket.end('CONNECT * HTTP/1.1\r\nHost: *\r\nConnection: close\r\n\r\n'))
      let text = ''
      socket.on('data', (chunk) => {
        text += chunk.toString()
      })
      socket.on('close', () => resolve(text))
    })
    server.stop(true)
    const line = String(logged.mock.calls[0]?.[0])
    logged.mockRestore()
    expect(response).toStartWith('HTTP/1.1 500')
    expect(response.split('\r\n\r\n')[1]).toBe('{"message":"Something went wrong"}')
    expect(line).toContain('CONNECT * failed: Error: broke before routing')
  })

  test('an unexpected error in a route logs one line of reason and where it happened, and answers 500', async () => {
    const logged = spyOn(console, 'error').mockImplementation(() => {})
    const leaky = new Elysia().use(errorPlugin).get('/api/leak', () => {
      throw new Error('token abc123 expired\nparams: secret-value')
    })
    const response = await leaky.handle(apiRequest('GET', '/api/leak'))
    expect(response.status).toBe(500)
    const line = String(logged.mock.calls[0]?.[0])
    expect(line).toContain('token abc123 expired')
    expect(line).not.toContain('secret-value')
    logged.mockRestore()
  })
})
