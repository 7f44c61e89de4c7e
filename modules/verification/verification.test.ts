import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { phoneCodesApi } from '../../testing/phone-codes'
import { testApi } from '../../testing/test-api'
import { users } from '../accounts/index'
import { CODE_LIFETIME_MS } from './codes'
import { MESSAGES, TEST_CODE } from './contract'

const { api, nextRealNumber, sendCode, verify, lastCodeTo, e164, codeSentToNewAccount } = await phoneCodesApi()
const { call, signUp, db, clock, sms } = api

const MINUTE = 60_000

describe('sending a code', () => {
  test('needs a signed-in user', async () => {
    expect((await call('POST', '/api/verification/send-code', { body: { phone: '7325550101' } })).status).toBe(401)
  })

  test.each([
    ['', 'Please enter your phone number'],
    ['732-55', 'Please enter at least 10 digits'],
  ])('refuses %j with the spec message', async (phone, message) => {
    const { cookie } = await signUp()
    const response = await sendCode(cookie, phone)
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(message)
  })

  test('texts a 6-digit code to a real number, and stores only its hash', async () => {
    const phone = nextRealNumber()
    const { cookie } = await signUp({ phone })
    const response = await sendCode(cookie, phone)
    expect(response.status).toBe(200)
    const code = lastCodeTo(e164(phone))
    expect(code).toMatch(/^\d{6}$/)
    const rows = await db.execute(`select code_hash from phone_verifications where phone = '${e164(phone)}'`)
    expect(JSON.stringify(rows)).not.toContain(`"${code}"`)
  })

  test('a reserved test number gets no SMS and accepts the test code', async () => {
    const { cookie, input } = await signUp()
    const before = sms.outbox.length
    expect((await sendCode(cookie, input.phone)).status).toBe(200)
    expect(sms.outbox.length).toBe(before)
    const response = await verify(cookie, { phone: input.phone, verificationCode: TEST_CODE })
    expect(response.status).toBe(200)
    expect(response.body.user).toMatchObject({ phoneVerified: true })
  })

  test('one send a minute, five an hour and ten a day per phone', async () => {
    const { cookie, phone } = await codeSentToNewAccount()
    const tooSoon = await sendCode(cookie, phone)
    expect(tooSoon.status).toBe(429)
    expect(tooSoon.body.message).toBe(MESSAGES.tooManyRequests)
    expect(Number(tooSoon.headers.get('retry-after'))).toBe(60)

    for (let sent = 1; sent < 5; sent++) {
      clock.advance(MINUTE)
      expect((await sendCode(cookie, phone)).status).toBe(200)
    }
    clock.advance(MINUTE)
    expect((await sendCode(cookie, phone)).status).toBe(429)

    clock.advance(60 * MINUTE)
    for (let sent = 5; sent < 10; sent++) {
      expect((await sendCode(cookie, phone)).status).toBe(200)
      clock.advance(MINUTE)
    }
    clock.advance(60 * MINUTE)
    const daily = await sendCode(cookie, phone)
    expect(daily.status).toBe(429)
    expect(Number(daily.headers.get('retry-after'))).toBeGreaterThan(20 * 60 * 60)
  })
})

