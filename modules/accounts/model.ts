import type { UserRow } from './session'

/** The user as the client may see it: no password hash, tokens or payment ids. */
export function toPublicUser(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    phone: user.phone,
    phoneVerified: user.phoneVerified,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    roles: user.roles,
    address: user.address,
    city: user.city,
    state: user.state,
    zipCode: user.zipCode,
    latitude: user.latitude,
    longitude: user.longitude,
    emailVerified: user.emailVerified,
    isProfileComplete: user.isProfileComplete,
    createdAt: user.createdAt,
  }
}

export type PublicUser = ReturnType<typeof toPublicUser>

/** GET /api/auth/user, spec 000 §3. */
export function currentUserResponse(user: UserRow) {
  return { user: toPublicUser(user), requiresProfileCompletion: !user.isProfileComplete }
}
