import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { batchedLookupPer, type Clock, isUuid, type RunnerSince, runnerSinceLookup, runnerSinceRows } from '../shared/index'
import { accountView, payoutAccountOf, payoutAccountsOf } from './accounts'
import {
  bankFailureCode,
  bankFailureWords,
  PAYOUT_PAGE_SIZE,
  type PayoutBalance,
  type PayoutLine,
  type PayoutLineStatus,
  type PayoutsResponse,
  payoutLineStatus,
} from './contract'
import { availableAt, dueBy, type LineRow, netOf } from './ledger'
import { refusalCause, refusedAtLastAttempt } from './refusals'
import { payoutAccounts, payoutLines, payoutTotals } from './schema'

export const toPayoutLine = (line: LineRow, now: Date): PayoutLine => ({
  id: line.id,
  orderId: line.orderId,
  kind: line.kind,
  amountCents: line.transferredCents ?? line.amountCents,
  reversedCents: line.reversedCents,
  status: payoutLineStatus(line, now),
  availableAt: line.availableAt.toISOString(),
  paidAt: line.paidAt?.toISOString() ?? null,
  transferId: line.transferId,
  bankPaidAt: line.bankPaidAt?.toISOString() ?? null,
  returnedAt: line.returnedAt?.toISOString() ?? null,
  returnReason: line.returnedAt ? bankFailureWords(line.returnCode) : null,
  returnCode: line.returnedAt ? bankFailureCode(line.returnCode) : null,
  lastAttemptRefused: refusedAtLastAttempt(line),
  createdAt: line.createdAt.toISOString(),
})

/**
 * The balances of these runners at once: what is pending, held, available, and of what was
 * transferred (net of reversals), in transit, returned and paid to the bank. One statement over
 * their kept totals (payout_totals); only the unpaid lines whose window is still open are read,
 * from an index, to split the unpaid amount into pending and available at `now`.
 */
export async function balancesOf(db: Database, clock: Clock, runnerIds: readonly string[]): Promise<Map<string, PayoutBalance>> {
  const now = clock.now()
  const pending = db
    .select({ cents: sql<number>`coalesce(sum(${payoutLines.amountCents}), 0)::int` })
    .from(payoutLines)
    .where(and(eq(payoutLines.runnerId, payoutTotals.runnerId), isNull(payoutLines.paidAt), eq(payoutLines.held, false), gt(payoutLines.availableAt, now)))
  const rows =
    runnerIds.length === 0
      ? []
      : await db
          .select({
            runnerId: payoutTotals.runnerId,
            unpaidCents: payoutTotals.unpaidCents,
            pendingCents: sql<number>`(${pending})`.mapWith(Number),
            heldCents: payoutTotals.heldCents,
            inTransitCents: payoutTotals.inTransitCents,
            returnedCents: payoutTotals.returnedCents,
            paidCents: payoutTotals.paidCents,
          })
          .from(payoutTotals)
          .where(inArray(payoutTotals.runnerId, [...runnerIds]))
  const balances = new Map(runnerIds.map((id) => [id, { pendingCents: 0, heldCents: 0, availableCents: 0, inTransitCents: 0, returnedCents: 0, paidCents: 0 }]))
  for (const { runnerId, unpaidCents, pendingCents, ...kept } of rows)
    balances.set(runnerId, { ...kept, pendingCents, availableCents: unpaidCents - pendingCents })
  return balances
}

/** A runner's account and balances, for support's `runners show`, with each line the gateway refused at its last attempt and why. */
export async function accountAndBalance(db: Database, clock: Clock, runnerId: string) {
  const [account, balances, refused] = await Promise.all([
    payoutAccountOf(db, runnerId),
    balancesOf(db, clock, [runnerId]),
    db
      .select()
      .from(payoutLines)
      .where(and(eq(payoutLines.runnerId, runnerId), isNull(payoutLines.paidAt), isNotNull(payoutLines.lastError)))
      .orderBy(desc(payoutLines.createdAt), desc(payoutLines.id)),
  ])
  return {
    account: accountView(account),
    balance: balances.get(runnerId)!,
    refused: refused.map((line) => ({ lineId: line.id, orderId: line.orderId, kind: line.kind, amountCents: line.amountCents, cause: refusalCause(line)! })),
  }
}

/** A page's cursor: the last line's time and id, so lines written in the same instant are neither skipped nor repeated. */
const encodeCursor = (line: LineRow) => Buffer.from(JSON.stringify([line.createdAt.toISOString(), line.id])).toString('base64url')
function decodeCursor(cursor: string | undefined): { createdAt: Date; id: string } | null {
  if (!cursor) return null
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [string, string]
    const createdAt = new Date(at)
    return Number.isNaN(createdAt.getTime()) || typeof id !== 'string' || !isUuid(id) ? null : { createdAt, id }
  } catch {
    return null
  }
}

