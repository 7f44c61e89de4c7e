import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { testApi } from '../../testing/test-api'
import { LANGUAGE_INVALID, type PublicUser } from './contract'
import { users } from './schema'

const { call, signUp, db } = await testApi()

/** Someone who has proven their phone, as the verification module would leave them. */
async function verifiedBuyer() {
  const account = await signUp()
  const sent = await call('POST', '/api/verification/send-code', { cookie: account.cookie, body: { phone: account.input.phone } })
  expect(sent.status).toBe(200)
  const verified = await call('PATCH', '/api/user/verify-phone', { cookie: account.cookie, body: { phone: account.input.phone, verificationCode: '123456' } })
  expect(verified.status).toBe(200)
  return account
}

const profile = { firstName: 'Asha', lastName: 'Patel', roles: ['buyer'], address: '1 Oak Tree Rd', city: 'Edison', state: 'NJ', zipCode: '08817' }

describe('POST /api/auth/complete-profile', () => {
  test('is refused with requiresPhoneVerification while the phone is unverified', async () => {
    const { cookie } = await signUp()
    const response = await call('POST', '/api/auth/complete-profile', { cookie, body: profile })
    expect(response.status).toBe(403)
    expect(response.body).toMatchObject({ requiresPhoneVerification: true, code: 'PHONE_VERIFICATION_REQUIRED' })
  })

  test('needs a signed-in user', async () => {
    expect((await call('POST', '/api/auth/complete-profile', { body: profile })).status).toBe(401)
  })

  test.each([
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: '' }, 'Last name is required'],
    [{ roles: [] }, 'Select at least one role'],
    [{ roles: ['admin'] }, 'Select at least one role'],
    [{ address: '' }, 'Address is required'],
    [{ city: '' }, 'City is required'],
    [{ state: '' }, 'State is required'],
    [{ zipCode: '0881' }, 'Valid zip code is required'],
    [{ firstName: 'Asha\u202Eahsa' }, 'Must not contain direction or control characters'],
    [{ lastName: '\u2066Patel\u2069' }, 'Must not contain direction or control characters'],
    [{ city: 'Edison\u0085' }, 'Must not contain direction or control characters'],
    [{ firstName: 'Asha\uDC00' }, 'Must not contain direction or control characters'],
  ])('refuses %j with the spec message', async (change, message) => {
    const { cookie } = await verifiedBuyer()
    const response = await call('POST', '/api/auth/complete-profile', { cookie, body: { ...profile, ...change } })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(message)
  })

  test('completes the profile and turns the ZIP code into coordinates', async () => {
    const { cookie, user } = await verifiedBuyer()
    const response = await call('POST', '/api/auth/complete-profile', { cookie, body: { ...profile, roles: ['both'] } })
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ requiresProfileCompletion: false, user: { roles: ['buyer', 'runner'], city: 'Edison', zipCode: '08817' } })
    const [stored] = await db.select().from(users).where(eq(users.id, user.id))
    expect(stored!.latitude).toBeCloseTo(40.517, 2)
    expect(stored!.longitude).toBeCloseTo(-74.397, 2)
    expect((await call('GET', '/api/auth/user', { cookie })).body.requiresProfileCompletion).toBe(false)
  })

  test('uses the device location when it sends real coordinates', async () => {
    const { cookie, user } = await verifiedBuyer()
    const response = await call('POST', '/api/auth/complete-profile', { cookie, body: { ...profile, latitude: '40.5301', longitude: '-74.3502' } })
    expect(response.status).toBe(200)
    const [stored] = await db.select().from(users).where(eq(users.id, user.id))
    expect(stored).toMatchObject({ latitude: 40.5301, longitude: -74.3502 })
  })

  test('an unknown ZIP code is a clear 400', async () => {
    const { cookie } = await verifiedBuyer()
    const response = await call('POST', '/api/auth/complete-profile', { cookie, body: { ...profile, zipCode: '00000' } })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ code: 'UNKNOWN_ZIP', errors: { zipCode: expect.any(String) } })
  })
})

describe('POST /api/auth/add-phone', () => {
  test('adds a phone to an email-only account, unverified', async () => {
    const { cookie } = await signUp({ phone: '' })
    const response = await call('POST', '/api/auth/add-phone', { cookie, body: { phone: '732-555-0177' } })
    expect(response.status).toBe(200)
    expect(response.body.user).toMatchObject({ phone: '(732) 555-0177', phoneVerified: false })
  })

  test('refuses an empty phone with the spec message', async () => {
    const { cookie } = await signUp({ phone: '' })
    const response = await call('POST', '/api/auth/add-phone', { cookie, body: { phone: '' } })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe('Phone number required')
  })
})

