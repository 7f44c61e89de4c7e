import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { PHONE_TEST_CODE, testApi } from '../../testing/test-api'
import { LANGUAGE_INVALID, type PublicUser } from './contract'
import { LOGIN_WINDOW_MS, MAX_FAILURES_PER_ACCOUNT } from './login-limiter'
import { sessions, users } from './schema'

const api = await testApi({ env: { TRUST_PROXY: 'true' } })
const { call, signUp, db, clock } = api

const valid = { firstName: 'Ravi', lastName: 'Shah', email: 'ravi@example.com', phone: '(732) 555-0150', password: 'long enough pw' }

describe('POST /api/register', () => {
  test.each([
    ['firstName', { firstName: '' }, 'First name is required'],
    ['firstName', { firstName: undefined }, 'First name is required'],
    ['lastName', { lastName: '   ' }, 'Last name is required'],
    ['password', { password: 'short' }, 'Password must be at least 8 characters'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['phone', { phone: '12345' }, 'Phone number must be at least 10 digits'],
    ['email', { email: '', phone: '' }, 'Either email or phone number is required'],
    ['email', { email: undefined, phone: undefined }, 'Either email or phone number is required'],
  ])('refuses a bad %s with the spec message', async (_field, change, message) => {
    const response = await call('POST', '/api/register', { body: { ...valid, ...change } })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(message)
    expect(response.cookie).toBeUndefined()
  })

  test('refuses a phone that is not a US number', async () => {
    const response = await call('POST', '/api/register', { body: { ...valid, email: 'x1@example.com', phone: '+44 20 7946 0958' } })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('Please enter a valid US phone number')
  })

  test('creates the account, signs it in and asks for the profile', async () => {
    const response = await call('POST', '/api/register', { body: valid })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({ message: 'Account created successfully', requiresProfileCompletion: true })
    expect(response.body.user).toMatchObject({ firstName: 'Ravi', email: 'ravi@example.com', phoneVerified: false })
    const me = await call('GET', '/api/auth/user', { cookie: response.cookie })
    expect(me.status).toBe(200)
    const [stored] = await db.select().from(users).where(eq(users.email, 'ravi@example.com'))
    expect(stored!.normalizedPhone).toBe('+17325550150')
    expect(stored!.password).toStartWith('$argon2id$v=19$m=19456,t=2,p=1$')
  })

  test('signing up for verification needs a phone, then creates the account, signs it in and says to verify it', async () => {
    const refused = await call('POST', '/api/signup-with-verification', { body: { ...valid, email: 'anil@example.com', phone: undefined } })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe('Phone number required')
    expect(refused.cookie).toBeUndefined()
    const response = await call('POST', '/api/signup-with-verification', { body: { ...valid, email: 'anil@example.com', phone: '(732) 555-0152' } })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({ message: 'Account created. Verify your phone to continue.', requiresProfileCompletion: true })
    expect(response.body.user).toMatchObject({ firstName: 'Ravi', email: 'anil@example.com', phoneVerified: false })
    expect((await call('GET', '/api/auth/user', { cookie: response.cookie })).status).toBe(200)
  })

  test('keeps the language the person signed up in, and refuses one Kirana does not speak', async () => {
    const refused = await call('POST', '/api/register', { body: { ...valid, email: 'mira@example.com', phone: '', language: 'fr' } })
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toEqual({ language: LANGUAGE_INVALID })
    const response = await call('POST', '/api/register', { body: { ...valid, email: 'mira@example.com', phone: '', language: 'gu' } })
    expect(response.status).toBe(201)
    expect((response.body.user as PublicUser).language).toBe('gu')
    const signedUp = await call('POST', '/api/signup-with-verification', {
      body: { ...valid, email: 'meena@example.com', phone: '(732) 555-0151', language: 'bn' },
    })
    expect((signedUp.body.user as PublicUser | undefined)?.language).toBe('bn')
  })

  test('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await signUp()
    const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith('kirana_sid='))!
    expect(header).toContain('HttpOnly')
    expect(header).toContain('SameSite=Lax')
    expect(header).toContain('Path=/')
  })

  test('refuses an email already used, whatever its case', async () => {
    const response = await call('POST', '/api/register', { body: { ...valid, email: 'RAVI@Example.com', phone: '' } })
    expect(response.status).toBe(409)
    expect(response.body.message).toBe('An account with this email already exists')
  })

  test('refuses a phone another account has verified, however it is written', async () => {
    const owner = await signUp({ phone: '(732) 555-0151' })
    await call('POST', '/api/verification/send-code', { cookie: owner.cookie, body: { phone: '(732) 555-0151' } })
    expect(
      (await call('PATCH', '/api/user/verify-phone', { cookie: owner.cookie, body: { phone: '(732) 555-0151', verificationCode: PHONE_TEST_CODE } })).status,
    ).toBe(200)
    const response = await call('POST', '/api/register', { body: { ...valid, email: 'other@example.com', phone: '+1 732-555-0151' } })
    expect(response.status).toBe(409)
    expect(response.body.message).toBe('An account with this phone number already exists')
  })

  test('an unverified claim on a phone does not stop its owner from signing up with it', async () => {
    const response = await call('POST', '/api/register', { body: { ...valid, email: 'claimant@example.com', phone: '(732) 555-0150' } })
    expect(response.status).toBe(201)
  })

  test("after ten 'already exists' answers, an address may not claim an email or phone for the hour", async () => {
    const from = { 'x-forwarded-for': '203.0.113.77' }
    for (let i = 0; i < 10; i++) {
      const taken = await call('POST', '/api/register', { body: { ...valid, phone: '' }, headers: from })
      expect(taken.status).toBe(409)
    }
    const limited = await call('POST', '/api/register', { body: { ...valid, phone: '' }, headers: from })
    expect(limited.status).toBe(429)
    // Even a free email gets no answer that would tell it apart from a taken one.
    const free = await call('POST', '/api/register', { body: { ...valid, email: 'free-after-limit@example.com', phone: '' }, headers: from })
    expect(free.status).toBe(429)
    expect(
      (
        await call('POST', '/api/register', {
          body: { ...valid, email: 'free-after-limit@example.com', phone: '' },
          headers: { 'x-forwarded-for': '203.0.113.78' },
        })
      ).status,
    ).toBe(201)
    clock.advance(60 * 60 * 1000)
    expect((await call('POST', '/api/register', { body: { ...valid, phone: '' }, headers: from })).status).toBe(409)
  })
})

