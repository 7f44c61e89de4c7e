import type { CurrentUserResponse, PhoneStatus, PublicUser } from './contract'
import type { UserRow } from './session'

/** The captcha fallback leaves the number on file, unproven: see PHONE_STATUSES. */
export function phoneStatusOf(user: Pick<UserRow, 'phoneVerified' | 'phoneVerificationMethod'>): PhoneStatus {
  if (user.phoneVerified) return 'verified'
  return user.phoneVerificationMethod === 'captcha' ? 'unconfirmed' : 'unverified'
}

/** The user as the client may see it: no password hash, tokens or payment ids. */
export function toPublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    email: user.email,
    phone: user.phone,
    phoneVerified: user.phoneVerified,
    phoneStatus: phoneStatusOf(user),
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    roles: user.roles as PublicUser['roles'],
    address: user.address,
    city: user.city,
    state: user.state,
    zipCode: user.zipCode,
    latitude: user.latitude,
    longitude: user.longitude,
    emailVerified: user.emailVerified,
    isProfileComplete: user.isProfileComplete,
    language: user.language,
    createdAt: user.createdAt.toISOString(),
  }
}

/** GET /api/auth/user, spec 000 §3. */
export function currentUserResponse(user: UserRow): CurrentUserResponse {
  return { user: toPublicUser(user), requiresProfileCompletion: !user.isProfileComplete }
}
