import type { Database } from '../../db/database'
import { phoneStatusOf, type UserRow } from '../accounts/index'
import {
  ACCEPTANCE_WINDOW_MS,
  cancelWaitingOrder,
  findOrder,
  ORDER_NO_LONGER_AVAILABLE,
  type OrderRow,
  releaseRunnerClaim,
  settleOrderPayment,
  transitionOrder,
  unsettledClaims,
} from '../orders/index'
import {
  AppError,
  type Clock,
  conflict,
  describeForLog,
  forbidden,
  idempotencyKeys,
  notFound,
  PaymentDeclinedError,
  type PaymentGateway,
  PaymentStateError,
} from '../shared/index'
import { MESSAGES } from './contract'

const noLongerAvailable = (message = ORDER_NO_LONGER_AVAILABLE) => conflict(message, 'ORDER_NO_LONGER_AVAILABLE')

export function assertIsRunner(user: UserRow) {
  if (!user.roles.includes('runner')) throw forbidden(MESSAGES.notARunner, 'NOT_A_RUNNER')
}

type CaptureOutcome = 'captured' | 'declined' | 'released' | 'unreachable'

/**
 * Who released a hold found gone under a runner's claim: near or past its 30 minutes the sweep
 * (an accept at 29:59 can meet it), before that the buyer.
 */
const SWEEP_GRACE_MS = 60_000
const releasedBecause = (order: OrderRow, clock: Clock) =>
  clock.now().getTime() - order.authorizedAt.getTime() >= ACCEPTANCE_WINDOW_MS - SWEEP_GRACE_MS ? 'expired' : 'buyer'

/**
 * Charges the card for a runner's claim, under the order's own idempotency key, and settles the
 * order to match: captured; or cancelled when the bank declines (capture_failed) or the hold is
 * gone (cancelled). When the gateway cannot be reached nothing is settled: the caller decides.
 */
async function settleCapture(db: Database, gateway: PaymentGateway, clock: Clock, order: OrderRow): Promise<CaptureOutcome> {
  const runnerId = order.runnerId!
  const cancel = (payment: 'capture_failed' | 'cancelled', reason: string) =>
    transitionOrder(db, clock, {
      orderId: order.id,
      from: 'runner_accepted',
      to: 'cancelled',
      whenPayment: 'authorized',
      whenRunner: runnerId,
      set: { runnerId: null, cancelledAt: clock.now(), cancelReason: payment === 'capture_failed' ? 'capture_failed' : releasedBecause(order, clock) },
      payment: { to: payment, reason },
    })
  try {
    await gateway.capture(order.paymentIntentId, idempotencyKeys.capture(order.id))
  } catch (error) {
    if (error instanceof PaymentDeclinedError) {
      await cancel('capture_failed', `capture declined (${error.declineCode})`)
      return 'declined'
    }
    if (error instanceof PaymentStateError && error.status !== 'succeeded') {
      await cancel('cancelled', `the hold was already ${error.status}`)
      return 'released'
    }
    // An intent found already captured is this order's own earlier capture: settle it as captured.
    if (!(error instanceof PaymentStateError)) {
      console.error(`Capturing order ${order.id} failed: ${describeForLog(error, { frames: false })}`)
      return 'unreachable'
    }
  }
  await settleOrderPayment(db, clock, order.id, 'authorized', 'captured', 'captured when a runner accepted')
  return 'captured'
}

/**
 * PATCH /api/orders/{id}/accept. The claim is one conditional update (only a waiting order whose
 * hold still stands), so exactly one runner wins; then the card is captured once, by the order's
 * key. Losers get 409 ORDER_NO_LONGER_AVAILABLE.
 */
export async function acceptOrder(db: Database, gateway: PaymentGateway, clock: Clock, runner: UserRow, orderId: string): Promise<OrderRow> {
  assertIsRunner(runner)
  if (phoneStatusOf(runner) !== 'verified') {
    throw forbidden('Verify your phone number before you accept deliveries.', 'PHONE_VERIFICATION_REQUIRED', { requiresPhoneVerification: true })
  }
  const order = await findOrder(db, orderId)
  if (!order) throw notFound('Order not found', 'ORDER_NOT_FOUND')
  if (order.buyerId === runner.id) throw forbidden(MESSAGES.ownOrder, 'OWN_ORDER')
  // A second tap by the winner gets the order it already has.
  if (order.runnerId === runner.id && order.status === 'runner_accepted') return order
  if (order.status !== 'pending_runner_acceptance') throw noLongerAvailable()

  const now = clock.now()
  const claimed = await transitionOrder(db, clock, {
    orderId,
    from: 'pending_runner_acceptance',
    to: 'runner_accepted',
    whenPayment: 'authorized',
    whenAuthorizedAfter: new Date(now.getTime() - ACCEPTANCE_WINDOW_MS),
    set: { runnerId: runner.id, acceptedAt: now },
  })
  if (!claimed) {
    const current = await findOrder(db, orderId)
    // Past its 30 minutes and not yet swept: the hold lapsed, so release it now rather than at the next sweep.
    if (current?.status === 'pending_runner_acceptance') {
      await cancelWaitingOrder(db, gateway, clock, current, 'expired').catch(() => {})
      throw noLongerAvailable(MESSAGES.holdReleased)
    }
    throw noLongerAvailable()
  }

  const outcome = await settleCapture(db, gateway, clock, claimed)
  if (outcome === 'declined') throw conflict(MESSAGES.captureFailed, 'CAPTURE_FAILED')
  if (outcome === 'released') throw noLongerAvailable(MESSAGES.holdReleased)
  if (outcome === 'unreachable') {
    // The order waits again; a capture that did reach the gateway is replayed by the next accept's key.
    await releaseRunnerClaim(db, clock, orderId, runner.id)
    throw new AppError(503, 'PAYMENT_GATEWAY_UNAVAILABLE', MESSAGES.gatewayDown)
  }
  return (await findOrder(db, orderId))!
}

/** Two minutes is far longer than any capture takes; a claim still unsettled then was interrupted. */
const STALE_CLAIM_MS = 2 * 60_000

/**
 * Recovery for a process stopped between a runner's claim and its capture: the capture is tried
 * again under the same key (so it charges at most once) and the order settled to match.
 */
export async function settleInterruptedClaims(db: Database, gateway: PaymentGateway, clock: Clock) {
  const stale = await unsettledClaims(db, new Date(clock.now().getTime() - STALE_CLAIM_MS))
  const outcomes: Record<string, CaptureOutcome> = {}
  for (const order of stale) outcomes[order.id] = await settleCapture(db, gateway, clock, order)
  return outcomes
}
