import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { Elysia } from 'elysia'
import { apiRequest, freshTestDatabase, testDeps } from '../../testing/database'
import { errorPlugin, zipCentroidGeocoder } from '../shared/index'
import { accountsModule, createSession, SESSION_COOKIE, sessionPlugin } from './index'
import { sessions, users } from './schema'
import { hashToken, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './session'

const { db } = await freshTestDatabase()
const deps = testDeps(db)
const resetCourier = { deliver: async () => 'none' as const }
const app = new Elysia().use(errorPlugin).use(accountsModule({ ...deps, session: sessionPlugin(deps), geocoder: zipCentroidGeocoder, resetCourier }))
const HOUR = 60 * 60 * 1000

async function newUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await db
    .insert(users)
    .values({
      email: `${crypto.randomUUID()}@example.com`,
      password: '$argon2id$v=19$m=19456,t=2,p=1$not-a-real-hash',
      firstName: 'Asha',
      lastName: 'Patel',
      phone: '(732) 555-0123',
      normalizedPhone: `+1732555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`,
      stripeCustomerId: 'cus_secret',
      ...overrides,
    })
    .returning()
  return user!
}

const currentUser = (token?: string) => app.handle(apiRequest('GET', '/api/auth/user', { cookie: token ? `${SESSION_COOKIE}=${token}` : undefined }))

const session = (token?: string) => app.handle(apiRequest('GET', '/api/auth/session', { cookie: token ? `${SESSION_COOKIE}=${token}` : undefined }))

describe("GET /api/auth/session, the app's own read of who is signed in", () => {
  test('nobody signed in, or a token that matches no session, is an answer: 200 with no user', async () => {
    for (const token of [undefined, 'made-up-token']) {
      const response = await session(token)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ user: null, requiresProfileCompletion: false })
    }
  })

  test('signed in, it answers as GET /api/auth/user does', async () => {
    const user = await newUser()
    const { token } = await createSession(db, deps.clock, user.id)
    const response = await session(token)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(await (await currentUser(token)).json())
  })
})

describe('GET /api/auth/user', () => {
  test('answers 401 when nobody is signed in', async () => {
    const response = await currentUser()
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ message: 'Not signed in', code: 'UNAUTHORIZED' })
  })

  test('answers 401 for a token that matches no session', async () => {
    expect((await currentUser('made-up-token')).status).toBe(401)
  })

  test('returns the user and whether the profile still needs completing', async () => {
    const user = await newUser()
    const { token } = await createSession(db, deps.clock, user.id)
    const response = await currentUser(token)
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body.requiresProfileCompletion).toBe(true)
    expect(body.user).toMatchObject({ id: user.id, email: user.email, firstName: 'Asha', lastName: 'Patel', phoneVerified: false, roles: [] })

    await db.update(users).set({ isProfileComplete: true }).where(eq(users.id, user.id))
    expect((await (await currentUser(token)).json()).requiresProfileCompletion).toBe(false)
  })

  test('never exposes the password hash or other secrets', async () => {
    const user = await newUser()
    const { token } = await createSession(db, deps.clock, user.id)
    const text = await (await currentUser(token)).text()
    for (const secret of ['password', 'argon2', 'stripeCustomerId', 'cus_secret', 'stripeSubscriptionId', 'verificationAttempts']) {
      expect(text).not.toContain(secret)
    }
  })

  test('a deactivated user is signed out', async () => {
    const user = await newUser({ isActive: false })
    const { token } = await createSession(db, deps.clock, user.id)
    expect((await currentUser(token)).status).toBe(401)
  })
})

describe('sessions', () => {
  test('the cookie carries a 256-bit token and the table only its SHA-256 hash', async () => {
    const user = await newUser()
    const { token } = await createSession(db, deps.clock, user.id)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    const rows = await db.select().from(sessions).where(eq(sessions.userId, user.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.sid).toBe(hashToken(token))
    expect(rows[0]!.sid).not.toContain(token)
    expect(rows[0]!.sid).toMatch(/^[0-9a-f]{64}$/)
  })

  test('two sessions never share a token', async () => {
    const user = await newUser()
    const first = await createSession(db, deps.clock, user.id)
    const second = await createSession(db, deps.clock, user.id)
    expect(first.token).not.toBe(second.token)
  })

  test('a session left unused for 7 days ends', async () => {
    const user = await newUser()
    const { token } = await createSession(db, deps.clock, user.id)
    deps.clock.advance(SESSION_IDLE_MS - HOUR)
    expect((await currentUser(token)).status).toBe(200)
    deps.clock.advance(SESSION_IDLE_MS - HOUR)
    expect((await currentUser(token)).status).toBe(200)
    deps.clock.advance(SESSION_IDLE_MS + 1)
    expect((await currentUser(token)).status).toBe(401)
  })

  test('a session in daily use still ends 30 days after sign-in', async () => {
    const user = await newUser()
    const { token } = await createSession(db, deps.clock, user.id)
    for (let day = 1; day < 30; day++) {
      deps.clock.advance(24 * HOUR)
      expect((await currentUser(token)).status).toBe(200)
    }
    deps.clock.advance(SESSION_ABSOLUTE_MS - 29 * 24 * HOUR + 1)
    expect((await currentUser(token)).status).toBe(401)
  })
})
