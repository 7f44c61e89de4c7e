import type { z } from 'zod'
import type { Database } from '../../db/database'
import { badRequest, type Clock, type Coordinates, forbidden, formatUsPhone, type Geocoder, isValidCoordinates } from '../shared/index'
import type { completeProfileSchema, ProfileChange, updateProfileSchema } from './contract'
import { phoneStatusOf } from './model'
import type { UserRow } from './session'
import { parsePhone } from './sign-in'
import { assertPhoneAvailable, updateUser } from './users'

type AddressInput = { address: string; city: string; state: string; zipCode: string; latitude?: string | number; longitude?: string | number }

const UNKNOWN_ZIP = 'We could not find that ZIP code. Please check it and try again.'

/**
 * Where an address is. Coordinates the device supplied ('Use Current Location') are used when
 * they are real coordinates; otherwise the geocoder decides, and an unknown ZIP is refused.
 */
async function locate(geocoder: Geocoder, input: AddressInput): Promise<Coordinates> {
  const supplied = { latitude: Number(input.latitude), longitude: Number(input.longitude) }
  if (input.latitude !== undefined && input.longitude !== undefined && input.latitude !== '' && isValidCoordinates(supplied)) return supplied
  const found = await geocoder.geocode(input)
  if (!found) throw badRequest(UNKNOWN_ZIP, 'UNKNOWN_ZIP', { zipCode: UNKNOWN_ZIP })
  return found
}

export const PHONE_VERIFICATION_REQUIRED = 'Please verify your phone number first.'

/** Profile completion needs a phone on file that a code proved, or that the captcha fallback kept unconfirmed. */
export async function completeProfile(db: Database, clock: Clock, geocoder: Geocoder, user: UserRow, input: z.infer<typeof completeProfileSchema>) {
  if (phoneStatusOf(user) === 'unverified') {
    throw forbidden(PHONE_VERIFICATION_REQUIRED, 'PHONE_VERIFICATION_REQUIRED', { requiresPhoneVerification: true })
  }
  const { latitude, longitude } = await locate(geocoder, input)
  return updateUser(db, clock, user.id, {
    ...(input.email && input.email.toLowerCase() !== (user.email ?? '').toLowerCase() && { email: input.email, emailVerified: false }),
    firstName: input.firstName,
    lastName: input.lastName,
    roles: input.roles,
    address: input.address,
    city: input.city,
    state: input.state,
    zipCode: input.zipCode,
    latitude,
    longitude,
    isProfileComplete: true,
  })
}

/** For an account made with an email only: the phone to verify before the profile can be completed. */
export async function addPhone(db: Database, clock: Clock, user: UserRow, phone: string) {
  const parsed = parsePhone(phone)
  if (user.phoneVerified && user.normalizedPhone === parsed.normalizedPhone) return user
  await assertPhoneAvailable(db, parsed.normalizedPhone, user.id)
  return updateUser(db, clock, user.id, { ...parsed, ...unverifiedPhone })
}

const unverifiedPhone = { phoneVerified: false, phoneVerifiedAt: null, phoneVerificationMethod: null } as const

/** PATCH /api/user/profile: a language picker's choice alone, or the profile page's whole form. */
export async function changeProfile(db: Database, clock: Clock, geocoder: Geocoder, user: UserRow, input: ProfileChange) {
  if (!('phone' in input)) return updateUser(db, clock, user.id, { language: input.language })
  return updateProfile(db, clock, geocoder, user, input)
}

/** The profile page's edit. A new phone must be verified again; a new email is unverified. */
async function updateProfile(db: Database, clock: Clock, geocoder: Geocoder, user: UserRow, input: z.infer<typeof updateProfileSchema>) {
  const phone = parsePhone(input.phone)
  const phoneChanged = phone.normalizedPhone !== user.normalizedPhone
  if (phoneChanged) await assertPhoneAvailable(db, phone.normalizedPhone, user.id)
  const email = input.email ?? null
  const emailChanged = (email ?? '').toLowerCase() !== (user.email ?? '').toLowerCase()
  const addressChanged = input.address !== user.address || input.zipCode !== user.zipCode || input.latitude !== undefined
  const coordinates = addressChanged || user.latitude === null ? await locate(geocoder, input) : { latitude: user.latitude, longitude: user.longitude }
  return updateUser(db, clock, user.id, {
    email,
    ...(emailChanged && { emailVerified: false }),
    ...phone,
    ...(phoneChanged && unverifiedPhone),
    roles: input.roles,
    address: input.address,
    city: input.city,
    state: input.state,
    zipCode: input.zipCode,
    ...coordinates,
    ...(input.language && { language: input.language }),
  })
}

export type PhoneVerificationMethod = 'sms' | 'firebase'

/**
 * Called by the verification module once it holds proof that this user controls this phone.
 * Another account's unproven claim on the number does not stop it; another's proof does (409).
 */
export async function markPhoneVerified(db: Database, clock: Clock, userId: string, normalizedPhone: string, method: PhoneVerificationMethod) {
  return updateUser(db, clock, userId, {
    phone: formatUsPhone(normalizedPhone.slice(2)),
    normalizedPhone,
    phoneVerified: true,
    phoneVerifiedAt: clock.now(),
    phoneVerificationMethod: method,
  })
}

/**
 * The captcha fallback: the person is human, but nothing proves the number is theirs. It is
 * kept on file as unconfirmed, which lets the profile be completed and nothing more: it claims
 * the number from nobody and opens no checkout, deliveries or push.
 */
export async function markPhoneUnconfirmed(db: Database, clock: Clock, userId: string, normalizedPhone: string) {
  await assertPhoneAvailable(db, normalizedPhone, userId)
  return updateUser(db, clock, userId, {
    phone: formatUsPhone(normalizedPhone.slice(2)),
    normalizedPhone,
    phoneVerified: false,
    phoneVerifiedAt: null,
    phoneVerificationMethod: 'captcha',
  })
}

export async function recordVerificationAttempt(db: Database, clock: Clock, user: UserRow) {
  return updateUser(db, clock, user.id, { verificationAttempts: user.verificationAttempts + 1, lastVerificationAttempt: clock.now() })
}
