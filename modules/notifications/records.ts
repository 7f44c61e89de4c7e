import { and, count, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type Clock, isUuid, notFound } from '../shared/index'
import { NOTIFICATIONS_PAGE_SIZE, type Notification, type NotificationData, type NotificationsPage } from './contract'
import { forgetTokens, tokensOf } from './devices'
import type { PushSender } from './push-sender'
import { notifications } from './schema'

type Row = typeof notifications.$inferSelect
/** The most pushed in one go: a fan-out of a few thousand takes a few rounds. */
const PUSH_BATCH = 5000
export type NewNotification = { userId: string; title: string; body: string; data: NotificationData; dedupeKey: string }

/**
 * What a run through an outbox (orders', payouts') takes to write and push its records. `stopping`:
 * asked between events, so a run ends at the next one once the process is stopping; the rest waits
 * in the outbox.
 */
export type DispatchDeps = { db: Database; clock: Clock; push: PushSender; stopping?: () => boolean }

export const toNotification = (row: Row): Notification => ({
  id: row.id,
  title: row.title,
  body: row.body,
  read: row.read,
  data: row.data,
  createdAt: row.createdAt.toISOString(),
})

/** Writes records, at most one per user and event: a retried event writes nothing new. Returns how many are new. */
export async function writeNotifications(db: Database, clock: Clock, items: readonly NewNotification[]): Promise<number> {
  if (items.length === 0) return 0
  const createdAt = clock.now()
  let written = 0
  // In slices, so a fan-out to thousands is a few statements that never hold the database for long.
  for (let start = 0; start < items.length; start += 500) {
    const slice = items.slice(start, start + 500).map((item) => ({ ...item, createdAt }))
    const rows = await db
      .insert(notifications)
      .values(slice)
      .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
      .returning({ id: notifications.id })
    written += rows.length
  }
  return written
}

/**
 * Writes records already claimed (pushedAt set as they are written) and pushes the new ones at
 * once: one write per record instead of a write and a claim, for a fan-out to thousands. Only the
 * run whose insert made a record gets it back, so on several instances it is still pushed at most
 * once; a crash between the write and the push leaves it in the list unpushed, as a crash between
 * pushPending's claim and its push does. Returns how many are new.
 */
export async function writeAndPush(db: Database, clock: Clock, push: PushSender, items: readonly NewNotification[]): Promise<number> {
  if (items.length === 0) return 0
  const now = clock.now()
  const written = await db
    .insert(notifications)
    .values(items.map((item) => ({ ...item, createdAt: now, pushedAt: now })))
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning()
  await sendRecords(db, push, written)
  return written.length
}

/** Hands records to the push sender with their users' tokens, and forgets the tokens it says are gone. */
async function sendRecords(db: Database, push: PushSender, records: readonly Row[]) {
  if (records.length === 0) return
  const tokens = await tokensOf(
    db,
    records.map((row) => row.userId),
  )
  const { staleTokens } = await push.send(
    records.map((row) => ({
      userId: row.userId,
      tokens: tokens.get(row.userId) ?? [],
      message: { id: row.id, title: row.title, body: row.body, data: row.data },
    })),
  )
  await forgetTokens(db, staleTokens)
}

/**
 * Pushes records not yet pushed (all of them, or those of one event), `atMost` of them: each is
 * claimed first with a conditional update, so however many instances run this, a record is pushed
 * at most once. Records another instance is claiming are skipped, not waited for: two claims
 * taking the same rows in different orders deadlocked. Returns how many it pushed.
 */
export async function pushPending(db: Database, clock: Clock, push: PushSender, dedupeKey?: string, atMost = PUSH_BATCH): Promise<number> {
  const waiting = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(isNull(notifications.pushedAt), dedupeKey ? eq(notifications.dedupeKey, dedupeKey) : undefined))
    .limit(atMost)
    .for('update', { skipLocked: true })
  const claimed = await db
    .update(notifications)
    .set({ pushedAt: clock.now() })
    .where(and(inArray(notifications.id, waiting), isNull(notifications.pushedAt)))
    .returning()
  await sendRecords(db, push, claimed)
  return claimed.length
}

/** Settles a record without pushing it (a chat message soon after the last push): it waits in the list, silently. */
export async function passOver(db: Database, clock: Clock, dedupeKey: string, userId: string) {
  await db
    .update(notifications)
    .set({ pushedAt: clock.now() })
    .where(and(eq(notifications.dedupeKey, dedupeKey), eq(notifications.userId, userId), isNull(notifications.pushedAt)))
}

/** GET /api/notifications: newest first, a page at a time (`before` is the last id of the page before). */
export async function notificationsPage(db: Database, userId: string, before?: string): Promise<NotificationsPage> {
  const [cursor] = before
    ? await db
        .select({ createdAt: notifications.createdAt, id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.id, before), eq(notifications.userId, userId)))
    : []
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        cursor
          ? or(lt(notifications.createdAt, cursor.createdAt), and(eq(notifications.createdAt, cursor.createdAt), lt(notifications.id, cursor.id)))
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE + 1)
  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE)
  return {
    notifications: page.map(toNotification),
    unreadCount: await unreadCount(db, userId),
    nextCursor: rows.length > NOTIFICATIONS_PAGE_SIZE ? page.at(-1)!.id : null,
  }
}

export async function unreadCount(db: Database, userId: string) {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
  return row?.unread ?? 0
}

/** PATCH /api/notifications/{id}/read: one's own only; anyone else's is as absent as a made-up id. */
export async function markRead(db: Database, userId: string, id: string): Promise<Notification> {
  if (!isUuid(id)) throw notFound('Notification not found', 'NOTIFICATION_NOT_FOUND')
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning()
  if (!row) throw notFound('Notification not found', 'NOTIFICATION_NOT_FOUND')
  return toNotification(row)
}

export async function markAllRead(db: Database, userId: string) {
  await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
}

/** Who was told of an event: the runners to tell when a buyer withdraws the order they heard about. */
export async function recipientsOf(db: Database, dedupeKey: string): Promise<string[]> {
  const rows = await db.select({ userId: notifications.userId }).from(notifications).where(eq(notifications.dedupeKey, dedupeKey))
  return rows.map((row) => row.userId)
}

/** How far the telling of one event has got: records written, and handed to the push sender. */
export async function deliveryProgress(db: Database, dedupeKey: string) {
  const [row] = await db
    .select({ written: count(), pushed: count(notifications.pushedAt) })
    .from(notifications)
    .where(eq(notifications.dedupeKey, dedupeKey))
  return { written: row?.written ?? 0, pushed: row?.pushed ?? 0 }
}
