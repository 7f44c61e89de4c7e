import { asc, eq, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../../../db/database'
import { rows } from '../../../../db/migrate'
import type { Clock } from '../../../shared/index'
import { type ConnectedAccount, type Transfer, TransferRefusedError, type TransferRequest, type TransferReversal } from '../gateway'
import type { JudgedOnce, Once } from './embedded-idempotency'
import { randomToken } from './embedded-tokens'
import { embeddedConnectedAccounts, embeddedPaymentIntents, embeddedRefunds, embeddedTransferReversals, embeddedTransfers } from './schema'

type AccountRow = typeof embeddedConnectedAccounts.$inferSelect
type TransferRow = typeof embeddedTransfers.$inferSelect

/** What the onboarding form asks of a new account, in Stripe's names for an individual's requirements. */
export const ONBOARDING_REQUIREMENTS = [
  'individual.first_name',
  'individual.last_name',
  'individual.dob.day',
  'individual.dob.month',
  'individual.dob.year',
  'individual.ssn_last_4',
  'external_account',
]

/** Under this lock a transfer from the platform's balance checks it and spends it, so two at once cannot both spend the same money. */
const PLATFORM_BALANCE_LOCK = 'embedded-gateway:platform-balance'

export const toAccount = (row: AccountRow): ConnectedAccount => ({
  id: row.id,
  detailsSubmitted: row.detailsSubmitted,
  payoutsEnabled: row.payoutsEnabled,
  requirementsDue: row.requirementsDue,
  payoutFailed: row.payoutFailed,
  bankLast4: row.bankAccountLast4,
})

const toTransfer = (row: TransferRow): Transfer => ({
  id: row.id,
  amountCents: row.amountCents,
  destination: row.destination,
  transferGroup: row.transferGroup,
  reversedCents: row.reversedCents,
  metadata: row.metadata,
})

/** Stripe refuses an amount that is not a positive number of cents before it looks at anything, and keeps no answer for it. */
function positiveCents(amountCents: number, what: string) {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new RangeError(`The ${what} amount must be a positive whole number of cents.`)
}

/**
 * The platform's balance as Stripe keeps it, as SQL: charges captured on the embedded intents,
 * less their refunds, less what is still out on transfers (each transfer less its reversals).
 */
const platformBalance = sql`(select coalesce(sum(${embeddedPaymentIntents.amountCaptured}), 0) from ${embeddedPaymentIntents})
  - (select coalesce(sum(${embeddedRefunds.amountCents}), 0) from ${embeddedRefunds})
  - (select coalesce(sum(${embeddedTransfers.amountCents} - ${embeddedTransfers.reversedCents}), 0) from ${embeddedTransfers})`

export async function platformBalanceCents(db: Database): Promise<number> {
  const [row] = rows<{ cents: number }>(await db.execute(sql`select (${platformBalance})::int as "cents"`))
  return Number(row?.cents ?? 0)
}

/** Whether the destination may be paid (null: no such account), as SQL. */
const enabledOf = (destination: string) =>
  sql`(select ${embeddedConnectedAccounts.payoutsEnabled} from ${embeddedConnectedAccounts} where ${embeddedConnectedAccounts.id} = ${destination})`

/**
 * The transfer made from each row of `from` (a table in the same statement), and its credit to
 * the connected balance, as the statement's `made` and `credited`.
 */
const madeFrom = (transfer: Transfer, sourcePaymentIntentId: string | null, now: string, from: SQL) =>
  sql`made as (
    insert into ${embeddedTransfers} ("id", "destination", "amount_cents", "transfer_group", "source_intent_id", "metadata", "created_at")
    select ${transfer.id}, ${transfer.destination}, ${transfer.amountCents}::int, ${transfer.transferGroup}, ${sourcePaymentIntentId}, ${JSON.stringify(transfer.metadata)}::jsonb, ${now}::timestamptz
    from ${from}
    returning "id"
  ),
  credited as (
    update ${embeddedConnectedAccounts} set "balance_cents" = "balance_cents" + ${transfer.amountCents}::int, "updated_at" = ${now}::timestamptz
    where "id" = ${transfer.destination} and exists (select 1 from made)
  )`

/**
 * A transfer that names its charge, in one statement: the charge's row locked and read as the
 * lock's last holder left it (a refund or transfer of it keeps what is out of it on the row, under
 * this lock), so what is left of it is what the transfer is judged against, however short the
 * platform's balance. Where Stripe would make it (the account can be paid, the charge covers it),
 * the answer is kept under the key and, from the key's new row, the transfer made, the charge's
 * amount_transferred raised and the connected balance credited.
 */
const fromCharge = (transfer: Transfer, intentId: string, now: string, keep: (judged: SQL) => SQL) => {
  const intents = embeddedPaymentIntents
  return sql`with source as (
      select ${intents.amountCaptured} - ${intents.amountRefunded} - ${intents.amountTransferred} as "left"
      from ${intents} where ${intents.id} = ${intentId} for update
    ),
    judged as (select ${enabledOf(transfer.destination)} as "enabled", (select "left" from source) as "left"),
    kept as (${keep(sql`judged where "enabled" and "left" >= ${transfer.amountCents}::int`)}),
    ${madeFrom(transfer, intentId, now, sql`kept`)},
    spent as (
      update ${intents} set "amount_transferred" = ${intents.amountTransferred} + ${transfer.amountCents}::int
      where ${intents.id} = ${intentId} and exists (select 1 from made)
    )
    select "enabled", "left", exists (select 1 from kept) as "kept" from judged`
}

/** Under this lock a transfer from the platform's balance checks it and spends it, so two at once cannot both spend the same money. */
const lockPlatformBalance = sql`select pg_advisory_xact_lock(hashtext(${PLATFORM_BALANCE_LOCK}))`

type Judged = { enabled: boolean | null; left: number | string | null; kept: boolean }

/** Stripe's refusal of a transfer, judged in its order: the account and the charge exist, the account may be paid, and the funds cover it. */
function refusalOf(judged: Judged, { destination, sourcePaymentIntentId, amountCents }: TransferRequest) {
  const left = judged.left === null ? null : Number(judged.left)
  if (judged.enabled === null) return new TransferRefusedError('missing', `No such destination: '${destination}'`)
  if (left === null) return new TransferRefusedError('missing', `No such source transaction: '${sourcePaymentIntentId}'`)
  if (!judged.enabled)
    return new TransferRefusedError('account_not_enabled', `The destination account ${destination} cannot receive transfers until its payouts are enabled.`)
  if (amountCents <= left) return null
  return sourcePaymentIntentId
    ? new TransferRefusedError('source_insufficient', `The transfer is more than is left of its source charge (${Math.max(0, left)} cents).`)
    : new TransferRefusedError('balance_insufficient', 'You have insufficient available funds in your Stripe account for this transfer.')
}

/**
 * Stripe Connect's money going out, in the embedded gateway: connected accounts, transfers to them
 * (from a charge, or from the platform's balance), and their reversals, each create once per
 * idempotency key, with a refusal replayed by its key as Stripe replays it.
 */
export function embeddedConnect(db: Database, clock: Clock, once: Once, judgedOnce: JudgedOnce) {
  return {
    /** A new account owes everything the onboarding form asks, and can take no transfer until it is sent. */
    createAccount({ runnerId, email, idempotencyKey }: { runnerId: string; email: string | null; idempotencyKey: string }) {
      const id = `acct_emb_${randomToken(12)}`
      return once<ConnectedAccount>(idempotencyKey, 'create_account', `runner:${runnerId}:${email ?? ''}`, async (tx) => {
        const now = clock.now()
        const [row] = await tx
          .insert(embeddedConnectedAccounts)
          .values({ id, metadata: { runnerId }, email, requirementsDue: ONBOARDING_REQUIREMENTS, createdAt: now, updatedAt: now })
          .returning()
        return toAccount(row!)
      })
    },

    async retrieveAccount(id: string): Promise<ConnectedAccount | null> {
      const [row] = await db.select().from(embeddedConnectedAccounts).where(eq(embeddedConnectedAccounts.id, id))
      return row ? toAccount(row) : null
    },

    /**
     * Checked in Stripe's order: the account and the charge exist, the account may be paid, and
     * then, as Stripe judges it, a transfer that names its charge (source_transaction) draws on
     * that charge alone, up to what is left of it, however short the platform's balance; one
     * that names none is paid from the platform's available balance, and refused past it. The
     * transfer adds to the connected account's balance.
     */
    transfer(request: TransferRequest) {
      const { amountCents, destination, transferGroup, sourcePaymentIntentId, idempotencyKey, metadata } = request
      positiveCents(amountCents, 'transfer')
      const transfer: Transfer = { id: `tr_emb_${randomToken(18)}`, amountCents, destination, transferGroup, reversedCents: 0, metadata }
      const use = { key: idempotencyKey, operation: 'transfer', subject: `${destination}:${amountCents}:${sourcePaymentIntentId}:${transferGroup}` }
      const now = clock.now().toISOString()
      if (sourcePaymentIntentId)
        return judgedOnce(
          use,
          transfer,
          (keep) => fromCharge(transfer, sourcePaymentIntentId, now, keep),
          (judged: Judged) => refusalOf(judged, request),
        )
      return once<Transfer>(use.key, use.operation, use.subject, async (tx, keepWith) => {
        // The balance locked, then judged and the transfer made in one statement that keeps the answer under the key: sent
        // together in one round trip, the second runs once the lock is granted and reads the balance as its last holder left it.
        const [, judgedRows] = await Promise.all([
          tx.execute(lockPlatformBalance),
          tx.execute(sql`with judged as (select ${enabledOf(destination)} as "enabled", (${platformBalance})::int as "left"),
            ${madeFrom(transfer, null, now, sql`judged where "enabled" and "left" >= ${amountCents}::int`)},
            kept as (${keepWith(transfer, sql`made`)})
            select "enabled", "left", exists (select 1 from kept) as "kept" from judged`),
        ])
        const [judged] = rows<Judged>(judgedRows)
        const refusal = judged ? refusalOf(judged, request) : null
        if (refusal) throw refusal
        return { keptWith: true, answer: transfer, kept: Boolean(judged?.kept) }
      })
    },

    /**
     * Takes part or all of a transfer back to the platform: never more in all than the transfer. It
     * comes out of the connected balance even when that was paid out already, leaving it below
     * zero, as Stripe debits the account.
     */
    reverseTransfer(transferId: string, amountCents: number, idempotencyKey: string) {
      positiveCents(amountCents, 'reversal')
      const id = `trr_emb_${randomToken(18)}`
      return once<TransferReversal>(idempotencyKey, 'reverse_transfer', `${transferId}:${amountCents}`, async (tx) => {
        const [transfer] = await tx.select().from(embeddedTransfers).where(eq(embeddedTransfers.id, transferId)).for('update')
        if (!transfer) throw new TransferRefusedError('missing', `No such transfer: '${transferId}'`)
        const left = transfer.amountCents - transfer.reversedCents
        if (amountCents > left) throw new TransferRefusedError('source_insufficient', `The reversal is more than is left of the transfer (${left} cents).`)
        const now = clock.now()
        await tx.insert(embeddedTransferReversals).values({ id, transferId, amountCents, createdAt: now })
        await tx
          .update(embeddedTransfers)
          .set({ reversedCents: sql`${embeddedTransfers.reversedCents} + ${amountCents}` })
          .where(eq(embeddedTransfers.id, transferId))
        // What it gives back to its charge is the charge's again to transfer (taken before the account's row, as a transfer takes them).
        if (transfer.sourceIntentId)
          await tx
            .update(embeddedPaymentIntents)
            .set({ amountTransferred: sql`${embeddedPaymentIntents.amountTransferred} - ${amountCents}` })
            .where(eq(embeddedPaymentIntents.id, transfer.sourceIntentId))
        await tx
          .update(embeddedConnectedAccounts)
          .set({ balanceCents: sql`${embeddedConnectedAccounts.balanceCents} - ${amountCents}`, updatedAt: now })
          .where(eq(embeddedConnectedAccounts.id, transfer.destination))
        return { id, transferId, amountCents }
      })
    },

    async transfersOf(transferGroup: string): Promise<Transfer[]> {
      const rows = await db
        .select()
        .from(embeddedTransfers)
        .where(eq(embeddedTransfers.transferGroup, transferGroup))
        .orderBy(asc(embeddedTransfers.createdAt), asc(embeddedTransfers.id))
      return rows.map(toTransfer)
    },

    /** The platform's available balance, as Stripe's Balance API reports it. */
    platformBalanceCents: () => platformBalanceCents(db),

    /** A connected account's balance (Stripe's Balance API on the account); null when there is no such account. */
    async connectedBalanceCents(accountId: string): Promise<number | null> {
      const [row] = await db
        .select({ cents: embeddedConnectedAccounts.balanceCents })
        .from(embeddedConnectedAccounts)
        .where(eq(embeddedConnectedAccounts.id, accountId))
      return row?.cents ?? null
    },
  }
}