/**
 * The newest lines of each of these runners, a page and one more each (so a page knows whether
 * another follows), newest first: one statement that takes each runner's range of their index.
 */
async function firstPagesOf(db: Database, runnerIds: readonly string[]): Promise<Map<string, LineRow[]>> {
  const newest = sql`(select l.id from unnest(${sql.param([...runnerIds])}::uuid[]) as r(runner_id) cross join lateral (${db
    .select({ id: payoutLines.id })
    .from(payoutLines)
    .where(sql`${payoutLines.runnerId} = r.runner_id`)
    .orderBy(desc(payoutLines.createdAt), desc(payoutLines.id))
    .limit(PAYOUT_PAGE_SIZE + 1)}) as l)`
  const pages = new Map<string, LineRow[]>(runnerIds.map((id) => [id, []]))
  for (const line of await db.select().from(payoutLines).where(sql`${payoutLines.id} in ${newest}`).orderBy(desc(payoutLines.createdAt), desc(payoutLines.id)))
    pages.get(line.runnerId)?.push(line)
  return pages
}

/**
 * Every GET /api/runner/payouts reads the runner's account, balances and first page: requests that
 * come together share one read of each (batchedLookup), still made after each request arrived.
 */
const accountLookup = batchedLookupPer((db: Database, _clock: Clock) => (runnerIds: string[]) => payoutAccountsOf(db, runnerIds))
const balanceLookup = batchedLookupPer((db: Database, clock: Clock) => (runnerIds: string[]) => balancesOf(db, clock, runnerIds))
const firstPageLookup = batchedLookupPer((db: Database, _clock: Clock) => (runnerIds: string[]) => firstPagesOf(db, runnerIds))

/** A later page: the lines after the cursor's, a page and one more. */
function pageAfter(db: Database, runnerId: string, after: { createdAt: Date; id: string }) {
  return db
    .select()
    .from(payoutLines)
    .where(
      and(
        eq(payoutLines.runnerId, runnerId),
        or(lt(payoutLines.createdAt, after.createdAt), and(eq(payoutLines.createdAt, after.createdAt), sql`${payoutLines.id} < ${after.id}`)),
      ),
    )
    .orderBy(desc(payoutLines.createdAt), desc(payoutLines.id))
    .limit(PAYOUT_PAGE_SIZE + 1)
}

/** GET /api/runner/payouts: the runner's account, balances and lines, newest first, 50 at a time. */
export async function payoutStatement(db: Database, clock: Clock, runnerId: string, cursor?: string): Promise<PayoutsResponse> {
  const after = decodeCursor(cursor)
  const [account, balance, lines] = await Promise.all([
    accountLookup(db, clock)(runnerId),
    balanceLookup(db, clock)(runnerId),
    after ? pageAfter(db, runnerId, after) : firstPageLookup(db, clock)(runnerId),
  ])
  const page = (lines ?? []).slice(0, PAYOUT_PAGE_SIZE)
  const now = clock.now()
  return {
    account: accountView(account),
    balance: balance!,
    earnings: page.map((line) => toPayoutLine(line, now)),
    nextCursor: (lines ?? []).length > PAYOUT_PAGE_SIZE ? encodeCursor(page.at(-1)!) : null,
  }
}

/** The lines in each status at `now` (contract.ts's payoutLineStatus, in SQL). */
const linesIn = (now: Date): Record<PayoutLineStatus, SQL | undefined> => ({
  in_transit: eq(payoutLines.bankStatus, 'in_transit'),
  returned: eq(payoutLines.bankStatus, 'returned'),
  paid: eq(payoutLines.bankStatus, 'paid'),
  held: and(isNull(payoutLines.paidAt), eq(payoutLines.held, true)),
  pending: and(isNull(payoutLines.paidAt), eq(payoutLines.held, false), gt(payoutLines.availableAt, now)),
  available: availableAt(now),
})

/** For support's `payouts list`: newest first, by runner and status, each refused line with the cause of its refusal. */
export async function linesForSupport(db: Database, clock: Clock, filter: { runnerId?: string; status?: PayoutLineStatus; limit?: number }) {
  const now = clock.now()
  const byStatus = linesIn(now)
  const rows = await db
    .select()
    .from(payoutLines)
    .where(and(filter.runnerId ? eq(payoutLines.runnerId, filter.runnerId) : undefined, filter.status ? byStatus[filter.status] : undefined))
    .orderBy(desc(payoutLines.createdAt), desc(payoutLines.id))
    .limit(filter.limit ?? 500)
  return rows.map((line) => ({ ...toPayoutLine(line, now), runnerId: line.runnerId, netCents: netOf(line), refusal: refusalCause(line) }))
}

