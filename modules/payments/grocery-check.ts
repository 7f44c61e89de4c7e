import type { Database } from '../../db/database'
import { decimalAmount, formatCents } from '../shared/index'
import { isCharged } from './contract'
import { GATEWAY_STATUS_OF } from './gateway-status'
import type { PaymentGateway } from './gateways/gateway'
import type { GroceryCharge } from './grocery-charges'
import { intentsAtGateway, refundedAtGateway } from './intents'
import { groceryHoldRenewals } from './schema'

type AtGateway = Awaited<ReturnType<typeof intentsAtGateway>>
type RefundedAtGateway = Awaited<ReturnType<typeof refundedAtGateway>>

/**
 * The grocery holds payments' check lists, each with why: the gateway's status or captured amount
 * disagrees with ours, or its refunds (where it can be refunded outside our calls) or the refund
 * ledger with what the hold records as given back, or it still stands on an order that ended;
 * or its extra charge above the hold disagrees with the gateway's.
 */
export async function groceryDisagreements(
  gateway: PaymentGateway,
  charges: readonly GroceryCharge[],
  endedOrderIds: ReadonlySet<string>,
  refunded: Map<string, number>,
) {
  const extraIds = charges.flatMap((charge) => (charge.extraIntentId ? [charge.extraIntentId] : []))
  const atGateway = await intentsAtGateway(gateway, [...charges.map((charge) => charge.paymentIntentId), ...extraIds])
  // Only a charged payment can have been refunded; a dashboard refund of one we never refunded is what this finds.
  const chargedIds = charges.filter((charge) => isCharged(charge.status)).map((charge) => charge.paymentIntentId)
  const refundedThere = await refundedAtGateway(gateway, [...chargedIds, ...extraIds])
  return charges.flatMap((charge) => {
    const there = atGateway.get(charge.paymentIntentId)!
    const problems: string[] = []
    if (there.status !== GATEWAY_STATUS_OF[charge.status]) problems.push(`the gateway says ${there.status}`)
    else if (there.amountReceivedCents !== charge.capturedCents)
      problems.push(`${formatCents(charge.capturedCents)} captured here, ${formatCents(there.amountReceivedCents)} at the gateway`)
    const ledgerRefundedCents = refunded.get(charge.paymentIntentId) ?? 0
    if (ledgerRefundedCents !== charge.refundedCents) problems.push(`the refund ledger says ${decimalAmount(ledgerRefundedCents)} came back`)
    const gatewayRefunded = refundedThere?.get(charge.paymentIntentId)
    if (gatewayRefunded !== undefined && gatewayRefunded !== charge.refundedCents)
      problems.push(
        gatewayRefunded === 'unreachable' ? 'its refunds at the gateway could not be read' : `the gateway says ${formatCents(gatewayRefunded)} came back`,
      )
    if (endedOrderIds.has(charge.orderId) && charge.status === 'authorized') problems.push('its hold still stands on an order that ended')
    problems.push(...extraDisagreements(charge, atGateway, refundedThere, refunded))
    if (problems.length === 0) return []
    return [{ orderId: charge.orderId, paymentIntentId: charge.paymentIntentId, groceryStatus: charge.status, gatewayStatus: there.status, problems }]
  })
}

/**
 * Why the extra charge above a hold disagrees with the gateway: charged here, it must have
 * succeeded there for the same amount; declined here, the gateway must have taken nothing; and
 * what came back of it there (only ever in its dashboard) must be what the hold and the refund
 * ledger record.
 */
function extraDisagreements(charge: GroceryCharge, atGateway: AtGateway, refundedThere: RefundedAtGateway, refunded: Map<string, number>): string[] {
  if (!charge.extraIntentId) return charge.extraCapturedCents > 0 ? [`its extra charge of ${formatCents(charge.extraCapturedCents)} has no intent`] : []
  const there = atGateway.get(charge.extraIntentId)!
  const problems: string[] = []
  if (charge.extraStatus === 'captured' && (there.status !== 'succeeded' || there.amountReceivedCents !== charge.extraCapturedCents))
    problems.push(
      `its extra charge of ${formatCents(charge.extraCapturedCents)} is ${there.status} with ${formatCents(there.amountReceivedCents)} at the gateway`,
    )
  if (charge.extraStatus !== 'captured' && there.amountReceivedCents > 0)
    problems.push(`its extra charge is ${charge.extraStatus ?? 'not owed'} here, but the gateway took ${formatCents(there.amountReceivedCents)}`)
  const ledgerRefundedCents = refunded.get(charge.extraIntentId) ?? 0
  if (ledgerRefundedCents !== charge.extraRefundedCents)
    problems.push(`the refund ledger says ${decimalAmount(ledgerRefundedCents)} of its extra charge came back`)
  const extraRefunded = refundedThere?.get(charge.extraIntentId)
  if (extraRefunded === 'unreachable') problems.push("its extra charge's refunds at the gateway could not be read")
  else if (extraRefunded !== undefined && extraRefunded !== charge.extraRefundedCents)
    problems.push(`${formatCents(extraRefunded)} of its extra charge came back at the gateway, ${formatCents(charge.extraRefundedCents)} recorded here`)
  return problems
}

/** What the gateway may say of a new hold whose authorization was declined: it never stood. */
const NEVER_STOOD = new Set(['requires_payment_method', 'canceled'])

/**
 * The grocery holds authorized again that disagree with the gateway, in the same words: a hold
 * replaced must be released here and cancelled there; a new hold the card declined must not stand there.
 */
export async function renewalDisagreements(db: Database, gateway: PaymentGateway, orderIds: readonly string[]) {
  // Few orders' holds are ever authorized again: all are read, then those of the orders checked kept.
  const checked = new Set(orderIds)
  const renewals = (await db.select().from(groceryHoldRenewals)).filter((renewal) => checked.has(renewal.orderId))
  const ids = renewals.flatMap((renewal) =>
    renewal.outcome === 'renewed' ? [renewal.replacedIntentId] : renewal.renewedIntentId ? [renewal.renewedIntentId] : [],
  )
  const atGateway = await intentsAtGateway(gateway, ids)
  return renewals.flatMap((renewal) => {
    if (renewal.outcome === 'renewed') {
      const there = atGateway.get(renewal.replacedIntentId)!
      const problems = [
        ...(renewal.replacedReleasedAt ? [] : [`it was replaced by ${renewal.renewedIntentId} and is not yet released`]),
        ...(there.status === 'canceled' ? [] : [`it was replaced, but the gateway says ${there.status}`]),
      ]
      const groceryStatus = renewal.replacedReleasedAt ? ('cancelled' as const) : ('authorized' as const)
      return problems.length
        ? [{ orderId: renewal.orderId, paymentIntentId: renewal.replacedIntentId, groceryStatus, gatewayStatus: there.status, problems }]
        : []
    }
    const there = renewal.renewedIntentId ? atGateway.get(renewal.renewedIntentId)! : null
    if (!there || NEVER_STOOD.has(there.status)) return []
    const problems = [`authorizing it again was declined here, but the gateway says ${there.status}`]
    return [{ orderId: renewal.orderId, paymentIntentId: renewal.renewedIntentId!, groceryStatus: 'cancelled' as const, gatewayStatus: there.status, problems }]
  })
}
