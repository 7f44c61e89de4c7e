// The payment provider's interface: payments implements it twice (embedded and Stripe), chooses
// neither (providersFromConfig does), and is the only module that calls it.

/** Stripe's PaymentIntent statuses; both gateways use them as Stripe does. */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled'

export type PaymentIntent = {
  id: string
  status: IntentStatus
  amountCents: number
  /** What was captured of it (Stripe's amount_received): nothing until the capture, then its amount. */
  amountReceivedCents: number
  currency: string
  metadata: Record<string, string>
  /** The buyer's Customer at the gateway, when the intent was made for one. */
  customerId: string | null
  /** The card the intent was confirmed with (saved to the customer when the intent asked to save it). */
  paymentMethodId: string | null
  /** Why the last confirmation was declined, while the intent still waits for a card: its decline code. */
  lastDeclineCode: string | null
}

/**
 * Card payments as Kirana uses them: authorize now (manual capture), capture when a runner
 * accepts, cancel when nobody does. Every create, capture and cancel carries an idempotency
 * key built from our own ids, so a retry can never charge or release twice.
 */
export interface PaymentGateway {
  kind: 'embedded' | 'stripe'
  /** What the browser's card form needs: Stripe's publishable key, or null for the embedded form. */
  publishableKey: string | null
  createIntent(input: CreateIntentInput): Promise<PaymentIntent & { clientSecret: string }>
  /** A Customer for one buyer, the owner of the cards saved for later. Once per key: the same key answers the same customer. */
  createCustomer(input: { buyerId: string; idempotencyKey: string }): Promise<{ id: string }>
  /**
   * Confirms an intent from the server on a card saved to its customer, the buyer not at hand
   * (Stripe's off_session): a manual-capture intent becomes a hold. A decline throws
   * PaymentDeclinedError and leaves the intent waiting for a card.
   */
  confirmWithSavedCard(id: string, input: { paymentMethodId: string; idempotencyKey: string }): Promise<PaymentIntent>
  /**
   * Charges a card saved to a customer at once, from the server with the buyer away (Stripe's
   * off_session confirm at creation, automatic capture): an extra charge, never a hold. A decline
   * is an answer, not an error: the intent comes back waiting for a card, with its decline code.
   * The same key is the same charge.
   */
  chargeSavedCard(input: ChargeSavedCardInput): Promise<PaymentIntent>
  /** null when the gateway has no such intent. */
  retrieveIntent(id: string): Promise<PaymentIntent | null>
  /** Captures the whole hold, or `amountCents` of it (Stripe's amount_to_capture): the rest is released. */
  capture(id: string, idempotencyKey: string, amountCents?: number): Promise<PaymentIntent>
  cancel(id: string, idempotencyKey: string): Promise<PaymentIntent>
  /** Returns part or all of a captured payment; never more in total than was captured. The same key is the same refund. */
  refund(id: string, amountCents: number, idempotencyKey: string): Promise<Refund>
  /**
   * Every refund the gateway holds on a payment, ours (with our idempotency key) or made by hand
   * in its dashboard (none): where a gateway can be refunded outside our calls (Stripe).
   */
  refundsOf?(paymentIntentId: string): Promise<GatewayRefund[]>
  /** Many intents in one call, where the gateway can (the embedded one); else they are retrieved one by one. Those it has none of are left out. */
  intentsOf?(ids: readonly string[]): Promise<Map<string, PaymentIntent>>
  /**
   * What has come back on each of many payments in one call, where the gateway can (the embedded
   * one): its refunds summed; those with none are left out. Else each payment's refunds are listed
   * on their own, where the gateway can list them (refundsOf).
   */
  refundedOf?(ids: readonly string[]): Promise<Map<string, number>>

  // Money going out (Stripe Connect, separate charges and transfers): runners' connected accounts and transfers to them.

  /**
   * A connected account the platform controls, for one runner: Express dashboard, payouts to the
   * runner's bank. Once per key: the same key answers the same account.
   */
  createAccount(input: { runnerId: string; email: string | null; idempotencyKey: string }): Promise<ConnectedAccount>
  /** null when the gateway has no such account. */
  retrieveAccount(id: string): Promise<ConnectedAccount | null>
  /** A one-time link to the account's onboarding form; it comes back to returnUrl, or to refreshUrl when the link was used or expired. */
  accountLink(id: string, urls: { returnUrl: string; refreshUrl: string }): Promise<{ url: string }>
  /**
   * Moves money to a connected account, tied to the charge it came from (source_transaction)
   * and grouped with its order (transfer_group). The same key is the same transfer. Refused
   * (TransferRefusedError) when the account cannot take transfers, or when what pays for it
   * cannot cover it: its charge (what is left of it, whatever the platform's balance), or with
   * no charge named the platform's available balance.
   */
  transfer(input: TransferRequest): Promise<Transfer>
  /** Takes part or all of a transfer back to the platform's balance; never more in all than was transferred. The same key is the same reversal. */
  reverseTransfer(transferId: string, amountCents: number, idempotencyKey: string): Promise<TransferReversal>
  /** Every transfer the gateway holds in a transfer group (an order's), with what was reversed of each: for the consistency check. */
  transfersOf(transferGroup: string): Promise<Transfer[]>
  /** The platform's available balance (Stripe's Balance API), in cents: what pays a transfer that names no charge. Below zero when the platform owes. */
  platformBalanceCents(): Promise<number>
  /**
   * Pays each connected account's balance to its bank, at most once a day, telling `accounts` of
   * each payout, paid or failed. Only where the platform must do it (the embedded stand-in): Stripe
   * pays connected accounts out on their own schedule and says so through its webhook.
   */
  payOutBalances?(accounts: AccountListener): Promise<{ paid: unknown[]; failed: unknown[] }>
}

