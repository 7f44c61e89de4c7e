import { and, eq, gt } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { badRequest, type Clock } from '../shared/index'
import { hashPassword } from './passwords'
import { passwordResetTokens, sessions, users } from './schema'
import { hashToken, newSessionToken, type UserRow } from './session'
import { findUserByIdentifier, identifierFor } from './users'

export const RESET_TOKEN_LIFETIME_MS = 30 * 60 * 1000
const RESET_REQUESTS_PER_WINDOW = 3
const INVALID_TOKEN = 'This reset link is invalid or has expired. Please request a new one.'

/** How a reset token reaches its owner: by SMS to the verified phone, or by push. */
export interface ResetTokenCourier {
  deliver(user: UserRow, resetUrl: string): Promise<'sms' | 'push' | 'none'>
}

export type ResetRequestResult = { issued: { token: string; resetUrl: string; channel: 'sms' | 'push' | 'none' } | null }

/**
 * Issues a reset token to the account behind an email or phone, if there is one. Callers
 * answer the same way either way; too many requests for one account are dropped silently.
 */
export async function requestPasswordReset(
  db: Database,
  clock: Clock,
  courier: ResetTokenCourier,
  appUrl: string,
  emailOrPhone: string,
): Promise<ResetRequestResult> {
  const user = await findUserByIdentifier(db, identifierFor(emailOrPhone))
  if (!user?.isActive) return { issued: null }
  const now = clock.now()
  const recent = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, user.id), gt(passwordResetTokens.createdAt, new Date(now.getTime() - RESET_TOKEN_LIFETIME_MS))))
  if (recent.length >= RESET_REQUESTS_PER_WINDOW) return { issued: null }

  const token = newSessionToken()
  await db.transaction(async (tx) => {
    // Only the newest link works.
    await tx
      .update(passwordResetTokens)
      .set({ isUsed: true })
      .where(and(eq(passwordResetTokens.userId, user.id), eq(passwordResetTokens.isUsed, false)))
    await tx
      .insert(passwordResetTokens)
      .values({ userId: user.id, token: hashToken(token), expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MS), createdAt: now })
  })
  const resetUrl = new URL(`/password-reset?resetToken=${encodeURIComponent(token)}`, appUrl).toString()
  const channel = await courier.deliver(user, resetUrl)
  return { issued: { token, resetUrl, channel } }
}

/** Spends a reset token on a new password and ends every session of the account, whose id it answers. */
export async function confirmPasswordReset(db: Database, clock: Clock, token: string, newPassword: string): Promise<string> {
  const now = clock.now()
  const password = await hashPassword(newPassword)
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ isUsed: true })
      .where(and(eq(passwordResetTokens.token, hashToken(token)), eq(passwordResetTokens.isUsed, false), gt(passwordResetTokens.expiresAt, now)))
      .returning({ userId: passwordResetTokens.userId })
    if (!spent) throw badRequest(INVALID_TOKEN, 'INVALID_RESET_TOKEN', { token: INVALID_TOKEN })
    await tx.update(users).set({ password }).where(eq(users.id, spent.userId))
    await tx.delete(sessions).where(eq(sessions.userId, spent.userId))
    return spent.userId
  })
}
