import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { testApi } from '../../testing/test-api'
import { users } from '../accounts/index'
import { CODE_LIFETIME_MS, MAX_NUMBERS_PER_ACCOUNT_PER_DAY, MAX_NUMBERS_PER_ADDRESS_PER_DAY } from './codes'
import { MESSAGES, TEST_CODE } from './contract'
import { embeddedSmsSender, SmsDeliveryError } from './index'

// Firebase cannot be reached from here: this stand-in proves one phone per token it knows.
const FIREBASE_TOKENS: Record<string, string> = { 'good-firebase-token': '+17325550142', 'owners-token': '+17325550177' }
const firebase = { phoneOf: async (token: string) => FIREBASE_TOKENS[token] ?? null }
const api = await testApi({ firebase, env: { TRUST_PROXY: 'true' } })
const { call, signUp, db, clock, sms } = api

const MINUTE = 60_000
let realNumber = 2000
/** A number outside the reserved test range, so the embedded sender really "texts" it. */
const nextRealNumber = () => `(973) 201-${String(realNumber++).padStart(4, '0')}`

const sendCode = (cookie: string, phone: string) => call('POST', '/api/verification/send-code', { cookie, body: { phone } })
const verify = (cookie: string, body: Record<string, unknown>) => call('PATCH', '/api/user/verify-phone', { cookie, body })
const lastCodeTo = (e164: string) => /code is (\d{6})/.exec([...sms.outbox].reverse().find((message) => message.to === e164)!.body)![1]!
const e164 = (phone: string) => `+1${phone.replace(/\D/g, '')}`

/** Someone new on a real number, a code just texted to it: where the send-limit and verifying tests start. */
async function codeSentToNewAccount() {
  const phone = nextRealNumber()
  const account = await signUp({ phone })
  expect((await sendCode(account.cookie, phone)).status).toBe(200)
  return { ...account, phone, code: lastCodeTo(e164(phone)) }
}

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