export type CreateIntentInput = {
  amountCents: number
  metadata: Record<string, string>
  idempotencyKey: string
  /** The buyer's Customer: a card saved by this intent is attached to it. */
  customerId?: string
  /** Save the card this intent is confirmed with to its customer, for charges made later from the server (Stripe's setup_future_usage: off_session). */
  saveCard?: boolean
}

export type ChargeSavedCardInput = {
  amountCents: number
  customerId: string
  /** A card saved to that customer. */
  paymentMethodId: string
  metadata: Record<string, string>
  idempotencyKey: string
}

/**
 * A connected account as the gateway reports it. `payoutsEnabled`: transfers and payouts to the
 * bank may go. `requirementsDue`: what the gateway still asks of the runner (empty once onboarded).
 * `payoutFailed`: the last payout to the bank failed (a closed account), so the runner must fix it.
 * `bankLast4`: the last four digits of the bank account payouts go to, once there is one.
 */
export type ConnectedAccount = {
  id: string
  detailsSubmitted: boolean
  payoutsEnabled: boolean
  requirementsDue: string[]
  payoutFailed: boolean
  bankLast4: string | null
}

/**
 * A payout of a connected account's balance to its bank, as the gateway reports it: paid, or
 * failed with the bank's code (its money back in the account's balance, for the next payout).
 * It carries what was transferred to the account before `createdAt`.
 */
export type BankPayoutReport = {
  id: string
  accountId: string
  amountCents: number
  status: 'paid' | 'failed'
  failureCode: string | null
  createdAt: Date
}

export type TransferRequest = {
  amountCents: number
  /** The connected account's id. */
  destination: string
  /** The order's group: every transfer of one order's money shares it. */
  transferGroup: string
  /**
   * The captured PaymentIntent whose charge pays for the transfer (source_transaction); null when
   * the platform's available balance pays it instead (what the platform bore of a refund).
   */
  sourcePaymentIntentId: string | null
  idempotencyKey: string
  metadata: Record<string, string>
}
export type Transfer = { id: string; amountCents: number; destination: string; transferGroup: string; reversedCents: number; metadata: Record<string, string> }
export type TransferReversal = { id: string; transferId: string; amountCents: number }

/** The gateway would not make a transfer: the platform's balance or the charge cannot cover it, or the account cannot take it. Nothing moved. */
export class TransferRefusedError extends Error {
  override name = 'TransferRefusedError'
  constructor(
    readonly code: 'balance_insufficient' | 'source_insufficient' | 'account_not_enabled' | 'missing',
    message: string,
  ) {
    super(message)
  }
}

/** Money given back on a captured payment. */
export type Refund = { id: string; paymentIntentId: string; amountCents: number }
/** A refund as the gateway lists it: succeeded or not, and the key we made it under (null when made in the dashboard). */
export type GatewayRefund = Refund & { succeeded: boolean; key: string | null }

/** The card was refused, at confirmation or at capture. */
export class PaymentDeclinedError extends Error {
  override name = 'PaymentDeclinedError'
  constructor(
    readonly declineCode: string,
    message: string,
  ) {
    super(message)
  }
}

/** The intent is not in a state that allows this (capturing a cancelled one, cancelling a captured one). */
export class PaymentStateError extends Error {
  override name = 'PaymentStateError'
  constructor(
    readonly status: IntentStatus | 'missing',
    message: string,
  ) {
    super(message)
  }
}

/** The gateway could not be reached or failed on its side; the same call may be retried with the same key. */
export class GatewayUnavailableError extends Error {
  override name = 'GatewayUnavailableError'
}

/** A refund for more than is left of the capture: nothing is refunded. */
export class RefundExceedsCaptureError extends Error {
  override name = 'RefundExceedsCaptureError'
  constructor(
    readonly refundableCents: number,
    message = 'The refund is more than is left of the charge.',
  ) {
    super(message)
  }
}

/** An idempotency key sent again with other parameters (another amount): refused, as Stripe does. */
export class IdempotencyKeyReusedError extends Error {
  override name = 'IdempotencyKeyReusedError'
}

/**
 * How payouts hears of a connected account that changed at the gateway on its own (Stripe's
 * account.updated, payout.paid and payout.failed webhooks, the embedded stand-in's onboarding form
 * and daily payouts): payouts keeps each runner's account status and where their money stands,
 * and payments knows none of its tables.
 */
export interface AccountListener {
  /** The account as the gateway now reports it: payouts derives its status from this, never from a return URL. */
  accountUpdated(account: ConnectedAccount): Promise<void>
  /**
   * A payout of the account's balance to the runner's bank was paid, or failed: then its money is
   * back in the balance and the account is restricted until the runner fixes it. The same report
   * twice changes nothing the second time.
   */
  bankPayout(payout: BankPayoutReport): Promise<void>
}