describe('verifying with a code', () => {
  test('a wrong code, then the right one', async () => {
    const { cookie, user, phone, code } = await codeSentToNewAccount()
    const wrong = await verify(cookie, { phone, verificationCode: code === '000000' ? '000001' : '000000' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe(MESSAGES.invalidCode)
    const right = await verify(cookie, { phone, verificationCode: code })
    expect(right.status).toBe(200)
    expect(right.body.message).toBe('Phone verified successfully')
    const [stored] = await db.select().from(users).where(eq(users.id, user.id))
    expect(stored).toMatchObject({ phoneVerified: true, phoneVerificationMethod: 'sms', normalizedPhone: e164(phone) })
  })

  test('a code works once', async () => {
    const { cookie, phone, code } = await codeSentToNewAccount()
    expect((await verify(cookie, { phone, verificationCode: code })).status).toBe(200)
    const again = await verify(cookie, { phone, verificationCode: code })
    expect(again.status).toBe(400)
    expect(again.body.message).toBe(MESSAGES.noPendingCode)
  })

  test('an expired code is refused with the spec message', async () => {
    const { cookie, phone, code } = await codeSentToNewAccount()
    clock.advance(CODE_LIFETIME_MS + 1)
    const response = await verify(cookie, { phone, verificationCode: code })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(MESSAGES.expiredCode)
  })

  test('five wrong tries void the code, even the right one after them', async () => {
    const { cookie, phone, code } = await codeSentToNewAccount()
    const wrongCode = code === '111111' ? '222222' : '111111'
    for (let i = 0; i < 5; i++) expect((await verify(cookie, { phone, verificationCode: wrongCode })).body.message).toBe(MESSAGES.invalidCode)
    const response = await verify(cookie, { phone, verificationCode: code })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(MESSAGES.noPendingCode)
  })

  test('a code is bound to the user it was sent for', async () => {
    const phone = nextRealNumber()
    const owner = await signUp({ phone })
    const intruder = await signUp()
    await sendCode(owner.cookie, phone)
    const response = await verify(intruder.cookie, { phone, verificationCode: lastCodeTo(e164(phone)) })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(MESSAGES.noPendingCode)
  })

  test('without a pending code the answer is the spec message', async () => {
    const { cookie, input } = await signUp()
    const response = await verify(cookie, { phone: input.phone, verificationCode: '123456' })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(MESSAGES.noPendingCode)
  })

  test('a code that is not 6 digits is refused', async () => {
    const { cookie, input } = await signUp()
    const response = await verify(cookie, { phone: input.phone, verificationCode: '12a456' })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(MESSAGES.enterCode)
  })
})

describe("the client's word is not proof", () => {
  test('complete-phone-verification with verificationSuccess alone verifies nothing', async () => {
    const { cookie, user } = await signUp()
    const response = await call('POST', '/api/complete-phone-verification', { cookie, body: { userId: user.id, verificationSuccess: true } })
    expect(response.status).toBe(403)
    expect(response.body.message).toBe(MESSAGES.notVerified)
    const [stored] = await db.select().from(users).where(eq(users.id, user.id))
    expect(stored!.phoneVerified).toBe(false)
  })

  test("another user's id gets 403", async () => {
    const other = await signUp()
    const { cookie, input } = await signUp()
    await sendCode(cookie, input.phone)
    await verify(cookie, { phone: input.phone, verificationCode: TEST_CODE })
    const response = await call('POST', '/api/complete-phone-verification', { cookie, body: { userId: other.user.id, verificationSuccess: true } })
    expect(response.status).toBe(403)
    expect(response.body.code).toBe('NOT_YOUR_ACCOUNT')
  })

  test('after real proof, completing verification asks for the profile', async () => {
    const { cookie, input, user } = await signUp()
    await sendCode(cookie, input.phone)
    await verify(cookie, { phone: input.phone, verificationCode: TEST_CODE })
    const response = await call('POST', '/api/complete-phone-verification', { cookie, body: { userId: user.id, verificationSuccess: true } })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ requiresProfileCompletion: true })
  })

  test('verify-phone-profile with phoneVerified: true proves nothing', async () => {
    const { cookie } = await signUp()
    const response = await call('POST', '/api/auth/verify-phone-profile', { cookie, body: { phoneVerified: true } })
    expect(response.status).toBe(403)
  })

  test('a Firebase ID token proves only the phone it was issued for', async () => {
    const { cookie } = await signUp({ phone: '(732) 555-0142' })
    const forOther = await verify(cookie, { phone: '(732) 555-0143', firebaseIdToken: 'good-firebase-token' })
    expect(forOther.status).toBe(400)
    const forged = await verify(cookie, { phone: '(732) 555-0142', firebaseIdToken: 'forged' })
    expect(forged.status).toBe(400)
    const real = await verify(cookie, { phone: '(732) 555-0142', firebaseIdToken: 'good-firebase-token' })
    expect(real.status).toBe(200)
    expect(real.body.user).toMatchObject({ phoneVerified: true })
  })
})

test('GET /api/verification/config tells the screens how to verify here', async () => {
  const response = await call('GET', '/api/verification/config')
  expect(response.body).toEqual({
    provider: 'firebase',
    firebase: null,
    captcha: { provider: 'embedded', siteKey: null },
    fallbackEnabled: true,
    testNumbersEnabled: true,
  })
})

test('PATCH /api/user/verification-attempt counts attempts', async () => {
  const { cookie, input, user } = await signUp()
  expect((await call('PATCH', '/api/user/verification-attempt', { cookie, body: { phone: input.phone } })).status).toBe(200)
  const [stored] = await db.select().from(users).where(eq(users.id, user.id))
  expect(stored!.verificationAttempts).toBe(1)
  expect(stored!.lastVerificationAttempt).toEqual(clock.now())
})

test('with Firebase, the browser reports a text that failed, which opens the fallback', async () => {
  const { cookie, input } = await signUp()
  const before = await verify(cookie, { phone: input.phone, fallbackVerification: true, recaptchaCompleted: true, captchaToken: 'x' })
  expect(before.body.code).toBe('FALLBACK_NOT_AVAILABLE')
  expect((await call('POST', '/api/verification/sms-failed', { cookie, body: { phone: input.phone } })).status).toBe(200)
  const token = (await call('POST', '/api/verification/captcha', { cookie })).body.captchaToken as string
  const after = await verify(cookie, { phone: input.phone, fallbackVerification: true, recaptchaCompleted: true, captchaToken: token })
  expect(after.status).toBe(200)
})

test('without Firebase, the browser cannot claim a failed text', async () => {
  const embedded = await testApi()
  const { cookie, input } = await embedded.signUp()
  const response = await embedded.call('POST', '/api/verification/sms-failed', { cookie, body: { phone: input.phone } })
  expect(response.status).toBe(409)
})
