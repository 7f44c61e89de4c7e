import { describeForLog } from '../shared/index'
import { type AccountListener, type ConnectedAccount, GatewayUnavailableError, type PaymentGateway, TransferRefusedError } from './gateways/gateway'
import { idempotencyKeys, transferGroupOf } from './keys'

/**
 * An earnings line as a transfer needs it: payouts' ledger says what and to whom, and whether
 * its charge pays for it or, being worth more than is left of that charge, the platform's balance.
 */
export type LineToTransfer = {
  lineId: string
  orderId: string
  paymentIntentId: string
  fromBalance: boolean
  amountCents: number
  attempt: number
  destination: string
}

export type TransferOutcome =
  | { outcome: 'transferred'; transferId: string }
  /** The gateway refused, with its code and words: nothing moved; the next attempt may go under a new key. */
  | { outcome: 'refused'; code: TransferRefusedError['code']; reason: string }
  /** Nothing is known: the same attempt is tried again under the same key. */
  | { outcome: 'unreachable'; reason: string }

/**
 * Sends a line's money to the runner's connected account, paid by the order's own charge
 * (source_transaction) unless the line says the platform's balance pays it, and grouped with its
 * order, once per attempt's key.
 */
export async function send(gateway: PaymentGateway, line: LineToTransfer): Promise<TransferOutcome> {
  try {
    const transfer = await gateway.transfer({
      amountCents: line.amountCents,
      destination: line.destination,
      transferGroup: transferGroupOf(line.orderId),
      sourcePaymentIntentId: line.fromBalance ? null : line.paymentIntentId,
      idempotencyKey: idempotencyKeys.lineTransfer(line.lineId, line.attempt),
      metadata: { lineId: line.lineId, orderId: line.orderId },
    })
    return { outcome: 'transferred', transferId: transfer.id }
  } catch (error) {
    if (error instanceof TransferRefusedError) return { outcome: 'refused', code: error.code, reason: error.message }
    return { outcome: 'unreachable', reason: describeForLog(error, { frames: false }) }
  }
}

/** Takes part of a line's transfer back, once per reversal claim; throws GatewayUnavailableError when the gateway cannot be reached. */
export async function reverse(gateway: PaymentGateway, reversal: { lineId: string; reversalId: string; transferId: string; amountCents: number }) {
  try {
    return await gateway.reverseTransfer(reversal.transferId, reversal.amountCents, idempotencyKeys.lineReversal(reversal.lineId, reversal.reversalId))
  } catch (error) {
    if (error instanceof TransferRefusedError) throw error
    throw error instanceof GatewayUnavailableError ? error : new GatewayUnavailableError(describeForLog(error, { frames: false }))
  }
}

/** A runner's connected account, made once per runner whatever the retries. */
export const account = (gateway: PaymentGateway, runner: { id: string; email: string | null }): Promise<ConnectedAccount> =>
  gateway.createAccount({ runnerId: runner.id, email: runner.email, idempotencyKey: idempotencyKeys.connectedAccount(runner.id) })

/** A one-time link to a connected account's onboarding, returning to `returnUrl` when done and to `refreshUrl` when the link has expired. */
export const onboardingLink = (gateway: PaymentGateway, accountId: string, urls: { returnUrl: string; refreshUrl: string }) =>
  gateway.accountLink(accountId, urls)

/** Every transfer of one order's money the gateway holds, for support's check. */
export const ofOrder = (gateway: PaymentGateway, orderId: string) => gateway.transfersOf(transferGroupOf(orderId))

/** The platform's available balance at the gateway, for support's `payouts balance`. */
export const platformBalance = (gateway: PaymentGateway) => gateway.platformBalanceCents()

/**
 * Connected balances paid on to runners' banks, where the gateway leaves that to the platform (the
 * embedded stand-in, once a day); each payout, paid or failed, is told to `accounts`. Stripe pays
 * connected accounts out itself and says so through its webhook, so there nothing is done here.
 */
export async function payOutBalances(gateway: PaymentGateway, accounts: AccountListener) {
  const run = await gateway.payOutBalances?.(accounts)
  return { paid: run?.paid.length ?? 0, failed: run?.failed.length ?? 0 }
}

/** Money to a runner's connected account, keyed by the payout line it pays: sent, reversed, the account and its onboarding link, and its balance on to the bank. */
export const transfers = { send, reverse, account, onboardingLink, ofOrder, platformBalance, payOutBalances }
