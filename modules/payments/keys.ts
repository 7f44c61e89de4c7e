/**
 * Idempotency keys, one per thing that may happen to money, built from our own ids: a retry
 * of the same thing replays the gateway's first answer, so nothing is charged or released twice.
 */
export const idempotencyKeys = {
  createIntent: (buyerId: string, requestId: string) => `checkout:${buyerId}:${requestId}:create`,
  /** A buyer's Customer at the gateway, the owner of their saved card: one per buyer, however often they check out. */
  customer: (buyerId: string) => `buyer:${buyerId}:customer`,
  /** The grocery hold a checkout asks for beside the fee and tip's authorization. */
  createGroceryIntent: (buyerId: string, requestId: string) => `checkout:${buyerId}:${requestId}:grocery-create`,
  /** An intent confirmed from the server on the card its checkout saved. */
  confirmOnSavedCard: (intentId: string) => `intent:${intentId}:confirm`,
  capture: (orderId: string) => `order:${orderId}:capture`,
  cancelOrder: (orderId: string) => `order:${orderId}:cancel`,
  releaseIntent: (intentId: string) => `intent:${intentId}:cancel`,
  /** Releasing an order's grocery hold, whichever ending before pick-up asks first. */
  releaseGroceryHold: (orderId: string) => `order:${orderId}:grocery-cancel`,
  /** A new grocery hold in place of this one, authorized again before its order is offered again: one however often the give-up is tried. */
  renewGroceryHold: (intentId: string) => `intent:${intentId}:grocery-renew`,
  /** The one capture of an order's grocery hold, at the settled total: the buyer's confirmation and its retries share it. */
  captureGroceryHold: (orderId: string) => `order:${orderId}:grocery-capture`,
  /** The one extra charge of what an order's grocery total came to above its hold, on the saved card: the confirmation and its retries share it. */
  chargeGroceryExtra: (orderId: string) => `order:${orderId}:grocery-extra`,
  /** The full refund an order is owed when it ends before pick-up. */
  owedRefund: (orderId: string) => `order:${orderId}:refund`,
  /** The one refund support may make when resolving a problem. */
  problemRefund: (problemId: string) => `problem:${problemId}:refund`,
  /**
   * A refund support makes by hand without a key of its own: the same order, charge, amount (or
   * `all`) and reason make the same key, so a command run again after it timed out finishes or
   * repeats that refund instead of making a second. The reason goes in as its hash, to keep the
   * key short whatever was written.
   */
  supportRefund: (orderId: string, part: string, amount: number | 'rest', reason: string) =>
    `support:${orderId}:${part}:${amount === 'rest' ? 'all' : amount}:${new Bun.CryptoHasher('sha256').update(reason.trim()).digest('hex').slice(0, 16)}`,
  /** A refund made in Stripe's dashboard, taken into our ledger by its webhook. */
  dashboardRefund: (gatewayRefundId: string) => `stripe:${gatewayRefundId}`,
  /** A runner's connected account: one per runner, however often onboarding starts. */
  connectedAccount: (runnerId: string) => `runner:${runnerId}:connected-account`,
  /**
   * The transfer of an earnings line. The attempt changes only after the gateway refused one
   * (nothing moved), so a retry of an attempt whose answer was lost replays it, never a second transfer.
   */
  lineTransfer: (lineId: string, attempt: number) => `payout-line:${lineId}:transfer:${attempt}`,
  /** One reversal of a line's transfer, claimed in payouts' ledger before the gateway is asked. */
  lineReversal: (lineId: string, reversalId: string) => `payout-line:${lineId}:reversal:${reversalId}`,
}

/** Every transfer of one order's money shares its group (Stripe's transfer_group). */
export const transferGroupOf = (orderId: string) => `order:${orderId}`

/** The namespaces of the keys above that the system makes itself: a key given by hand may not start with one. */
const SYSTEM_KEY_PREFIXES = ['buyer:', 'checkout:', 'order:', 'intent:', 'problem:', 'stripe:', 'runner:', 'payout-line:']

/** Whether a key from outside (support's `--key`) would take the place of one the system makes itself. */
export const isSystemKey = (key: string) => SYSTEM_KEY_PREFIXES.some((prefix) => key.trim().toLowerCase().startsWith(prefix))

/** The advisory lock under which a payment's refunds are claimed, settled and counted. */
export const refundLock = (paymentIntentId: string) => `refund:${paymentIntentId}`
