import { eq, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../../../db/database'
import { rows } from '../../../../db/migrate'
import type { Clock } from '../../../shared/index'
import {
  IdempotencyKeyReusedError,
  type IntentStatus,
  PaymentDeclinedError,
  type PaymentIntent,
  PaymentStateError,
  RefundExceedsCaptureError,
  TransferRefusedError,
} from '../gateway'
import { type EmbeddedGatewayResponse, embeddedIdempotencyKeys } from './schema'

type Failure = { kind: 'declined' | 'state' | 'exceeds' | 'transfer_refused'; code: string; message: string }

/** The gateway's refusals, which Stripe replays by key as it replays a success; anything else is not an answer and is not kept. */
function asFailure(error: unknown): Failure | null {
  if (error instanceof PaymentDeclinedError) return { kind: 'declined', code: error.declineCode, message: error.message }
  if (error instanceof PaymentStateError) return { kind: 'state', code: error.status, message: error.message }
  if (error instanceof RefundExceedsCaptureError) return { kind: 'exceeds', code: String(error.refundableCents), message: error.message }
  if (error instanceof TransferRefusedError) return { kind: 'transfer_refused', code: error.code, message: error.message }
  return null
}

function replay<T>(response: EmbeddedGatewayResponse): T {
  if (response.ok) return response.intent as T
  const { kind, code, message } = response.error
  if (kind === 'declined') throw new PaymentDeclinedError(code, message)
  if (kind === 'exceeds') throw new RefundExceedsCaptureError(Number(code), message)
  if (kind === 'transfer_refused') throw new TransferRefusedError(code as TransferRefusedError['code'], message)
  throw new PaymentStateError(code as IntentStatus, message)
}

/**
 * Runs one money operation once per key: the key and its answer (success or refusal) are written
 * with the change, in its transaction. `subject` is what the call is about (the intent, or a
 * create's amount): the key sent again about anything else is refused, as Stripe refuses a key
 * reused with other parameters.
 */
export type Once = <T extends object = PaymentIntent>(
  key: string,
  operation: string,
  subject: string,
  run: (tx: Database, keepWith: KeepWith) => Promise<T | KeptWith<T>>,
) => Promise<T>

/**
 * For a call whose last statement can keep its own success under the key, saving a round trip:
 * the insert of the key's row with `answer`, as a statement to put in a CTE that yields a row
 * only if `made` (a one-row table of that statement) has one, and only while the key is free.
 */
export type KeepWith = (answer: object, made: SQL) => SQL

/** What such a call returns: its answer, and whether its statement kept it (false: the key already held one). */
export type KeptWith<T> = { keptWith: true; answer: T; kept: boolean }

export function onceByKey(db: Database, clock: Clock): Once {
  return async function once<T extends object = PaymentIntent>(
    key: string,
    operation: string,
    subject: string,
    run: (tx: Database, keepWith: KeepWith) => Promise<T | KeptWith<T>>,
  ) {
    const answered = await answerUnlessKept(db, clock, { key, operation, subject }, run).catch((error) => {
      if (error instanceof KeyAlreadyKept) return null
      throw error
    })
    return replay<T>(answered ?? (await keptAnswer(db, { key, operation, subject })))
  }
}

export type KeyUse = { key: string; operation: string; subject: string }

/** An insert of one row from the key's new row (`kept`, a one-row table in the same statement). */
type InsertFromKept = (kept: SQL) => SQL

/**
 * `once` for a call that only inserts one row and whose answer is known before it runs (a
 * create): the key and the row in one statement, with no transaction around them. The key's row
 * goes first (nothing on conflict) and the row is inserted only from it, so when the key already
 * holds an answer nothing is made and that answer is replayed. A statement that fails keeps
 * nothing under the key.
 */
export type InsertOnce = <T extends object>(use: KeyUse, answer: T, insert: InsertFromKept) => Promise<T>

export function insertOnceByKey(db: Database, clock: Clock): InsertOnce {
  return async function insertOnce<T extends object>({ key, operation, subject }: KeyUse, answer: T, insert: InsertFromKept) {
    const response: EmbeddedGatewayResponse = { ok: true, intent: { ...answer } as Record<string, unknown> }
    const made = rows(
      await db.execute(
        sql`with kept as (insert into ${embeddedIdempotencyKeys} ("key", "operation", "intent_id", "response", "created_at") values (${key}, ${operation}, ${subject}, ${JSON.stringify(response)}::jsonb, ${clock.now().toISOString()}::timestamptz) on conflict do nothing returning "key") ${insert(sql`kept`)}`,
      ),
    )
    return made.length > 0 ? answer : replay<T>(await keptAnswer(db, { key, operation, subject }))
  }
}

/**
 * `once` for a call made in one statement, with no transaction around it, whose answer is known
 * before it runs but which it may have to refuse. The statement judges the call, keeps the answer
 * under the key from what it judged may go (`keep`, nothing on conflict), and makes its change
 * only from the key's new row. When it kept nothing, what it judged tells a refusal (`refusalOf`),
 * which is then kept under the key as Stripe keeps one; a key that holds an answer by then replays
 * it. A statement that fails keeps nothing under the key.
 */
export type JudgedOnce = <T extends object, J extends { kept: boolean }>(
  use: KeyUse,
  answer: T,
  statement: (keep: (judged: SQL) => SQL) => SQL,
  refusalOf: (judged: J) => Error | null,
) => Promise<T>

export function judgedOnceByKey(db: Database, clock: Clock): JudgedOnce {
  return async function judgedOnce<T extends object, J extends { kept: boolean }>(
    use: KeyUse,
    answer: T,
    statement: (keep: (judged: SQL) => SQL) => SQL,
    refusalOf: (judged: J) => Error | null,
  ) {
    const [judged] = rows<J>(await db.execute(statement((from) => keepFrom(clock, use, { ok: true, intent: { ...answer } as Record<string, unknown> }, from))))
    if (judged?.kept) return answer
    const refusal = judged ? refusalOf(judged) : null
    const failure = asFailure(refusal)
    if (refusal && failure) {
      const [kept] = await db
        .insert(embeddedIdempotencyKeys)
        .values({ key: use.key, operation: use.operation, intentId: use.subject, response: { ok: false, error: failure }, createdAt: clock.now() })
        .onConflictDoNothing()
        .returning({ key: embeddedIdempotencyKeys.key })
      if (kept) throw refusal
    }
    return replay<T>(await keptAnswer(db, use))
  }
}

/** The insert of the key's row with `response`, one for each row of `from` (a table, in the same statement), only while the key is free. */
const keepFrom = (clock: Clock, { key, operation, subject }: KeyUse, response: EmbeddedGatewayResponse, from: SQL) =>
  sql`insert into ${embeddedIdempotencyKeys} ("key", "operation", "intent_id", "response", "created_at")
    select ${key}, ${operation}, ${subject}, ${JSON.stringify(response)}::jsonb, ${clock.now().toISOString()}::timestamptz
    from ${from} on conflict do nothing returning "key"`

/** The key already holds an answer: what this call ran is undone with its transaction. */
class KeyAlreadyKept extends Error {}

/**
 * `run`'s answer, kept under the key in run's own transaction, as long as no answer is kept under
 * it yet. Most calls bring a new key, so the key is not looked for first: it is written last, and
 * if another call's answer is there (kept before, or by a call at the same time that committed
 * first), everything this one did is rolled back and that answer stands.
 */
function answerUnlessKept(
  db: Database,
  clock: Clock,
  { key, operation, subject }: KeyUse,
  run: (tx: Database, keepWith: KeepWith) => Promise<object | KeptWith<object>>,
) {
  const keepWith: KeepWith = (answer, made) =>
    keepFrom(clock, { key, operation, subject }, { ok: true, intent: { ...answer } as Record<string, unknown> }, made)
  return db.transaction(async (tx) => {
    let answer: EmbeddedGatewayResponse
    try {
      const made = await run(tx, keepWith)
      if ('keptWith' in made) {
        if (!made.kept) throw new KeyAlreadyKept()
        return { ok: true, intent: { ...made.answer } as Record<string, unknown> } satisfies EmbeddedGatewayResponse
      }
      answer = { ok: true, intent: { ...made } as Record<string, unknown> }
    } catch (error) {
      const failure = asFailure(error)
      if (!failure) throw error
      answer = { ok: false, error: failure }
    }
    const [kept] = await tx
      .insert(embeddedIdempotencyKeys)
      .values({ key, operation, intentId: subject, response: answer, createdAt: clock.now() })
      .onConflictDoNothing()
      .returning({ key: embeddedIdempotencyKeys.key })
    if (!kept) throw new KeyAlreadyKept()
    return answer
  })
}

/** The answer kept under a key, for a call with the same parameters; a call with others is refused, as Stripe refuses it. */
async function keptAnswer(db: Database, { key, operation, subject }: KeyUse): Promise<EmbeddedGatewayResponse> {
  const [seen] = await db.select().from(embeddedIdempotencyKeys).where(eq(embeddedIdempotencyKeys.key, key))
  if (!seen) throw new Error(`No answer is kept under the idempotency key ${key}`)
  if (seen.operation !== operation || seen.intentId !== subject)
    throw new IdempotencyKeyReusedError('Keys for idempotent requests can only be used with the same parameters they were first used with.')
  return seen.response
}
