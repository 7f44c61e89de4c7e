import type { Database } from '../../db/database'
import { AppError, type Clock, hitRateLimit, rateLimitedFor, tooManyRequests } from '../shared/index'

/** Ten "already taken" answers an hour per address: plenty for a person who forgot they signed up. */
const TAKEN_ANSWERS = { limit: 10, windowMs: 60 * 60 * 1000 }
const TOO_MANY = 'Too many requests. Please try again later.'

/**
 * 409 EMAIL_TAKEN and PHONE_TAKEN keep the spec's messages, which say an account exists. An
 * address that collects too many of them is stopped from claiming any email or phone for the
 * rest of the hour, so it cannot go on sorting known numbers from unknown ones.
 */
export async function limitIdentityProbes<T>(db: Database, clock: Clock, ipAddress: string, claim: () => Promise<T>): Promise<T> {
  const key = `identity-taken:address:${ipAddress}`
  const wait = await rateLimitedFor(db, clock, key, TAKEN_ANSWERS)
  if (wait > 0) throw tooManyRequests(TOO_MANY, wait, 'IDENTITY_PROBES_LIMITED')
  try {
    return await claim()
  } catch (error) {
    if (error instanceof AppError && error.status === 409 && (error.code === 'EMAIL_TAKEN' || error.code === 'PHONE_TAKEN')) {
      const hit = await hitRateLimit(db, clock, key, TAKEN_ANSWERS)
      if (!hit.allowed) throw tooManyRequests(TOO_MANY, hit.retryAfterSeconds, 'IDENTITY_PROBES_LIMITED')
    }
    throw error
  }
}
