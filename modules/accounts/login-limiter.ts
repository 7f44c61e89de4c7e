import type { Database } from '../../db/database'
import { type Clock, hitRateLimit, releaseRateLimitHit, resetRateLimit, tooManyRequests } from '../shared/index'

export const LOGIN_WINDOW_MS = 15 * 60 * 1000
export const MAX_FAILURES_PER_ACCOUNT = 5
export const MAX_FAILURES_PER_ADDRESS = 100
const LOCKED_MESSAGE = 'Too many failed login attempts. Please try again later.'

/**
 * Whose tries are counted: the account, however it was spelled (email or phone), or, when no
 * account matches, the identifier typed, so unknown and known accounts lock alike.
 */
export function loginLockKey(identifier: string, userId: string | undefined) {
  return userId ? `login:account:${userId}` : `login:identifier:${identifier}`
}

const addressKey = (ipAddress: string) => `login:address:${ipAddress}`

/**
 * Claims one password check for an account and an address before the password is tested. A
 * claim is a hit on an atomic counter, so 50 parallel guesses get 5 checks, not 50; refused
 * claims still count, and a good password does not get through a locked account. A successful
 * sign-in gives its claims back (`loginSucceeded`).
 */
export async function claimLoginAttempt(db: Database, clock: Clock, lockKey: string, ipAddress: string) {
  const byAddress = await hitRateLimit(db, clock, addressKey(ipAddress), { limit: MAX_FAILURES_PER_ADDRESS, windowMs: LOGIN_WINDOW_MS })
  if (!byAddress.allowed) throw tooManyRequests(LOCKED_MESSAGE, byAddress.retryAfterSeconds, 'LOGIN_LOCKED')
  const byAccount = await hitRateLimit(db, clock, lockKey, { limit: MAX_FAILURES_PER_ACCOUNT, windowMs: LOGIN_WINDOW_MS })
  if (!byAccount.allowed) throw tooManyRequests(LOCKED_MESSAGE, byAccount.retryAfterSeconds, 'LOGIN_LOCKED')
}

export async function loginSucceeded(db: Database, lockKey: string, ipAddress: string) {
  await resetRateLimit(db, lockKey)
  await releaseRateLimitHit(db, addressKey(ipAddress))
}