/**
 * What the ledger says runners earned by delivering, net of refunds and reversals: all of it (kept
 * in payout_totals), and since a time (today's lines, from the runner's index), for each runner and
 * time asked. For the runners' stats; groceries paid back are not earnings.
 */
async function earnedByMany(db: Database, asked: readonly RunnerSince[]) {
  const net = sql`case when ${payoutLines.transferredCents} is null then ${payoutLines.amountCents} else ${payoutLines.transferredCents} - ${payoutLines.reversedCents} end`
  const rows = await db
    .select({
      n: sql<number>`r.n`.mapWith(Number),
      allTimeCents: sql<number>`coalesce((${db
        .select({ cents: payoutTotals.deliveryEarnedCents })
        .from(payoutTotals)
        .where(sql`${payoutTotals.runnerId} = r.runner_id`)}), 0)`.mapWith(Number),
      sinceCents: sql<number>`(${db
        .select({ cents: sql`coalesce(sum(${net}), 0)::int` })
        .from(payoutLines)
        .where(and(sql`${payoutLines.runnerId} = r.runner_id`, eq(payoutLines.kind, 'delivery'), sql`${payoutLines.createdAt} >= r.since`))})`.mapWith(Number),
    })
    .from(runnerSinceRows(asked))
  return rows.map(({ n, allTimeCents, sinceCents }) => ({ n, value: { allTimeCents, sinceCents } }))
}

/** Every GET /api/runner/stats reads this: requests that come together share one read. */
const earnedLookup = runnerSinceLookup(earnedByMany, { allTimeCents: 0, sinceCents: 0 })

/** What a runner earned by delivering, all of it and since `since` (earnedByMany), read together with other requests' runners. */
export async function earnedBy(db: Database, clock: Clock, runnerId: string, since: Date) {
  return earnedLookup(db, clock, { runnerId, since })
}

/** What each of these orders' deliveries earned their runners, as the ledger has it now: net of refunds and reversals, with the line's status. */
export async function deliveryEarningsOf(
  db: Database,
  clock: Clock,
  orderIds: readonly string[],
): Promise<Map<string, { amountCents: number; status: PayoutLineStatus }>> {
  if (orderIds.length === 0) return new Map()
  const now = clock.now()
  const lines = await db
    .select()
    .from(payoutLines)
    .where(and(inArray(payoutLines.orderId, [...orderIds]), eq(payoutLines.kind, 'delivery')))
  return new Map(lines.map((line) => [line.orderId, { amountCents: netOf(line), status: payoutLineStatus(line, now) }]))
}

/** Due this long and not paid to a runner whose payouts are enabled, a line is stuck: runs come every few minutes. */
const STUCK_AFTER_MS = 60 * 60_000

/**
 * The operator's figures (GET /metrics): how many lines are in each status; how many unpaid ones
 * the gateway refused at their last attempt (the next run tries them again); and how many are
 * stuck, due for an hour to a runner whose payouts are enabled.
 */
export async function lineFigures(db: Database, clock: Clock) {
  const now = clock.now()
  const statuses = Object.entries(linesIn(now)) as [PayoutLineStatus, SQL | undefined][]
  const [[row], [stuck]] = await Promise.all([
    db
      .select({
        ...Object.fromEntries(statuses.map(([status, where]) => [status, sql<number>`count(*) filter (where ${where})::int`])),
        refused: sql<number>`count(*) filter (where ${and(isNull(payoutLines.paidAt), isNotNull(payoutLines.lastError))})::int`,
      })
      .from(payoutLines),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(payoutLines)
      .innerJoin(payoutAccounts, and(eq(payoutAccounts.runnerId, payoutLines.runnerId), eq(payoutAccounts.status, 'enabled')))
      .where(dueBy(new Date(now.getTime() - STUCK_AFTER_MS))),
  ])
  const counts = (row ?? {}) as Record<string, number>
  return {
    byStatus: Object.fromEntries(statuses.map(([status]) => [status, Number(counts[status] ?? 0)])) as Record<PayoutLineStatus, number>,
    refusedAtLastAttempt: Number(counts.refused ?? 0),
    stuck: Number(stuck?.count ?? 0),
  }
}