describe('PATCH /api/user/profile', () => {
  const edit = { email: 'asha.new@example.com', phone: '', roles: ['runner'], address: '5 Main St', city: 'Edison', state: 'NJ', zipCode: '08820' }

  test.each([
    [{ email: 'nope' }, 'Please enter a valid email address'],
    [{ phone: '123' }, 'Phone number must be at least 10 digits'],
    [{ roles: [] }, 'Please select at least one role'],
    [{ address: '' }, 'Address is required'],
    [{ city: '' }, 'City is required'],
    [{ state: '' }, 'State is required'],
    [{ zipCode: '123' }, 'ZIP code must be at least 5 digits'],
  ])('refuses %j with the spec message', async (change, message) => {
    const { cookie, input } = await signUp()
    const response = await call('PATCH', '/api/user/profile', { cookie, body: { ...edit, phone: input.phone, ...change } })
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(message)
  })

  test('saves the edit and keeps a verified phone verified when it is unchanged', async () => {
    const { cookie, input } = await verifiedBuyer()
    const response = await call('PATCH', '/api/user/profile', { cookie, body: { ...edit, phone: input.phone.replace(/\D/g, '') } })
    expect(response.status).toBe(200)
    expect(response.body.user).toMatchObject({ email: 'asha.new@example.com', roles: ['runner'], zipCode: '08820', phoneVerified: true })
  })

  test('a new phone must be verified again', async () => {
    const { cookie } = await verifiedBuyer()
    const response = await call('PATCH', '/api/user/profile', { cookie, body: { ...edit, email: 'other.asha@example.com', phone: '(732) 555-0199' } })
    expect(response.status).toBe(200)
    expect(response.body.user).toMatchObject({ phone: '(732) 555-0199', phoneVerified: false })
  })

  test('an email that another account uses is refused', async () => {
    const other = await signUp()
    const { cookie, input } = await signUp()
    const response = await call('PATCH', '/api/user/profile', { cookie, body: { ...edit, email: other.input.email.toUpperCase(), phone: input.phone } })
    expect(response.status).toBe(409)
    expect(response.body.message).toBe('An account with this email already exists')
  })
})

describe('the account language', () => {
  const languageOf = (response: { body: Record<string, unknown> }) => (response.body.user as PublicUser).language
  const edit = { roles: ['buyer'], address: '5 Main St', city: 'Edison', state: 'NJ', zipCode: '08820' }

  test('is English until chosen, and GET /api/auth/user carries it', async () => {
    const { cookie } = await signUp()
    expect(languageOf(await call('GET', '/api/auth/user', { cookie }))).toBe('en')
  })

  test('a picker changes it alone, and it follows the account to another sign-in', async () => {
    const { cookie, input } = await signUp()
    const chosen = await call('PATCH', '/api/user/profile', { cookie, body: { language: 'ta' } })
    expect(chosen.status).toBe(200)
    expect(chosen.body).toMatchObject({ message: 'Profile updated successfully', user: { language: 'ta', phone: input.phone } })
    const elsewhere = await call('POST', '/api/login', { body: { emailOrPhone: input.email, password: input.password } })
    expect(languageOf(elsewhere)).toBe('ta')
  })

  test('the profile form may carry it, and leaves it as it was without it', async () => {
    const { cookie, input } = await verifiedBuyer()
    const form = { ...edit, phone: input.phone }
    expect(languageOf(await call('PATCH', '/api/user/profile', { cookie, body: { ...form, language: 'gu' } }))).toBe('gu')
    expect(languageOf(await call('PATCH', '/api/user/profile', { cookie, body: form }))).toBe('gu')
  })

  test.each([['fr'], ['HI'], [''], [7], [null]])('%j is refused with 400 and the language unchanged', async (language) => {
    const { cookie, input } = await signUp()
    for (const body of [{ language }, { ...edit, phone: input.phone, language }]) {
      const response = await call('PATCH', '/api/user/profile', { cookie, body })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', message: LANGUAGE_INVALID, errors: { language: LANGUAGE_INVALID } })
    }
    expect(languageOf(await call('GET', '/api/auth/user', { cookie }))).toBe('en')
  })

  test('a picker may send nothing but the language', async () => {
    const { cookie } = await signUp()
    const response = await call('PATCH', '/api/user/profile', { cookie, body: { language: 'hi', roles: [] } })
    expect(response.status).toBe(400)
  })

  test('needs a signed-in user before anything is read', async () => {
    expect((await call('PATCH', '/api/user/profile', { body: { language: 'fr' } })).status).toBe(401)
  })
})

test('the onboarding variant may add an email while completing, and a taken one is refused', async () => {
  const other = await signUp()
  const { cookie } = await verifiedBuyer()
  const taken = await call('POST', '/api/auth/complete-profile', { cookie, body: { ...profile, email: other.input.email } })
  expect(taken.status).toBe(409)
  const response = await call('POST', '/api/auth/complete-profile', { cookie, body: { ...profile, email: 'Onboarded@Example.com' } })
  expect(response.status).toBe(200)
  expect(response.body.user).toMatchObject({ email: 'Onboarded@Example.com' })
})
