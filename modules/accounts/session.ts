import { and, eq, gt, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import { type SessionData, sessions, users } from './schema'

export const SESSION_COOKIE = 'kirana_sid'
/** A session ends this long after sign-in, however busy. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000
/** ...and this long after it was last used. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000
/** Renewing the idle limit on every request would turn each read into a write; an hour's slack is harmless. */
const RENEW_AFTER_MS = 60 * 60 * 1000

export type UserRow = typeof users.$inferSelect

/** 256 random bits, URL-safe; the cookie holds this and the database only its hash. */
export function newSessionToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
}

export function hashToken(token: string): string {
  return new Bun.CryptoHasher('sha256').update(token).digest('hex')
}

function expiryOf(data: SessionData): Date {
  const absolute = Date.parse(data.signedInAt) + SESSION_ABSOLUTE_MS
  const idle = Date.parse(data.lastSeenAt) + SESSION_IDLE_MS
  return new Date(Math.min(absolute, idle))
}

export async function createSession(db: Database, clock: Clock, userId: string) {
  const token = newSessionToken()
  const now = clock.now().toISOString()
  const data: SessionData = { signedInAt: now, lastSeenAt: now }
  const expire = expiryOf(data)
  await db.insert(sessions).values({ sid: hashToken(token), sess: data, expire, userId })
  return { token, expire }
}

/** Every signed-in request runs this lookup, so it is prepared once per database. */
const sessionLookups = new WeakMap<Database, ReturnType<typeof prepareSessionLookup>>()

function prepareSessionLookup(db: Database) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql.placeholder('now')), eq(users.isActive, true)))
    .limit(1)
    .prepare('find_session')
}

/** The live session behind a cookie token and its (active) user, renewing the idle limit now and then. */
export async function findSession(db: Database, clock: Clock, token: string) {
  const sid = hashToken(token)
  const now = clock.now()
  let lookup = sessionLookups.get(db)
  if (!lookup) {
    lookup = prepareSessionLookup(db)
    sessionLookups.set(db, lookup)
  }
  // Placeholders skip the column's Date mapping, so the time goes as ISO text, which both drivers accept.
  const [found] = await lookup.execute({ sid, now: now.toISOString() })
  if (!found) return null
  if (now.getTime() - Date.parse(found.session.sess.lastSeenAt) > RENEW_AFTER_MS) {
    const sess: SessionData = { ...found.session.sess, lastSeenAt: now.toISOString() }
    const expire = expiryOf(sess)
    await db.update(sessions).set({ sess, expire }).where(eq(sessions.sid, sid))
    found.session = { ...found.session, sess, expire }
  }
  return found
}

export async function deleteSession(db: Database, token: string) {
  await db.delete(sessions).where(eq(sessions.sid, hashToken(token)))
}