describe('POST /api/login', () => {
  test.each([
    [{ emailOrPhone: '', password: 'x' }, 'Email or phone is required'],
    [{ password: 'x' }, 'Email or phone is required'],
    [{ emailOrPhone: 'a@b.co', password: '' }, 'Password is required'],
  ])('refuses %j with the spec message', async (body, message) => {
    const response = await call('POST', '/api/login', { body })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(message)
  })

  test('signs in by email in any case and by phone in any format', async () => {
    const { input } = await signUp({ email: 'Meera.Iyer@Example.com', phone: '(201) 555-0111' })
    for (const emailOrPhone of ['meera.iyer@example.com', 'MEERA.IYER@EXAMPLE.COM', '2015550111', '+1 (201) 555-0111', '1-201-555-0111']) {
      const response = await call('POST', '/api/login', { body: { emailOrPhone, password: input.password } })
      expect(response.status).toBe(200)
      expect(response.body).toMatchObject({ message: 'Login successful', requiresProfileCompletion: true })
      expect(response.cookie).toBeDefined()
    }
  })

  test('a wrong password and an unknown account get the same 401, in about the same time', async () => {
    const { input } = await signUp()
    const from = { 'x-forwarded-for': '198.51.100.7' }
    const timed = async (emailOrPhone: string) => {
      const started = performance.now()
      const response = await call('POST', '/api/login', { body: { emailOrPhone, password: 'not the password' }, headers: from })
      return { response, ms: performance.now() - started }
    }
    const wrong = await timed(input.email)
    const unknown = await timed('nobody-here@example.com')
    expect(wrong.response.status).toBe(401)
    expect(unknown.response.status).toBe(401)
    expect(unknown.response.body).toEqual(wrong.response.body)
    expect(wrong.response.body.message).toBe('Invalid email/phone or password')
    // Both pay for one argon2 verification; neither returns early. Medians of a few tries tame a busy machine.
    const median = (values: number[]) => values.sort((a, b) => a - b)[1]!
    const wrongMs = median([wrong.ms, (await timed(input.email)).ms, (await timed(input.email)).ms])
    const unknownMs = median([unknown.ms, (await timed('nobody-1@example.com')).ms, (await timed('nobody-2@example.com')).ms])
    expect(Math.max(wrongMs, unknownMs) / Math.min(wrongMs, unknownMs)).toBeLessThan(3)
  })

  test('rotates the session: signing in deletes the session the request came with', async () => {
    const { cookie, input, user } = await signUp()
    const response = await call('POST', '/api/login', { body: { emailOrPhone: input.email, password: input.password }, cookie })
    expect(response.cookie).toBeDefined()
    expect(response.cookie).not.toBe(cookie)
    expect((await call('GET', '/api/auth/user', { cookie })).status).toBe(401)
    expect((await call('GET', '/api/auth/user', { cookie: response.cookie })).status).toBe(200)
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1)
  })
})

