import { describeForLog } from '../shared/index'
import { PaymentDeclinedError, type PaymentGateway, PaymentStateError } from './gateway'
import { idempotencyKeys } from './keys'

/**
 * Cancelling to release a hold: an intent that is already cancelled is already released (the
 * capture of a declined card cancels it, as does an earlier sweep under another key).
 * Throws when the gateway cannot be reached; the same call may be retried.
 */
export async function releaseHold(gateway: PaymentGateway, intentId: string, idempotencyKey: string): Promise<'released' | 'captured'> {
  try {
    await gateway.cancel(intentId, idempotencyKey)
    return 'released'
  } catch (error) {
    if (error instanceof PaymentStateError && error.status === 'canceled') return 'released'
    if (error instanceof PaymentStateError && error.status === 'succeeded') return 'captured'
    throw error
  }
}

/** Releases an order's hold, under the order's own key. */
export const releaseOrderHold = (gateway: PaymentGateway, order: { id: string; paymentIntentId: string }) =>
  releaseHold(gateway, order.paymentIntentId, idempotencyKeys.cancelOrder(order.id))

export type CaptureOutcome =
  | { outcome: 'captured' }
  /** The bank refused the charge; the hold is gone with it. */
  | { outcome: 'declined'; declineCode: string }
  /** The hold was already released (the buyer cancelled, or the sweep's 30 minutes). */
  | { outcome: 'released' }
  /** The gateway did not answer: nothing is known, and the same capture may be tried again. */
  | { outcome: 'unreachable' }

/**
 * Charges an order's hold, once: under the order's own key, so a retry replays the first
 * answer, and an intent found already captured is this order's own earlier capture.
 */
export async function captureOrder(gateway: PaymentGateway, order: { id: string; paymentIntentId: string }): Promise<CaptureOutcome> {
  try {
    await gateway.capture(order.paymentIntentId, idempotencyKeys.capture(order.id))
    return { outcome: 'captured' }
  } catch (error) {
    if (error instanceof PaymentDeclinedError) return { outcome: 'declined', declineCode: error.declineCode }
    if (error instanceof PaymentStateError) return error.status === 'succeeded' ? { outcome: 'captured' } : { outcome: 'released' }
    console.error(`Capturing order ${order.id} failed: ${describeForLog(error, { frames: false })}`)
    return { outcome: 'unreachable' }
  }
}
