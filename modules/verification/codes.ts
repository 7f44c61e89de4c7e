import { timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { AppError, badRequest, type Clock, isReservedTestNumber, type Language, tooManyRequests } from '../shared/index'
import { codeText } from './code-text'
import { CODE_LENGTH, CODE_LIFETIME_SECONDS, MESSAGES, TEST_CODE } from './contract'
import { phoneVerifications } from './schema'
import { SmsDeliveryError, type SmsSender } from './sms-sender'

export const CODE_LIFETIME_MS = CODE_LIFETIME_SECONDS * 1000
export const MAX_WRONG_TRIES = 5
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
/**
 * SMS pumping runs one account (or one address) through many numbers, each text paid for by
 * us. A person verifies one number, maybe a second after a typo; these caps leave room for that.
 */
export const MAX_NUMBERS_PER_ACCOUNT_PER_DAY = 5
export const MAX_NUMBERS_PER_ADDRESS_PER_DAY = 20
/** Per phone: one send a minute, five an hour, ten a day. */
const SEND_LIMITS = [
  { windowMs: MINUTE, max: 1 },
  { windowMs: 60 * MINUTE, max: 5 },
  { windowMs: 24 * 60 * MINUTE, max: 10 },
]

/** The sends to one user's phone that ended as `status`. */
const sendsTo = (userId: string, phone: string, status: 'sent' | 'failed') =>
  and(eq(phoneVerifications.userId, userId), eq(phoneVerifications.phone, phone), eq(phoneVerifications.status, status))

const codeHash = (rowId: string, code: string) => new Bun.CryptoHasher('sha256').update(`${rowId}:${code}`).digest('hex')

function randomCode() {
  // Rejection sampling keeps every code equally likely.
  const limit = 4_294_967_296 - (4_294_967_296 % 10 ** CODE_LENGTH)
  for (;;) {
    const [value] = crypto.getRandomValues(new Uint32Array(1))
    if (value! < limit) return String(value! % 10 ** CODE_LENGTH).padStart(CODE_LENGTH, '0')
  }
}

export interface CodeIssuer {
  db: Database
  clock: Clock
  sms: SmsSender
  /** Outside production, reserved test numbers get no SMS and accept the test code. */
  testNumbersEnabled: boolean
}

async function assertWithinSendLimits(db: Database, now: Date, phone: string, userId: string, ipAddress: string) {
  await assertWithinPhoneLimits(db, now, phone)
  const since = new Date(now.getTime() - DAY)
  for (const [column, value, max] of [
    [phoneVerifications.userId, userId, MAX_NUMBERS_PER_ACCOUNT_PER_DAY],
    [phoneVerifications.ipAddress, ipAddress, MAX_NUMBERS_PER_ADDRESS_PER_DAY],
  ] as const) {
    const numbers = await db
      .selectDistinct({ phone: phoneVerifications.phone })
      .from(phoneVerifications)
      .where(and(eq(column, value), gt(phoneVerifications.createdAt, since)))
    if (numbers.length >= max && !numbers.some((row) => row.phone === phone)) {
      throw tooManyRequests(MESSAGES.tooManyRequests, DAY / 1000, 'SMS_RATE_LIMITED')
    }
  }
}

async function assertWithinPhoneLimits(db: Database, now: Date, phone: string) {
  const longest = SEND_LIMITS.at(-1)!.windowMs
  const sent = await db
    .select({ createdAt: phoneVerifications.createdAt })
    .from(phoneVerifications)
    .where(and(eq(phoneVerifications.phone, phone), eq(phoneVerifications.status, 'sent'), gt(phoneVerifications.createdAt, new Date(now.getTime() - longest))))
    .orderBy(desc(phoneVerifications.createdAt))
  for (const { windowMs, max } of SEND_LIMITS) {
    const inWindow = sent.filter((row) => row.createdAt.getTime() > now.getTime() - windowMs)
    if (inWindow.length >= max) {
      const freesAt = inWindow[max - 1]!.createdAt.getTime() + windowMs
      throw tooManyRequests(MESSAGES.tooManyRequests, (freesAt - now.getTime()) / 1000, 'SMS_RATE_LIMITED')
    }
  }
}

/**
 * Sends a fresh code to a user's phone, in the language they read. Our own limits refuse with 429
 * and record nothing; only a send the SMS provider itself fails is recorded as a failure, which
 * opens the fallback.
 */
export async function issueCode(
  { db, clock, sms, testNumbersEnabled }: CodeIssuer,
  { id: userId, language }: { id: string; language: Language },
  phone: string,
  ipAddress: string,
) {
  const now = clock.now()
  const expiresAt = new Date(now.getTime() + CODE_LIFETIME_MS)
  const isTestNumber = testNumbersEnabled && isReservedTestNumber(phone)
  const code = isTestNumber ? TEST_CODE : randomCode()
  const id = crypto.randomUUID()
  // The check and the record are one step per account and per address, so parallel sends cannot all pass the caps.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:account:${userId}`}))`)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:address:${ipAddress}`}))`)
    await assertWithinSendLimits(tx, now, phone, userId, ipAddress)
    await tx.insert(phoneVerifications).values({ id, userId, phone, ipAddress, status: 'sent', codeHash: codeHash(id, code), expiresAt, createdAt: now })
  })
  if (isTestNumber) return
  try {
    await sms.send(phone, codeText(language, code, CODE_LIFETIME_MS / MINUTE))
  } catch (error) {
    if (!(error instanceof SmsDeliveryError)) throw error
    await db.update(phoneVerifications).set({ status: 'failed', codeHash: null }).where(eq(phoneVerifications.id, id))
    throw new AppError(503, 'SMS_FAILED', 'We could not send a text message to this number right now.')
  }
}

