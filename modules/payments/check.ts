import type { Database } from '../../db/database'
import { type Clock, decimalAmount, formatCents } from '../shared/index'
import { isCharged } from './contract'
import { GATEWAY_STATUS_OF } from './gateway-status'
import type { PaymentGateway } from './gateways/gateway'
import { chargesOf } from './grocery-charges'
import { groceryDisagreements, renewalDisagreements } from './grocery-check'
import { intentsAtGateway, refundedAtGateway, strandedHolds } from './intents'
import { type OrderPayment, paymentsOf } from './order-payments'
import { refundedTotals } from './refund-ledger'

/** An order's payment to check: its intent, and whether the order ended (cancelled), when it keeps none of its charge. */
export type PaymentToCheck = { orderId: string; paymentIntentId: string; ended: boolean }

/** What the check found of one order's payment: our record, the gateway's status, the refund ledger's total, what is owed back, and why it disagrees. */
export type PaymentFinding = {
  payment: OrderPayment | undefined
  gatewayStatus: string
  ledgerRefundedCents: number
  owedCents: number
  problems: string[]
}

/** What the gateway holds of an order's payment: its status, what it captured, and what it gave back (undefined where it cannot tell, `unreachable` when it did not answer). */
type AtGateway = { status: string; amountReceivedCents: number; refundedCents: number | 'unreachable' | undefined }

/**
 * Why a payment disagrees, in support's words: its state against the gateway's, and, charged, the
 * amounts too (what the gateway captured and gave back against what we record), as a grocery
 * hold's are held.
 */
function paymentDisagreements(payment: OrderPayment | undefined, there: AtGateway, ledgerRefundedCents: number, owedCents: number) {
  if (!payment) return ['no payment recorded']
  const found: string[] = []
  if (there.status !== GATEWAY_STATUS_OF[payment.status]) found.push(`the gateway says ${there.status}`)
  else if (isCharged(payment.status) && there.amountReceivedCents !== payment.amountCents)
    found.push(`${formatCents(payment.amountCents)} captured here, ${formatCents(there.amountReceivedCents)} at the gateway`)
  if (there.refundedCents === 'unreachable') found.push('its refunds at the gateway could not be read')
  else if (there.refundedCents !== undefined && there.refundedCents !== payment.refundedCents)
    found.push(`the gateway says ${formatCents(there.refundedCents)} came back`)
  if (ledgerRefundedCents !== payment.refundedCents) found.push(`the refund ledger says ${decimalAmount(ledgerRefundedCents)} came back`)
  if (owedCents > 0) found.push(`${formatCents(owedCents)} of its charge is owed back`)
  return found
}

/**
 * Payments' consistency check: every order's payment and every grocery hold against the gateway
 * (status, what it captured and what it gave back) and the refund ledger, an ended order's charge
 * not all given back, and every hold no order holds that the gateway still keeps past its 30
 * minutes. The grocery charges read are handed back for the money-out check to use.
 */
export async function check(db: Database, gateway: PaymentGateway, clock: Clock, orders: readonly PaymentToCheck[]) {
  const intentIds = orders.map((order) => order.paymentIntentId)
  const payments = await paymentsOf(db, intentIds)
  const atGateway = await intentsAtGateway(gateway, intentIds)
  // Only a charged payment can have been refunded; a refund at the gateway that we never made is what this finds.
  const refundedThere = await refundedAtGateway(
    gateway,
    intentIds.filter((id) => isCharged(payments.get(id)?.status ?? 'authorized')),
  )
  const refunded = await refundedTotals(db)
  const findings = new Map<string, PaymentFinding>()
  for (const order of orders) {
    const payment = payments.get(order.paymentIntentId)
    const there = { ...atGateway.get(order.paymentIntentId)!, refundedCents: refundedThere?.get(order.paymentIntentId) }
    const ledgerRefundedCents = refunded.get(order.paymentIntentId) ?? 0
    // An ended order keeps none of its charge: what has not come back is owed to the buyer.
    const owedCents = order.ended && payment && isCharged(payment.status) ? payment.amountCents - payment.refundedCents : 0
    const problems = paymentDisagreements(payment, there, ledgerRefundedCents, owedCents)
    findings.set(order.paymentIntentId, { payment, gatewayStatus: there.status, ledgerRefundedCents, owedCents, problems })
  }
  const groceryCharges = await chargesOf(db, { orderIds: orders.map((order) => order.orderId) })
  const ended = new Set(orders.filter((order) => order.ended).map((order) => order.orderId))
  const groceryHolds = [
    ...(await groceryDisagreements(gateway, groceryCharges, ended, refunded)),
    ...(await renewalDisagreements(
      db,
      gateway,
      orders.map((order) => order.orderId),
    )),
  ]
  return { payments: findings, groceryCharges, groceryHolds, strandedHolds: await strandedHolds(db, gateway, clock) }
}
