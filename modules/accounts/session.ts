import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { batchedLookup, type Clock } from '../shared/index'
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

type FoundSession = { session: typeof sessions.$inferSelect; user: UserRow }

/**
 * How recently a session must have been found live for a read that is the same for every
 * signed-in caller (a store's shelf) to pass it without asking the database again. A session
 * ended in this process is forgotten at once; one ended elsewhere (another instance, the CLI)
 * may read such answers for at most this long.
 */
export const RECENTLY_CONFIRMED_MS = 1_000
/** Sessions remembered as recently confirmed, at most: the oldest confirmations go first. */
const REMEMBERED_AT_MOST = 10_000

export type SessionFinder = ReturnType<typeof sessionFinder>

/**
 * Finds the live session behind a cookie token and its (active) user, renewing the idle limit now
 * and then. Every signed-in request asks this, so requests that come together share one read of
 * their sessions (batchedLookup): under load the database sees a few queries, not one a request.
 */
export function sessionFinder(db: Database, clock: Clock) {
  // Built and prepared once, whatever the batch's size: its sids go as one array parameter.
  const liveSessions = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        sql`${sessions.sid} = any(${sql.placeholder('sids')}::text[])`,
        sql`${sessions.expire} > ${sql.placeholder('now')}::timestamptz`,
        eq(users.isActive, true),
      ),
    )
    .prepare('live_sessions')
  const bySid = batchedLookup<string, FoundSession>(async (sids) => {
    const now = clock.now()
    const rows = await liveSessions.execute({ sids, now: now.toISOString() })
    const renewed = await Promise.all(rows.map((row) => renewedNowAndThen(db, now, row)))
    return new Map(renewed.map((found) => [found.session.sid, found]))
  })
  /**
   * When each session was last found live (the time its read started), oldest first. Keyed by the
   * cookie's token rather than its hash, so a remembered session costs no hashing either: the
   * tokens are in this process's memory with every request anyway.
   */
  const confirmed = new Map<string, { found: FoundSession; at: number }>()
  // Sessions ended here so far: a read under way while one ends may have seen it live, and is not remembered.
  let endings = 0
  const read = async (token: string) => {
    const at = clock.now().getTime()
    const endingsBefore = endings
    const found = (await bySid(hashToken(token))) ?? null
    confirmed.delete(token)
    if (found && endings === endingsBefore) {
      confirmed.set(token, { found, at })
      if (confirmed.size > REMEMBERED_AT_MOST) confirmed.delete(confirmed.keys().next().value!)
    }
    return found
  }
  return {
    /** The live session behind a cookie token, as the database has it now. */
    live: read,
    /**
     * The same, except that a session found live within RECENTLY_CONFIRMED_MS passes as it was:
     * for reads that are the same for everyone signed in, where a database read per request would
     * cost more than the answer itself.
     */
    async recentlyLive(token: string): Promise<FoundSession | null> {
      const last = confirmed.get(token)
      const now = clock.now().getTime()
      if (last && now - last.at < RECENTLY_CONFIRMED_MS && last.found.session.expire.getTime() > now) return last.found
      return read(token)
    },
    /** A session this process has just ended. */
    forget(token: string) {
      endings++
      confirmed.delete(token)
    },
    /** Every session of a user this process has just ended (a password reset). */
    forgetAllOf(userId: string) {
      endings++
      for (const [token, { found }] of confirmed) if (found.user.id === userId) confirmed.delete(token)
    },
  }
}

/** A session last renewed over an hour ago gets its idle limit moved on from now. */
async function renewedNowAndThen(db: Database, now: Date, found: FoundSession): Promise<FoundSession> {
  if (now.getTime() - Date.parse(found.session.sess.lastSeenAt) <= RENEW_AFTER_MS) return found
  const sess: SessionData = { ...found.session.sess, lastSeenAt: now.toISOString() }
  const expire = expiryOf(sess)
  await db.update(sessions).set({ sess, expire }).where(eq(sessions.sid, found.session.sid))
  return { ...found, session: { ...found.session, sess, expire } }
}

export async function deleteSession(db: Database, token: string) {
  await db.delete(sessions).where(eq(sessions.sid, hashToken(token)))
}
