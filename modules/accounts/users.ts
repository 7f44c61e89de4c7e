import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { isUniqueViolation } from '../../db/errors'
import { conflict, notFound, toE164 } from '../shared/index'
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

export async function findUserByIdentifier(db: Database, identifier: ReturnType<typeof identifierFor>): Promise<UserRow | undefined> {
  if (identifier.kind === 'unknown') return undefined
  const where = identifier.kind === 'email' ? sql`lower(${users.email}) = ${identifier.value}` : eq(users.normalizedPhone, identifier.value)
  const [user] = await db.select().from(users).where(where).limit(1)
  return user
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
    if (isUniqueViolation(error, 'users_normalizedPhone_unique')) throw conflict(PHONE_TAKEN, 'PHONE_TAKEN')
    throw error
  }
}

export async function updateUser(db: Database, id: string, changes: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [updated] = await withUniqueIdentity(() => db.update(users).set(changes).where(eq(users.id, id)).returning())
  if (!updated) throw notFound('User not found')
  return updated
}
