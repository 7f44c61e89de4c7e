import { eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import { pushDevices } from './schema'

/** POST /api/user/fcm-token: a user may have several devices; a device signing in as someone else moves to them. */
export async function registerDevice(db: Database, clock: Clock, userId: string, token: string) {
  const now = clock.now()
  await db
    .insert(pushDevices)
    .values({ userId, token, createdAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: pushDevices.token, set: { userId, lastSeenAt: now } })
}

/** Each user's push tokens. */
export async function tokensOf(db: Database, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>()
  if (userIds.length === 0) return byUser
  const rows = await db
    .select({ userId: pushDevices.userId, token: pushDevices.token })
    .from(pushDevices)
    .where(inArray(pushDevices.userId, [...new Set(userIds)]))
  for (const { userId, token } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), token])
  return byUser
}

/** Tokens the provider reports as gone for good are forgotten, so they are not tried again. */
export async function forgetTokens(db: Database, tokens: readonly string[]) {
  if (tokens.length > 0) await db.delete(pushDevices).where(inArray(pushDevices.token, [...tokens]))
}

export async function hasDevice(db: Database, userId: string) {
  const [row] = await db.select({ id: pushDevices.id }).from(pushDevices).where(eq(pushDevices.userId, userId)).limit(1)
  return row !== undefined
}
