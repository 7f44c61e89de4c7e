import { prepareDecoyHash } from './passwords'
import { type AccountsRouteDeps, accountsRoutes } from './routes'
import { languagesOf, phoneVerifiedAmong, verifiedRunnersNear } from './users'

export { messageResponseSchema, type PhoneStatus, type PublicUser, userResponseSchema } from './contract'
export { currentUserResponse, phoneStatusOf, toPublicUser } from './model'
export { RESET_TOKEN_LIFETIME_MS, type ResetTokenCourier } from './password-reset'
export { markPhoneUnconfirmed, markPhoneVerified, type PhoneVerificationMethod, recordVerificationAttempt } from './profile'
/** Only what other modules' foreign keys need. */
export { users } from './schema'
export { createSession, SESSION_COOKIE, type UserRow } from './session'
export { type SessionPlugin, sessionPlugin } from './session-plugin'
export { createAccount } from './sign-in'
export { findUserByReference, getUser, type UserContact, userContacts } from './users'

/** Who a notice may reach and how it is written: those with a verified phone, the runners near a store, and the language each reads. */
export const recipients = { phoneVerifiedAmong, verifiedRunnersNear, languagesOf }

/** Accounts: sign-up, sign-in, sessions, profile and password reset. */
export function accountsModule(deps: AccountsRouteDeps) {
  prepareDecoyHash()
  return accountsRoutes(deps)
}
