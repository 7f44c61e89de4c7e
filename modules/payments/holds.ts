import { type PaymentGateway, PaymentStateError } from './gateways/gateway'

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
