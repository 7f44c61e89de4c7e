import type { z } from 'zod'
import type { Database } from '../../db/database'
import { AppError, badRequest, type Clock, formatUsPhone, type Language, toE164 } from '../shared/index'
import type { loginSchema, registerSchema } from './contract'
import { claimLoginAttempt, loginLockKey, loginSucceeded } from './login-limiter'
import { hashPassword, passwordMatches } from './passwords'
import { users } from './schema'
import { assertPhoneAvailable, findUserByIdentifier, identifierFor, updateUser, withUniqueIdentity } from './users'

export const INVALID_CREDENTIALS = 'Invalid email/phone or password'

type NewAccount = { firstName: string; lastName: string; email?: string; phone?: string; password: string; language?: Language }

/** A US phone for display, (XXX) XXX-XXXX, and in E.164; a number that is not a US one is refused. */
export function parsePhone(phone: string, field = 'phone') {
  const normalizedPhone = toE164(phone)
  if (!normalizedPhone) throw badRequest('Please enter a valid US phone number', 'INVALID_PHONE', { [field]: 'Please enter a valid US phone number' })
  // Shown everywhere the same way, however it was typed.
  return { phone: formatUsPhone(normalizedPhone.slice(2)), normalizedPhone }
}

export async function createAccount(db: Database, account: NewAccount) {
  const phone = account.phone ? parsePhone(account.phone) : { phone: null, normalizedPhone: null }
  if (phone.normalizedPhone) await assertPhoneAvailable(db, phone.normalizedPhone)
  const password = await hashPassword(account.password)
  const [user] = await withUniqueIdentity(() =>
    db
      .insert(users)
      .values({
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email ?? null,
        ...phone,
        password,
        ...(account.language && { language: account.language }),
      })
      .returning(),
  )
  return user!
}

export type RegisterInput = z.infer<typeof registerSchema>
export type LoginInput = z.infer<typeof loginSchema>

/** Claims a try against the lockout first, then checks the password, the same way for known and unknown accounts. */
export async function authenticate(db: Database, clock: Clock, input: LoginInput, ipAddress: string) {
  const identifier = identifierFor(input.emailOrPhone)
  const user = await findUserByIdentifier(db, identifier)
  const lockKey = loginLockKey(identifier.value, user?.id)
  await claimLoginAttempt(db, clock, lockKey, ipAddress)
  const matches = await passwordMatches(user?.password, input.password)
  if (!user || !matches || !user.isActive) throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS)
  await loginSucceeded(db, lockKey, ipAddress)
  return updateUser(db, clock, user.id, { lastLoginAt: clock.now() })
}
