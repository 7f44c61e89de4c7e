import { describe, expect, test } from 'bun:test'
import { apiRequest } from '../testing/database'
import { testApi } from '../testing/test-api'

/**
 * Every route that needs a session refuses a caller without one before it reads what was sent:
 * a body or query that would fail validation must not turn the 401 into a 400 that describes
 * the route's schema to someone who may not call it.
 */
const { app } = await testApi()

/** The session macro marks each signed-in route in its OpenAPI detail. */
const signedInRoutes = app.routes
  .filter((route) => (route.hooks as { detail?: { security?: unknown[] } }).detail?.security?.length)
  .map((route) => ({ method: route.method, path: route.path }))

/** Fails every schema a signed-in route has: an array where objects are expected, and query values out of range. */
const BAD_BODY = [{ unexpected: true }]
const BAD_QUERY = `?role=nobody&zipCode=${'9'.repeat(40)}&before=not-a-uuid&storeId=${'s'.repeat(200)}`

describe('signed-in routes without a session', () => {
  test('the list covers the routes people sign in for', () => {
    const names = signedInRoutes.map((route) => `${route.method} ${route.path}`)
    expect(names).toContain('POST /api/confirm-payment-and-create-order')
    expect(names).toContain('GET /api/orders/:id/events')
    expect(names).toContain('PATCH /api/user/profile')
    expect(signedInRoutes.length).toBeGreaterThan(25)
  })

  test.each(signedInRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s answers 401 before looking at the body', async (_, route) => {
    const path = route.path.replaceAll(':id', 'not-a-uuid') + BAD_QUERY
    const hasBody = route.method !== 'GET' && route.method !== 'HEAD'
    const response = await app.handle(apiRequest(route.method, path, hasBody ? { body: BAD_BODY } : {}))
    expect(response.status).toBe(401)
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toEqual({ message: 'Not signed in', code: 'UNAUTHORIZED' })
  })
})
