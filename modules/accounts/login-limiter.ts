import { and, desc, eq, gt, lt } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { tooManyRequests, type Clock } from '../shared/index'
import { loginFailures } from './schema'

export const LOGIN_WINDOW_MS = 15 * 60 * 1000
export const MAX_FAILURES_PER_ACCOUNT = 5
export const MAX_FAILURES_PER_ADDRESS = 100
const LOCKED_MESSAGE = 'Too many failed login attempts. Please try again later.'

/**
 * Refuses sign-in while an account (or an address) has too many recent failures. Refused
 * attempts are not counted, so the lock lifts when the window passes, and the password is
 * never checked while locked, so a correct one does not get through.
 */
export async function assertLoginAllowed(db: Database, clock: Clock, identifier: string, ipAddress: string) {
  const now = clock.now()
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS)
  const checks = [
    { column: loginFailures.identifier, value: identifier, limit: MAX_FAILURES_PER_ACCOUNT },
    { column: loginFailures.ipAddress, value: ipAddress, limit: MAX_FAILURES_PER_ADDRESS },
  ]
  for (const { column, value, limit } of checks) {
    const recent = await db
      .select({ createdAt: loginFailures.createdAt })
      .from(loginFailures)
      .where(and(eq(column, value), gt(loginFailures.createdAt, since)))
      .orderBy(desc(loginFailures.createdAt))
      .limit(limit)
    if (recent.length < limit) continue
    // Locked until the oldest failure that makes up the limit leaves the window.
    const unlocksAt = recent[limit - 1]!.createdAt.getTime() + LOGIN_WINDOW_MS
    throw tooManyRequests(LOCKED_MESSAGE, (unlocksAt - now.getTime()) / 1000, 'LOGIN_LOCKED')
  }
}

export async function recordLoginFailure(db: Database, clock: Clock, identifier: string, ipAddress: string) {
  await db.insert(loginFailures).values({ identifier, ipAddress, createdAt: clock.now() })
  // Old rows only ever matter inside the window; trimming here keeps the table small without a job.
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(clock.now().getTime() - 2 * LOGIN_WINDOW_MS)))
}

export async function clearLoginFailures(db: Database, identifier: string) {
  await db.delete(loginFailures).where(eq(loginFailures.identifier, identifier))
}
