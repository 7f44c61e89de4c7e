import { prepareDecoyHash } from './passwords'
import { accountsRoutes, type AccountsRouteDeps } from './routes'

/** Only what other modules' foreign keys need. */
export { users } from './schema'
export { createSession, SESSION_COOKIE, type UserRow } from './session'
export { sessionPlugin, type SessionPlugin } from './session-plugin'
export { toPublicUser, currentUserResponse, phoneStatusOf } from './model'
export { getUser, phoneVerifiedAmong, userContacts, verifiedRunnersNear, type UserContact } from './users'
export { createAccount } from './sign-in'
export { messageResponseSchema, userResponseSchema, type PublicUser, type PhoneStatus } from './contract'
export { markPhoneUnconfirmed, markPhoneVerified, recordVerificationAttempt, type PhoneVerificationMethod } from './profile'
export { RESET_TOKEN_LIFETIME_MS, type ResetTokenCourier } from './password-reset'

/** Accounts: sign-up, sign-in, sessions, profile and password reset. */
export function accountsModule(deps: AccountsRouteDeps) {
  prepareDecoyHash()
  return accountsRoutes(deps)
}
