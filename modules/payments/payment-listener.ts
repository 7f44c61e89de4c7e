import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import type { PaymentGateway } from './gateways/gateway'

/** Why an order's hold ended, in payments' words: orders turns it into its own cancel reason. */
export type HoldEndCause =
  /** The bank refused the capture; the hold is gone with it. */
  | 'declined'
  /** Released for the buyer, support, or the sweep's 30 minutes (the caller who asked says which). */
  | 'buyer'
  | 'support'
  | 'expired'
  /** Found released under a runner's claim: by the buyer, or near its 30 minutes by the sweep. */
  | 'found released'
  /** Cancelled at Stripe (its dashboard, or its own expiry), told by the webhook. */
  | 'gateway'

/**
 * How orders hear that an order's payment moved, whoever moved it: our own capture and release,
 * and Stripe's webhook, take the same path. The two halves run first in the payment's own
 * transaction, so the order's row is locked before the payment's (the agreed lock order), and
 * the two move together or not at all: a half answers false when its order is not where the
 * payment's move needs it, and then nothing changes.
 */
export interface PaymentListener {
  /** The hold was captured: the order a runner claimed is now paid for. */
  captured(tx: Database, orderId: string): Promise<boolean>
  /** The hold is gone (released, or refused at capture): an order still waiting on it ends. */
  holdEnded(tx: Database, orderId: string, cause: HoldEndCause): Promise<boolean>
  /** Money came back on the order's card, and payments has recorded it (outside any transaction). */
  refunded(orderId: string): Promise<void>
  /**
   * The order's grocery hold was captured: in the capture's own transaction, so what the card
   * paid for the groceries and what the runner is owed for them are written together.
   */
  groceriesCaptured(tx: Database, orderId: string, capture: GroceriesCaptured): Promise<void>
  /**
   * A grocery charge was declined (the hold's capture, or the extra above it), so what it could
   * not take is paid at the door: in the decline's own transaction. `final` once no grocery
   * charge of the order is still pending, so what is left to the door will not change again.
   */
  groceriesDeclined(tx: Database, orderId: string, decline: { final: boolean }): Promise<void>
}

/** A grocery hold's capture as the listener hears it: the intent, what the card paid for the groceries (groceriesCharged), and when. */
export type GroceriesCaptured = { paymentIntentId: string; chargedCents: number; capturedAt: Date }

export type PaymentMoveDeps = { db: Database; clock: Clock; gateway: PaymentGateway; listener: PaymentListener }
