import type { Database } from '../../db/database'
import { groceries, orderPayments, type PaymentGateway, transfers } from '../payments/index'
import { netOf } from './ledger'
import { payoutLines } from './schema'

/**
 * The platform's own money, as the ledger has it (support's `payouts balance`): what it keeps as
 * its share of deliveries, what it bore of refunds, and the two together. Beside them, what is
 * still owed to runners (lines not yet transferred) and of that what the platform's balance must
 * pay (lines worth more than is left of their charge), and the gateway's available balance, which
 * pays those lines: `shortCents` of them it cannot cover now.
 */
export type PlatformBalance = {
  /** Its share of each delivery's fee and tip (PLATFORM_SHARE_BPS), as written at delivery. */
  shareCents: number
  /** Refunds it bore: of deliveries, what came back past the runner's part; of groceries, every refund not taken from the runner. */
  boreCents: number
  /** Its share less what it bore: what is left of every charge once each line is paid. Below zero, the platform has paid in more than it kept. */
  ownCents: number
  /** Lines not yet transferred (pending, held or available): what is still to go out to runners. */
  owed: { lines: number; cents: number }
  /** Of those, the lines the platform's balance pays rather than their charge. */
  fromBalance: { lines: number; cents: number }
  /** The platform's available balance at the gateway. */
  gatewayAvailableCents: number
  /** What the gateway's balance lacks to pay the lines it pays. */
  shortCents: number
}

/** Reads every line, with the payments and grocery charges that pay them, and the gateway's balance. */
export async function platformBalance(db: Database, gateway: PaymentGateway): Promise<PlatformBalance> {
  const lines = await db
    .select({
      kind: payoutLines.kind,
      paymentIntentId: payoutLines.paymentIntentId,
      platformShareCents: payoutLines.platformShareCents,
      amountCents: payoutLines.amountCents,
      transferredCents: payoutLines.transferredCents,
      reversedCents: payoutLines.reversedCents,
      transferFromBalance: payoutLines.transferFromBalance,
      paidAt: payoutLines.paidAt,
    })
    .from(payoutLines)
  const deliveries = lines.filter((line) => line.kind === 'delivery')
  const groceryLines = lines.filter((line) => line.kind === 'groceries')
  const [payments, charges, gatewayAvailableCents] = await Promise.all([
    orderPayments.paymentsOf(
      db,
      deliveries.map((line) => line.paymentIntentId),
    ),
    groceries.chargesOf(db, { paymentIntentIds: groceryLines.map((line) => line.paymentIntentId) }),
    transfers.platformBalance(gateway),
  ])
  const chargeOf = new Map(charges.map((charge) => [charge.paymentIntentId, charge]))
  const balance = { shareCents: 0, boreCents: 0, owed: { lines: 0, cents: 0 }, fromBalance: { lines: 0, cents: 0 } }
  for (const line of lines) {
    // What is left of the line's charge after refunds, and what of it the transfer's own source (the charge it names) still holds.
    let leftCents = 0
    let sourceLeftCents = 0
    if (line.kind === 'delivery') {
      const payment = payments.get(line.paymentIntentId)
      leftCents = sourceLeftCents = (payment?.amountCents ?? 0) - (payment?.refundedCents ?? 0)
    } else {
      const charge = chargeOf.get(line.paymentIntentId)
      leftCents = (charge?.chargedCents ?? 0) - (charge?.refundedCents ?? 0) - (charge?.extraRefundedCents ?? 0)
      sourceLeftCents = (charge?.capturedCents ?? 0) - (charge?.refundedCents ?? 0)
    }
    balance.shareCents += line.platformShareCents
    balance.boreCents += line.platformShareCents - (leftCents - netOf(line))
    if (line.paidAt === null && line.amountCents > 0) {
      balance.owed.lines++
      balance.owed.cents += line.amountCents
      if (line.transferFromBalance || line.amountCents > sourceLeftCents) {
        balance.fromBalance.lines++
        balance.fromBalance.cents += line.amountCents
      }
    }
  }
  return {
    ...balance,
    ownCents: balance.shareCents - balance.boreCents,
    gatewayAvailableCents,
    shortCents: Math.max(0, balance.fromBalance.cents - Math.max(0, gatewayAvailableCents)),
  }
}
