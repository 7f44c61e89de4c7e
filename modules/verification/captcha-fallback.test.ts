import { describe, expect, test } from 'bun:test'
import { phoneCodesApi } from '../../testing/phone-codes'
import { testApi } from '../../testing/test-api'
import { MESSAGES } from './contract'

const { api, sendCode, verify, codeSentToNewAccount } = await phoneCodesApi()
const { call, signUp } = api

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
