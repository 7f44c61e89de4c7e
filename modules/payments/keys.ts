/**
 * Idempotency keys, one per thing that may happen to money, built from our own ids: a retry
 * of the same thing replays the gateway's first answer, so nothing is charged or released twice.
 */
export const idempotencyKeys = {
  createIntent: (buyerId: string, requestId: string) => `checkout:${buyerId}:${requestId}:create`,
  capture: (orderId: string) => `order:${orderId}:capture`,
  cancelOrder: (orderId: string) => `order:${orderId}:cancel`,
  releaseIntent: (intentId: string) => `intent:${intentId}:cancel`,
}