describe('lockout', () => {
  test('5 failures lock the account for 15 minutes, even against the right password', async () => {
    const { input } = await signUp()
    const attempt = (password: string) =>
      call('POST', '/api/login', { body: { emailOrPhone: input.phone, password }, headers: { 'x-forwarded-for': '203.0.113.5' } })
    for (let i = 0; i < 5; i++) expect((await attempt('wrong password')).status).toBe(401)
    const locked = await attempt(input.password)
    expect(locked.status).toBe(429)
    expect(locked.body.code).toBe('LOGIN_LOCKED')
    expect(Number(locked.headers.get('retry-after'))).toBe(LOGIN_WINDOW_MS / 1000)

    clock.advance(LOGIN_WINDOW_MS - 60_000)
    const stillLocked = await attempt(input.password)
    expect(stillLocked.status).toBe(429)
    expect(Number(stillLocked.headers.get('retry-after'))).toBe(60)

    clock.advance(60_000 + 1)
    expect((await attempt(input.password)).status).toBe(200)
  })

  test('the lock is per account: another account still signs in', async () => {
    const locked = await signUp()
    const other = await signUp()
    for (let i = 0; i < 5; i++) await call('POST', '/api/login', { body: { emailOrPhone: locked.input.email, password: 'nope nope' } })
    expect((await call('POST', '/api/login', { body: { emailOrPhone: locked.input.email, password: locked.input.password } })).status).toBe(429)
    expect((await call('POST', '/api/login', { body: { emailOrPhone: other.input.email, password: other.input.password } })).status).toBe(200)
  })

  test('the lock is on the account, not its spelling: email and phone share the 5 tries', async () => {
    const { input } = await signUp()
    const attempt = (emailOrPhone: string, password = 'wrong password') => call('POST', '/api/login', { body: { emailOrPhone, password } })
    for (const spelling of [input.email, input.phone, input.email.toUpperCase(), `+1 ${input.phone}`, input.email]) {
      expect((await attempt(spelling)).status).toBe(401)
    }
    expect((await attempt(input.phone, input.password)).status).toBe(429)
    expect((await attempt(input.email, input.password)).status).toBe(429)
  })

  test('50 wrong passwords at once get 5 checks (401) and 45 refusals (429)', async () => {
    const { input } = await signUp()
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', '/api/login', { body: { emailOrPhone: input.email, password: 'wrong password' }, headers: { 'x-forwarded-for': '203.0.113.50' } }),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_FAILURES_PER_ACCOUNT)
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - MAX_FAILURES_PER_ACCOUNT)
  })

  test('an address with 100 failures is refused for any account', async () => {
    const { input } = await signUp()
    const from = { 'x-forwarded-for': '192.0.2.99' }
    for (let i = 0; i < 100; i++) {
      const response = await call('POST', '/api/login', { body: { emailOrPhone: `stranger${i}@example.com`, password: 'guess' }, headers: from })
      expect(response.status).toBe(401)
    }
    const refused = await call('POST', '/api/login', { body: { emailOrPhone: input.email, password: input.password }, headers: from })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    const elsewhere = await call('POST', '/api/login', {
      body: { emailOrPhone: input.email, password: input.password },
      headers: { 'x-forwarded-for': '192.0.2.100' },
    })
    expect(elsewhere.status).toBe(200)
  }, 60_000)
})

describe('signing out', () => {
  test('POST /api/logout deletes the session on the server', async () => {
    const { cookie, user } = await signUp()
    const response = await call('POST', '/api/logout', { cookie })
    expect(response.status).toBe(200)
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0)
    expect((await call('GET', '/api/auth/user', { cookie })).status).toBe(401)
  })

  test.each(['same-origin', 'none'])('GET /api/logout navigated to from the app (Sec-Fetch-Site: %s) signs out and redirects to /auth', async (site) => {
    const { cookie } = await signUp()
    const response = await call('GET', '/api/logout', { cookie, headers: { 'sec-fetch-site': site } })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/auth')
    expect((await call('GET', '/api/auth/user', { cookie })).status).toBe(401)
  })

  test.each([['cross-site'], ['same-site'], [undefined]])('GET /api/logout from elsewhere (Sec-Fetch-Site: %s) leaves the session alone', async (site) => {
    const { cookie } = await signUp()
    const response = await call('GET', '/api/logout', { cookie, headers: site ? { 'sec-fetch-site': site } : {} })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/')
    expect((await call('GET', '/api/auth/user', { cookie })).status).toBe(200)
  })

  test('GET /api/login redirects to /auth', async () => {
    const response = await call('GET', '/api/login')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/auth')
  })
})

describe('requests from other sites', () => {
  test('a state change whose Origin is another site is refused', async () => {
    const response = await call('POST', '/api/login', { body: { emailOrPhone: 'a@b.co', password: 'x' }, headers: { origin: 'https://evil.example' } })
    expect(response.status).toBe(403)
    expect(response.body.code).toBe('CROSS_SITE_REQUEST')
  })

  test('without Origin, Sec-Fetch-Site: cross-site is refused', async () => {
    const { cookie } = await signUp()
    const response = await call('POST', '/api/logout', { cookie, headers: { 'sec-fetch-site': 'cross-site' } })
    expect(response.status).toBe(403)
    expect((await call('GET', '/api/auth/user', { cookie })).status).toBe(200)
  })

  test('the app itself (same origin, or APP_URL) is allowed', async () => {
    for (const origin of ['http://localhost', 'http://localhost:3000']) {
      const response = await call('POST', '/api/login', { body: { emailOrPhone: 'a@b.co', password: 'x' }, headers: { origin } })
      expect(response.status).toBe(401)
    }
  })

  test('a JSON endpoint refuses a form post with 415', async () => {
    const response = await call('POST', '/api/register', { body: 'firstName=x', headers: { 'content-type': 'text/plain' } })
    expect(response.status).toBe(415)
  })
})
