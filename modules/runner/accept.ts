import type { Database } from '../../db/database'
import { phoneStatusOf, type UserRow } from '../accounts/index'
import { captureClaim, findOrder, type OrderRow, orderEndings, orderMoves, runnerQueries } from '../orders/index'
import { type CaptureOutcome, groceries, holdWindows, type PaymentGateway } from '../payments/index'
import { payoutDesk } from '../payouts/index'
import { AppError, type Clock, conflict, forbidden, notFound, paymentGatewayUnavailable, RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../shared/index'
import { MESSAGES, ORDER_NO_LONGER_AVAILABLE } from './contract'
import { pausedUntil, refuseWhilePaused } from './give-up'

const noLongerAvailable = (message = ORDER_NO_LONGER_AVAILABLE) => conflict(message, 'ORDER_NO_LONGER_AVAILABLE')

export function assertIsRunner(user: UserRow) {
  if (!user.roles.includes('runner')) throw forbidden(MESSAGES.notARunner, 'NOT_A_RUNNER')
}

/**
 * Charges the card for a runner's claim (once, by the order's key); payments settles the order to
 * match: paid for, or cancelled when the bank declines (capture_failed) or the hold is gone.
 * When the gateway cannot be reached nothing is settled: the caller decides.
 */
const settleCapture = (db: Database, gateway: PaymentGateway, clock: Clock, order: OrderRow): Promise<CaptureOutcome> =>
  captureClaim(db, gateway, clock, order.id, `when runner ${order.runnerId} accepted`)

/**
 * An order whose groceries are paid in the app pays the runner back through payouts, so only a
 * runner whose payouts are enabled may take it: 409 PAYOUTS_NOT_ENABLED, with the way to set them up.
 */
async function refuseWithoutPayouts(db: Database, clock: Clock, runner: UserRow, orderId: string) {
  if (!(await groceries.holdsOf(db, [orderId])).has(orderId)) return
  const { account } = await payoutDesk.accountAndBalance(db, clock, runner.id)
  if (!account.payoutsEnabled)
    throw new AppError(409, 'PAYOUTS_NOT_ENABLED', MESSAGES.payoutsNotEnabled, {
      extra: {
        // The call that answers a link to the payouts form (the app's Set Up Payouts does the same).
        setUp: { method: 'POST', path: '/api/runner/payouts/onboarding' },
      },
    })
}

/**
 * PATCH /api/orders/{id}/accept. The claim is one conditional update (only a waiting order whose
 * hold still stands), so exactly one runner wins; then the card is captured once, by the order's
 * key, unless an earlier runner's accept captured it before they gave the order up. Losers get 409
 * ORDER_NO_LONGER_AVAILABLE; the runner who gave it up, 409 ORDER_GIVEN_UP.
 */
export async function acceptOrder(db: Database, gateway: PaymentGateway, clock: Clock, runner: UserRow, orderId: string): Promise<OrderRow> {
  assertIsRunner(runner)
  if (phoneStatusOf(runner) !== 'verified') {
    throw forbidden('Verify your phone number before you accept deliveries.', 'PHONE_VERIFICATION_REQUIRED', { requiresPhoneVerification: true })
  }
  // The pause is looked up beside the order, not after it: one wait fewer on the path every runner races.
  const [order, pausedTill] = await Promise.all([findOrder(db, orderId), pausedUntil(db, clock, runner.id)])
  if (!order) throw notFound('Order not found', 'ORDER_NOT_FOUND')
  if (order.status === 'pending_runner_acceptance') refuseWhilePaused(pausedTill, clock)
  if (order.buyerId === runner.id) throw forbidden(MESSAGES.ownOrder, 'OWN_ORDER')
  // A second tap by the winner gets the order it already has.
  if (order.runnerId === runner.id && order.status === 'runner_accepted') return order
  if (order.status !== 'pending_runner_acceptance') throw noLongerAvailable()
  if (order.reofferedAt && (await runnerQueries.gaveUp(db, orderId, runner.id))) throw conflict(MESSAGES.gaveUpBefore, 'ORDER_GIVEN_UP')
  // A scheduled order is not on offer before its lead time: as if another runner had it.
  if (order.offersOpenAt.getTime() > clock.now().getTime()) throw noLongerAvailable()
  await refuseWithoutPayouts(db, clock, runner, orderId)

  const claimed = await orderMoves.claim(db, clock, orderId, runner.id)
  if (!claimed) {
    const current = await findOrder(db, orderId)
    // Past its 30 minutes and not yet swept: the hold lapsed, so release it now rather than at the next sweep.
    if (current?.status === 'pending_runner_acceptance' && current.offersOpenAt <= holdWindows.holdLapsedBefore(clock.now())) {
      await orderEndings.releaseAndEnd(db, gateway, clock, current, {
        reason: 'expired',
        because: `no runner within ${RUNNER_ACCEPTANCE_WINDOW_MINUTES} minutes`,
      })
      throw noLongerAvailable(MESSAGES.holdReleased)
    }
    throw noLongerAvailable()
  }

  // Given up by an earlier runner after its capture: paid for already, so nothing is charged again.
  if (claimed.reofferedAt && (await runnerQueries.isPaidFor(db, claimed)))
    return (await db.transaction((tx) => orderMoves.markPaidFor(tx, clock, orderId))) ?? claimed
  const settled = await settleCapture(db, gateway, clock, claimed)
  if (settled.outcome === 'declined') throw conflict(MESSAGES.captureFailed, 'CAPTURE_FAILED')
  if (settled.outcome === 'released') throw noLongerAvailable(MESSAGES.holdReleased)
  if (settled.outcome === 'unreachable') {
    // The order waits again; a capture that did reach the gateway is replayed by the next accept's key.
    await orderMoves.unclaim(db, clock, orderId, runner.id)
    throw paymentGatewayUnavailable(MESSAGES.gatewayDown)
  }
  return (await findOrder(db, orderId))!
}

/**
 * Recovery for a process stopped between a runner's claim and its capture: the capture is tried
 * again under the same key (so it charges at most once) and the order settled to match.
 */
export async function settleInterruptedClaims(db: Database, gateway: PaymentGateway, clock: Clock) {
  const stale = await runnerQueries.unsettledClaims(db, holdWindows.claimStaleBefore(clock.now()))
  const outcomes: Record<string, CaptureOutcome['outcome']> = {}
  for (const order of stale) outcomes[order.id] = (await settleCapture(db, gateway, clock, order)).outcome
  return outcomes
}