/** A text Firebase could not send (it reports to the browser); it opens the captcha fallback for that user and phone. */
export async function recordSendFailure(db: Database, clock: Clock, userId: string, phone: string, ipAddress: string) {
  const now = clock.now()
  await db
    .insert(phoneVerifications)
    .values({ userId, phone, ipAddress, status: 'failed', expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS), createdAt: now })
}

/** Spends a code: right once, within its lifetime, before five wrong tries. */
export async function redeemCode(db: Database, clock: Clock, userId: string, phone: string, code: string) {
  const now = clock.now()
  const [pending] = await db
    .select()
    .from(phoneVerifications)
    .where(and(sendsTo(userId, phone, 'sent'), isNull(phoneVerifications.consumedAt)))
    .orderBy(desc(phoneVerifications.createdAt))
    .limit(1)
  if (!pending) throw badRequest(MESSAGES.noPendingCode, 'NO_PENDING_VERIFICATION')
  if (pending.expiresAt <= now) throw badRequest(MESSAGES.expiredCode, 'CODE_EXPIRED')
  // Each check spends one of the five tries before comparing, so parallel guesses cannot exceed them.
  const [claimed] = await db
    .update(phoneVerifications)
    .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
    .where(and(eq(phoneVerifications.id, pending.id), lt(phoneVerifications.attempts, MAX_WRONG_TRIES), isNull(phoneVerifications.consumedAt)))
    .returning({ id: phoneVerifications.id })
  if (!claimed) throw badRequest(MESSAGES.noPendingCode, 'NO_PENDING_VERIFICATION')
  const expected = Buffer.from(pending.codeHash ?? '')
  const given = Buffer.from(codeHash(pending.id, code))
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw badRequest(MESSAGES.invalidCode, 'INVALID_CODE', { verificationCode: MESSAGES.invalidCode })
  }
  // Two submissions of the same right code race here; only one of them consumes it.
  const [consumed] = await db
    .update(phoneVerifications)
    .set({ consumedAt: now })
    .where(and(eq(phoneVerifications.id, pending.id), isNull(phoneVerifications.consumedAt)))
    .returning({ id: phoneVerifications.id })
  if (!consumed) throw badRequest(MESSAGES.noPendingCode, 'NO_PENDING_VERIFICATION')
}

/** The captcha fallback is for phones we could not text: a recent failed send must exist. */
export async function hadRecentSendFailure(db: Database, clock: Clock, userId: string, phone: string) {
  const since = new Date(clock.now().getTime() - 30 * MINUTE)
  const [failure] = await db
    .select({ id: phoneVerifications.id })
    .from(phoneVerifications)
    .where(and(sendsTo(userId, phone, 'failed'), gt(phoneVerifications.createdAt, since)))
    .limit(1)
  return failure !== undefined
}
