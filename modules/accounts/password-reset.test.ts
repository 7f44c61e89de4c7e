import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { testApi } from '../../testing/test-api'
import { RESET_TOKEN_LIFETIME_MS } from './password-reset'
import { passwordResetTokens, sessions } from './schema'

const { call, signUp, db, clock, sms } = await testApi({ env: { APP_URL: 'https://kirana.example' } })

const request = (emailOrPhone: string, headers: Record<string, string> = {}) => call('POST', '/api/password-reset/request', { body: { emailOrPhone }, headers })
const confirm = (token: string, newPassword: string) => call('POST', '/api/password-reset/confirm', { body: { token, newPassword } })

describe('password reset', () => {
  test.each([
    ['/api/password-reset/request', { emailOrPhone: '' }, 'Email or phone is required'],
    ['/api/password-reset/confirm', { token: '', newPassword: 'abcdef' }, 'Reset token is required'],
    ['/api/password-reset/confirm', { token: 'abc', newPassword: 'abc' }, 'Password must be at least 6 characters'],
  ])('%s refuses %j with the spec message', async (path, body, message) => {
    const response = await call('POST', path, { body })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(message)
  })

  test('answers an unknown account with the same keys as a known one; only the test-only token differs', async () => {
    const { input } = await signUp()
    const known = await request(input.email)
    const unknown = await request('nobody@example.com')
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(known.body).sort())
    const { resetToken, resetUrl, ...knownRest } = known.body
    expect(resetToken).toBeString()
    expect(unknown.body).toEqual({ ...knownRest, resetToken: null, resetUrl: null })
  })

  test('builds the link from APP_URL, never from the Host header', async () => {
    const { input } = await signUp()
    const response = await request(input.email, { host: 'evil.example', 'x-forwarded-host': 'evil.example' })
    expect(response.body.resetUrl).toBe(`https://kirana.example/password-reset?resetToken=${response.body.resetToken}`)
  })

  test('stores only a hash of a 256-bit token', async () => {
    const { input, user } = await signUp()
    const { resetToken } = (await request(input.email)).body as { resetToken: string }
    expect(Buffer.from(resetToken, 'base64url')).toHaveLength(32)
    const rows = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))
    expect(rows.map((row) => row.token)).not.toContain(resetToken)
  })

  test('a token sets a new password once, and ends every session', async () => {
    const { input, cookie } = await signUp()
    const { resetToken } = (await request(input.email)).body as { resetToken: string }
    const done = await confirm(resetToken, 'brand new secret')
    expect(done.status).toBe(200)
    expect(done.body.message).toBe('Password updated successfully')
    expect((await call('GET', '/api/auth/user', { cookie })).status).toBe(401)
    expect((await call('POST', '/api/login', { body: { emailOrPhone: input.email, password: input.password } })).status).toBe(401)
    expect((await call('POST', '/api/login', { body: { emailOrPhone: input.email, password: 'brand new secret' } })).status).toBe(200)

    const again = await confirm(resetToken, 'another secret')
    expect(again.status).toBe(400)
    expect(again.body.code).toBe('INVALID_RESET_TOKEN')
  })

  test('a token expires after 30 minutes', async () => {
    const { input } = await signUp()
    const { resetToken } = (await request(input.email)).body as { resetToken: string }
    clock.advance(RESET_TOKEN_LIFETIME_MS + 1)
    const response = await confirm(resetToken, 'too late now')
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('INVALID_RESET_TOKEN')
  })

  test('a new request voids the older token', async () => {
    const { input } = await signUp()
    const first = (await request(input.email)).body.resetToken as string
    const second = (await request(input.email)).body.resetToken as string
    expect((await confirm(first, 'first try pw')).status).toBe(400)
    expect((await confirm(second, 'second try pw')).status).toBe(200)
  })

  test('too many requests for one account are dropped without a different answer', async () => {
    const { input } = await signUp()
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await request(input.email))
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect(answers.filter((answer) => answer.body.resetToken)).toHaveLength(3)
  })

  test('the link is texted to a verified phone', async () => {
    const account = await signUp({ phone: '(973) 201-4455' })
    await call('POST', '/api/verification/send-code', { cookie: account.cookie, body: { phone: account.input.phone } })
    const code = /code is (\d{6})/.exec(sms.outbox.at(-1)!.body)![1]!
    await call('PATCH', '/api/user/verify-phone', { cookie: account.cookie, body: { phone: account.input.phone, verificationCode: code } })
    const response = await request('973-201-4455')
    expect(sms.outbox.at(-1)).toMatchObject({ to: '+19732014455', body: expect.stringContaining(response.body.resetUrl as string) })
  })

  test('in production the answer never carries the token', async () => {
    const production = await testApi({ env: { NODE_ENV: 'production' } })
    const { input } = await production.signUp()
    const response = await production.call('POST', '/api/password-reset/request', { body: { emailOrPhone: input.email } })
    expect(response.status).toBe(200)
    expect(response.body.resetToken).toBeNull()
    expect(response.body.resetUrl).toBeNull()
    const unknown = await production.call('POST', '/api/password-reset/request', { body: { emailOrPhone: 'nobody@example.com' } })
    expect(unknown.body).toEqual(response.body)
    expect(await production.db.select().from(sessions)).toHaveLength(1)
  })
})