describe('the captcha fallback', () => {
  /** A number a carrier cannot text (555-1XXX is directory service, never a phone): the provider itself fails. */
  let unreachable = 1000
  async function failedSms() {
    const phone = `(732) 555-${unreachable++}`
    const account = await signUp({ phone })
    const sent = await sendCode(account.cookie, phone)
    expect(sent.status).toBe(503)
    expect(sent.body.code).toBe('SMS_FAILED')
    return { ...account, phone }
  }
  const captchaPass = async (cookie: string) => (await call('POST', '/api/verification/captcha', { cookie })).body.captchaToken as string
  const me = async (cookie: string) => (await call('GET', '/api/auth/user', { cookie })).body.user as Record<string, unknown>

  test('the attack: our own 60 s send limit does not open it, so a captcha cannot claim the number', async () => {
    const { cookie, phone } = await codeSentToNewAccount()
    const refused = await sendCode(cookie, phone)
    expect(refused.status).toBe(429)
    const response = await verify(cookie, { phone, fallbackVerification: true, recaptchaCompleted: true, captchaToken: await captchaPass(cookie) })
    expect(response.status).toBe(403)
    expect(response.body.code).toBe('FALLBACK_NOT_AVAILABLE')
    expect(await me(cookie)).toMatchObject({ phoneVerified: false, phoneStatus: 'unverified' })
  })

  test('recaptchaCompleted: true alone is not enough', async () => {
    const { cookie, phone } = await failedSms()
    const response = await verify(cookie, { phone, fallbackVerification: true, recaptchaCompleted: true })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('CAPTCHA_FAILED')
  })

  test('is offered only after the SMS provider failed for that phone', async () => {
    const { cookie, input } = await signUp()
    const response = await verify(cookie, { phone: input.phone, fallbackVerification: true, recaptchaCompleted: true, captchaToken: await captchaPass(cookie) })
    expect(response.status).toBe(403)
    expect(response.body.code).toBe('FALLBACK_NOT_AVAILABLE')
  })

  test('after a real failure, a fresh pass keeps the number as unconfirmed, never verified; a pass works once', async () => {
    const { cookie, phone } = await failedSms()
    const token = await captchaPass(cookie)
    const response = await verify(cookie, { phone, fallbackVerification: true, recaptchaCompleted: true, captchaToken: token })
    expect(response.status).toBe(200)
    expect(response.body.message).toBe(MESSAGES.phoneUnconfirmed)
    expect(response.body.user).toMatchObject({ phone, phoneVerified: false, phoneStatus: 'unconfirmed' })

    const reused = await verify(cookie, { phone, fallbackVerification: true, recaptchaCompleted: true, captchaToken: token })
    expect(reused.status).toBe(400)
  })

  test('an unconfirmed number may complete the profile', async () => {
    const { cookie, phone } = await failedSms()
    await verify(cookie, { phone, fallbackVerification: true, captchaToken: await captchaPass(cookie) })
    const profile = { firstName: 'Asha', lastName: 'Patel', roles: ['buyer'], address: '1 Main St', city: 'Edison', state: 'NJ', zipCode: '08817' }
    const completed = await call('POST', '/api/auth/complete-profile', { cookie, body: profile })
    expect(completed.status).toBe(200)
    expect(completed.body.user).toMatchObject({ isProfileComplete: true, phoneStatus: 'unconfirmed' })
  })

  test("an unconfirmed claim does not lock the number's owner out: they register with it and prove it", async () => {
    // With Firebase, the browser reports a failed text; the attacker uses that to reach the fallback.
    const owners = '(732) 555-0177'
    const attacker = await signUp({ phone: owners })
    expect((await call('POST', '/api/verification/sms-failed', { cookie: attacker.cookie, body: { phone: owners } })).status).toBe(200)
    const claimed = await verify(attacker.cookie, { phone: owners, fallbackVerification: true, captchaToken: await captchaPass(attacker.cookie) })
    expect(claimed.body.user).toMatchObject({ phoneStatus: 'unconfirmed' })

    const owner = await signUp({ phone: owners })
    const proven = await verify(owner.cookie, { phone: owners, firebaseIdToken: 'owners-token' })
    expect(proven.status).toBe(200)
    expect(proven.body.user).toMatchObject({ phoneVerified: true, phoneStatus: 'verified' })
    // The number now signs the owner in, and nobody else can verify it.
    const login = await call('POST', '/api/login', { body: { emailOrPhone: owners, password: owner.input.password } })
    expect(login.status).toBe(200)
    expect((login.body.user as { id: string }).id).toBe(owner.user.id)
    const again = await verify(attacker.cookie, { phone: owners, firebaseIdToken: 'owners-token' })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('PHONE_TAKEN')
  })

  test('can be switched off by configuration', async () => {
    const strict = await testApi({ env: { PHONE_VERIFICATION_FALLBACK: 'false' } })
    const { cookie, input } = await strict.signUp()
    const response = await strict.call('PATCH', '/api/user/verify-phone', {
      cookie,
      body: { phone: input.phone, fallbackVerification: true, recaptchaCompleted: true },
    })
    expect(response.status).toBe(403)
    expect(response.body.code).toBe('FALLBACK_DISABLED')
    expect((await strict.call('GET', '/api/verification/config')).body.fallbackEnabled).toBe(false)
  })

  test('in production the embedded captcha is refused: without reCAPTCHA there is no fallback', async () => {
    const production = await testApi({ env: { NODE_ENV: 'production' } })
    const phone = '(732) 555-1999'
    const { cookie } = await production.signUp({ phone })
    expect((await production.call('POST', '/api/verification/send-code', { cookie, body: { phone } })).status).toBe(503)
    expect((await production.call('GET', '/api/verification/config')).body.fallbackEnabled).toBe(false)
    expect((await production.call('POST', '/api/verification/captcha', { cookie })).status).toBe(403)
    const response = await production.call('PATCH', '/api/user/verify-phone', { cookie, body: { phone, fallbackVerification: true, captchaToken: 'anything' } })
    expect(response.status).toBe(403)
    expect(response.body.code).toBe('FALLBACK_DISABLED')
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

describe('caps against SMS pumping', () => {
  const from = (address: string) => ({ 'x-forwarded-for': address })
  const sendFrom = (cookie: string, phone: string, address: string) =>
    call('POST', '/api/verification/send-code', { cookie, body: { phone }, headers: from(address) })

  test(`one account texts at most ${MAX_NUMBERS_PER_ACCOUNT_PER_DAY} different numbers a day, then gets 'Too many requests'`, async () => {
    const { cookie } = await signUp()
    const numbers = Array.from({ length: MAX_NUMBERS_PER_ACCOUNT_PER_DAY + 1 }, nextRealNumber)
    for (const phone of numbers.slice(0, -1)) expect((await sendFrom(cookie, phone, '198.51.100.1')).status).toBe(200)
    const refused = await sendFrom(cookie, numbers.at(-1)!, '198.51.100.1')
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe(MESSAGES.tooManyRequests)
    // A number it already texted today is not a new one (its own per-phone limits still apply).
    clock.advance(2 * MINUTE)
    expect((await sendFrom(cookie, numbers[0]!, '198.51.100.1')).status).toBe(200)
    // A day later it may try again.
    clock.advance(24 * 60 * MINUTE)
    expect((await sendFrom(cookie, numbers.at(-1)!, '198.51.100.1')).status).toBe(200)
  })

  test(`one address texts at most ${MAX_NUMBERS_PER_ADDRESS_PER_DAY} different numbers a day, whatever the accounts`, async () => {
    let sent = 0
    while (sent < MAX_NUMBERS_PER_ADDRESS_PER_DAY) {
      const { cookie } = await signUp()
      for (let index = 0; index < 4 && sent < MAX_NUMBERS_PER_ADDRESS_PER_DAY; index++, sent++) {
        expect((await sendFrom(cookie, nextRealNumber(), '198.51.100.2')).status).toBe(200)
      }
    }
    const fresh = await signUp()
    expect((await sendFrom(fresh.cookie, nextRealNumber(), '198.51.100.2')).status).toBe(429)
    expect((await sendFrom(fresh.cookie, nextRealNumber(), '198.51.100.3')).status).toBe(200)
  })

  test('25 parallel sends to 25 numbers from one account: exactly 5 go out', async () => {
    const { cookie } = await signUp()
    const results = await Promise.all(Array.from({ length: 25 }, () => sendFrom(cookie, nextRealNumber(), '198.51.100.4')))
    expect(results.filter((result) => result.status === 200)).toHaveLength(MAX_NUMBERS_PER_ACCOUNT_PER_DAY)
    expect(results.filter((result) => result.status === 429)).toHaveLength(25 - MAX_NUMBERS_PER_ACCOUNT_PER_DAY)
  })
})

describe('the embedded SMS sender', () => {
  test('fails, as a carrier would, for numbers no text can reach', async () => {
    const sender = embeddedSmsSender({ clock, log: () => {} })
    await expect(sender.send('+18005550123', 'hi')).rejects.toBeInstanceOf(SmsDeliveryError)
    await expect(sender.send('+17325551212', 'hi')).rejects.toBeInstanceOf(SmsDeliveryError)
    await sender.send('+17325550123', 'hi')
    expect(sender.outbox.at(-1)).toEqual({ to: '+17325550123', body: 'hi', sentAt: clock.now() })
  })

  test('prints the text for a developer, but never a code in production', async () => {
    const lines: string[] = []
    await embeddedSmsSender({ clock, log: (line) => lines.push(line) }).send('+19732010001', 'Your Kirana verification code is 654321.')
    await embeddedSmsSender({ clock, production: true, log: (line) => lines.push(line) }).send('+19732010001', 'Your Kirana verification code is 654321.')
    expect(lines[0]).toContain('654321')
    expect(lines[1]).not.toContain('654321')
    expect(lines[1]).toContain('+19732010001')
  })
})
