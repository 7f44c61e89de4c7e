import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { SelectedFields } from 'drizzle-orm/pg-core'
import { builtOnceAmong } from '../../db/built-once'
import type { Database } from '../../db/database'
import { isUniqueViolation } from '../../db/errors'
import { type Clock, type Coordinates, conflict, isUuid, type Language, nearPlace, notFound, toE164 } from '../shared/index'
import { users } from './schema'
import type { UserRow } from './session'

export const EMAIL_TAKEN = 'An account with this email already exists'
export const PHONE_TAKEN = 'An account with this phone number already exists'

/** What a sign-in form's "email or phone" means: a lower-cased email, an E.164 phone, or neither. */
export function identifierFor(emailOrPhone: string) {
  const trimmed = emailOrPhone.trim()
  if (trimmed.includes('@')) return { kind: 'email' as const, value: trimmed.toLowerCase() }
  const phone = toE164(trimmed)
  return phone ? { kind: 'phone' as const, value: phone } : { kind: 'unknown' as const, value: trimmed.toLowerCase() }
}

/**
 * The account an email or phone names. A phone names the account that verified it; while
 * nobody has, it names the one account that claims it, and nobody when several do.
 */
export async function findUserByIdentifier(db: Database, identifier: ReturnType<typeof identifierFor>): Promise<UserRow | undefined> {
  if (identifier.kind === 'unknown') return undefined
  if (identifier.kind === 'email') {
    const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${identifier.value}`).limit(1)
    return user
  }
  const holders = await db.select().from(users).where(eq(users.normalizedPhone, identifier.value)).orderBy(desc(users.phoneVerified)).limit(2)
  if (holders[0]?.phoneVerified) return holders[0]
  return holders.length === 1 ? holders[0] : undefined
}

/** Refuses a phone another account has verified; an unverified claim elsewhere does not stand in the way. */
export async function assertPhoneAvailable(db: Database, normalizedPhone: string, forUserId?: string) {
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.normalizedPhone, normalizedPhone), eq(users.phoneVerified, true), forUserId ? ne(users.id, forUserId) : undefined))
    .limit(1)
  if (holder) throw conflict(PHONE_TAKEN, 'PHONE_TAKEN')
}

/** The account support names by its id, email or phone (the CLI's `--runner`). */
export async function findUserByReference(db: Database, reference: string): Promise<UserRow | undefined> {
  if (isUuid(reference.trim())) {
    const [user] = await db.select().from(users).where(eq(users.id, reference.trim().toLowerCase())).limit(1)
    return user
  }
  return findUserByIdentifier(db, identifierFor(reference))
}

export async function getUser(db: Database, id: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  if (!user) throw notFound('User not found')
  return user
}

/** Runs a write that may collide with another account's email or phone, and says which. */
export async function withUniqueIdentity<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_unique')) throw conflict(EMAIL_TAKEN, 'EMAIL_TAKEN')
    if (isUniqueViolation(error, 'users_verified_phone_unique')) throw conflict(PHONE_TAKEN, 'PHONE_TAKEN')
    throw error
  }
}

export async function updateUser(db: Database, clock: Clock, id: string, changes: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [updated] = await withUniqueIdentity(() =>
    db
      .update(users)
      .set({ ...changes, updatedAt: clock.now() })
      .where(eq(users.id, id))
      .returning(),
  )
  if (!updated) throw notFound('User not found')
  return updated
}

export type UserContact = { id: string; firstName: string | null; lastName: string | null; phone: string | null; email: string | null }

/** Some columns of several users at once, by id. */
function readAmongUsers<Fields extends SelectedFields>(name: string, fields: Fields) {
  const read = builtOnceAmong(name, users, users.id, 'uuid', fields)
  return async (db: Database, ids: readonly string[]) => {
    const unique = [...new Set(ids)]
    return unique.length === 0 ? [] : await read(db, { ids: unique })
  }
}

const contactsAmong = readAmongUsers('contacts_among', {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  email: users.email,
})

/** Names and contact details of several users at once, for the screens that show who is on an order. */
export async function userContacts(db: Database, ids: readonly string[]): Promise<Map<string, UserContact>> {
  const rows = await contactsAmong(db, ids)
  return new Map(rows.map((row) => [row.id, row]))
}

/**
 * Runners with a verified phone whose profile address is within `radiusMiles` of a place, with
 * their distance: who hears of a new order nearby. A latitude/longitude box, then the exact distance.
 */
export async function verifiedRunnersNear(db: Database, from: Coordinates, radiusMiles: number) {
  const { inBox, distance } = nearPlace(users, from, radiusMiles)
  const rows = await db
    .select({ id: users.id, distance })
    .from(users)
    .where(and(eq(users.phoneVerified, true), eq(users.isActive, true), sql`'runner' = any(${users.roles})`, inBox))
  return rows.map((row) => ({ id: row.id, distance: Number(row.distance) })).filter((row) => row.distance <= radiusMiles)
}

/** Which of these users have a verified phone: the only ones notifications may reach. */
export async function phoneVerifiedAmong(db: Database, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.phoneVerified, true)))
  return new Set(rows.map((row) => row.id))
}

const languagesAmong = readAmongUsers('languages_among', { id: users.id, language: users.language })

/** The language each of these users reads (English until they choose one): what they are told is written in it, at the time it is sent. */
export async function languagesOf(db: Database, ids: readonly string[]): Promise<Map<string, Language>> {
  const rows = await languagesAmong(db, ids)
  return new Map(rows.map((row) => [row.id, row.language]))
}
