import { afterAll, describe, expect, test } from 'bun:test'
import { startAuthEmulator } from '../../testing/firebase-emulator'
import { testApi } from '../../testing/test-api'
import { toE164 } from '../shared/index'
import { MESSAGES } from './contract'

/**
 * Firebase phone sign-in end to end: firebase-admin checks ID tokens that Firebase's own Auth
 * emulator minted, through the REST calls the browser's SDK makes. Skipped, saying why, only
 * when the emulator cannot start here.
 */
const emulator = await startAuthEmulator()
const unavailable = 'unavailable' in emulator ? emulator.unavailable : null
if (unavailable) console.warn(`Skipping the Firebase Auth emulator tests: ${unavailable}`)

describe.skipIf(unavailable !== null)('phones proven by Firebase ID tokens from the Auth emulator', async () => {
  if (unavailable || 'unavailable' in emulator) return
  // firebase-admin finds the emulator through this variable alone; the server's config names it too.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host
  afterAll(() => emulator.stop())
  const api = await testApi({ env: emulator.env })

  const verifyWith = (cookie: string, phone: string, firebaseIdToken: string) =>
    api.call('PATCH', '/api/user/verify-phone', { cookie, body: { phone, firebaseIdToken } })
  const signedUp = async () => {
    const account = await api.signUp()
    return { ...account, e164: toE164(account.input.phone)! }
  }
  /** The token with its claims rewritten, still unsigned as the emulator's are. */
  const rewritten = (token: string, claims: Record<string, unknown>) => {
    const [header, payload] = token.split('.')
    const changed = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), ...claims }
    return `${header}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.`
  }

  test('the server says phones are proven by Firebase, and where the emulator is', async () => {
    const config = (await api.call('GET', '/api/verification/config')).body
    expect(config).toMatchObject({ provider: 'firebase', firebase: { projectId: 'demo-kirana', authEmulatorHost: emulator.host } })
  })

  test("a genuine token for the user's own phone verifies it", async () => {
    const { cookie, input, e164 } = await signedUp()
    const response = await verifyWith(cookie, input.phone, await emulator.idTokenFor(e164))
    expect(response.status).toBe(200)
    expect(response.body.user).toMatchObject({ phone: input.phone, phoneVerified: true, phoneStatus: 'verified' })
  })

  test('a genuine token for another phone is refused', async () => {
    const { cookie, input } = await signedUp()
    const response = await verifyWith(cookie, input.phone, await emulator.idTokenFor('+12015550999'))
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ message: MESSAGES.notVerified, code: 'PHONE_NOT_PROVEN' })
  })

  test('an expired token, or one whose phone was rewritten, is refused', async () => {
    const { cookie, input, e164 } = await signedUp()
    const token = await emulator.idTokenFor(e164)
    const hourAgo = Math.floor(Date.now() / 1000) - 3600
    const expired = rewritten(token, { iat: hourAgo - 60, auth_time: hourAgo - 60, exp: hourAgo })
    expect((await verifyWith(cookie, input.phone, expired)).body.code).toBe('PHONE_NOT_PROVEN')

    const other = await signedUp()
    const stolen = rewritten(await emulator.idTokenFor('+12015550998'), { phone_number: other.e164 })
    expect((await verifyWith(other.cookie, other.input.phone, stolen)).body.code).toBe('PHONE_NOT_PROVEN')
    expect((await verifyWith(other.cookie, other.input.phone, `${token}tampered`)).body.code).toBe('PHONE_NOT_PROVEN')
    expect((await api.call('GET', '/api/auth/user', { cookie: other.cookie })).body.user).toMatchObject({ phoneVerified: false })
  })

  test("a token from another Firebase project is refused: this server's project is not its audience", async () => {
    const elsewhere = await testApi({ env: { ...emulator.env, FIREBASE_PROJECT_ID: 'demo-elsewhere' } })
    const account = await elsewhere.signUp()
    const e164 = toE164(account.input.phone)!
    const response = await elsewhere.call('PATCH', '/api/user/verify-phone', {
      cookie: account.cookie,
      body: { phone: account.input.phone, firebaseIdToken: await emulator.idTokenFor(e164) },
    })
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('PHONE_NOT_PROVEN')
  })
})
