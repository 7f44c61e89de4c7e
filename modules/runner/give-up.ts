import { eq } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { UserRow } from '../accounts/index'
import { findOrder, invalidTransition, orderEndings, orderMoves, runnerQueries } from '../orders/index'
import { groceries, type PaymentGateway, paymentErrors } from '../payments/index'
import { AppError, type Clock, notFound, paymentGatewayUnavailable } from '../shared/index'
import { GIVE_UP_PAUSE_HOURS, GIVE_UP_WINDOW_DAYS, GIVE_UPS_ALLOWED, MESSAGES, REOFFER_GROCERY_HOLD_MAX_DAYS } from './contract'
import { refuseUntilPaid } from './delivery'
import { runnerAvailability } from './schema'

// Orders a runner may give up before their accepts pause ("release" is kept for a card's hold), in the contract so the app says the same.
const HOUR_MS = 60 * 60_000
const GIVE_UP_WINDOW_MS = GIVE_UP_WINDOW_DAYS * 24 * HOUR_MS
const PAUSE_MS = GIVE_UP_PAUSE_HOURS * HOUR_MS

async function forgivenAt(db: Database, runnerId: string): Promise<Date | null> {
  const [row] = await db.select({ at: runnerAvailability.releasesForgivenAt }).from(runnerAvailability).where(eq(runnerAvailability.userId, runnerId))
  return row?.at ?? null
}

/**
 * Until when a runner's accepts are paused: more than GIVE_UPS_ALLOWED orders given up in
 * GIVE_UP_WINDOW_DAYS pauses them for GIVE_UP_PAUSE_HOURS from the last one. Orders given up before support lifted a pause do not count. Null
 * when not paused.
 */
export async function pausedUntil(db: Database, clock: Clock, runnerId: string): Promise<Date | null> {
  const now = clock.now().getTime()
  // Both read at once (this is on the accept's path): the window's give-ups, then those after the forgiving.
  const [forgiven, inWindow] = await Promise.all([forgivenAt(db, runnerId), runnerQueries.givenUpSince(db, runnerId, new Date(now - GIVE_UP_WINDOW_MS))])
  const givenUp = forgiven ? inWindow.filter((at) => at.getTime() > forgiven.getTime()) : inWindow
  if (givenUp.length <= GIVE_UPS_ALLOWED) return null
  const until = new Date(givenUp[0]!.getTime() + PAUSE_MS)
  return until.getTime() > now ? until : null
}

/** 409 RUNNER_PAUSED while a pause (from pausedUntil) lasts, with the time left. */
export function refuseWhilePaused(until: Date | null, clock: Clock) {
  if (!until) return
  throw new AppError(409, 'RUNNER_PAUSED', MESSAGES.paused(until), {
    retryAfterSeconds: Math.ceil((until.getTime() - clock.now().getTime()) / 1000),
    extra: { pausedUntil: until.toISOString() },
  })
}

/**
 * POST /api/orders/{id}/release (the route keeps its old name for the apps that call it): the
 * assigned runner gives up an order they cannot do, before pick-up. It goes back to the offers,
 * its fee and tip captured and its grocery hold standing; runners near the store and the buyer
 * hear of it, and if no one takes it within 30 minutes the sweep ends it, refunded in full. A
 * grocery hold older than REOFFER_GROCERY_HOLD_MAX_DAYS would lapse under the next runner: it is
 * authorized again on the buyer's saved card first, the old one released. Declined, the order
 * ends now, refunded in full; the gateway out of reach, 503 PAYMENT_GATEWAY_UNAVAILABLE and the
 * order as it was, for the runner to try again.
 */
export async function giveUpOrder(db: Database, gateway: PaymentGateway, clock: Clock, runner: UserRow, orderId: string) {
  const order = await findOrder(db, orderId)
  if (!order || order.runnerId !== runner.id) throw notFound('Order not found', 'ORDER_NOT_FOUND')
  if (order.status !== 'runner_accepted') throw invalidTransition(order.status, 'pending_runner_acceptance')
  await refuseUntilPaid(db, order)
  if ((await renewOldGroceryHold(db, gateway, clock, orderId)).outcome === 'declined') {
    const ended = await orderEndings.endPaidOrder(db, gateway, clock, orderId, { reason: 'runner_released', runnerId: runner.id })
    if (!ended) throw invalidTransition((await findOrder(db, orderId))?.status ?? order.status, 'cancelled')
    return ended
  }
  // No sweep renews a hold while the order waits again: its re-offer ends 30 minutes after the give-up, long before a fresh hold is 5 days old.
  const reoffered = await orderMoves.reoffer(db, clock, orderId, runner.id)
  if (!reoffered) throw invalidTransition((await findOrder(db, orderId))?.status ?? order.status, 'pending_runner_acceptance')
  return reoffered
}

/** The order's grocery hold authorized again when older than REOFFER_GROCERY_HOLD_MAX_DAYS; 503 when the gateway cannot be reached. */
async function renewOldGroceryHold(db: Database, gateway: PaymentGateway, clock: Clock, orderId: string) {
  const olderThan = new Date(clock.now().getTime() - REOFFER_GROCERY_HOLD_MAX_DAYS * 24 * HOUR_MS)
  try {
    return await groceries.renewOldHold({ db, clock, gateway }, orderId, olderThan)
  } catch (error) {
    if (error instanceof paymentErrors.GatewayUnavailableError) throw paymentGatewayUnavailable(MESSAGES.gatewayDownAtGiveUp)
    throw error
  }
}

/** Support's view of paused runners: everyone whose accepts are paused now. */
export async function pausedRunners(db: Database, clock: Clock) {
  const candidates = await runnerQueries.givenUpCountsSince(db, new Date(clock.now().getTime() - GIVE_UP_WINDOW_MS))
  const ids = candidates.filter((row) => row.runnerId && row.givenUp > GIVE_UPS_ALLOWED).map((row) => row.runnerId!)
  if (ids.length === 0) return []
  const paused = await Promise.all(ids.map(async (runnerId) => ({ runnerId, until: await pausedUntil(db, clock, runnerId) })))
  return paused.filter((entry): entry is { runnerId: string; until: Date } => entry.until !== null)
}

/** Support lifts a runner's pause: the orders given up so far stop counting. */
export async function liftPause(db: Database, clock: Clock, runnerId: string) {
  const now = clock.now()
  await db
    .insert(runnerAvailability)
    .values({ userId: runnerId, releasesForgivenAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: runnerAvailability.userId, set: { releasesForgivenAt: now, updatedAt: now } })
}
