import { and, eq, inArray, isNotNull, isNull, lte, not } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { type GroceryCaptureOutcome, groceries, type PaymentGateway } from '../payments/index'
import type { Clock } from '../shared/index'
import { orderTrust } from './order-trust'
import { orderPaymentDeps } from './payment-listener'
import { orders } from './schema'

const HOUR = 60 * 60 * 1000

/**
 * Of these orders, those whose grocery total stands unanswered: delivered before `cutoff` with the
 * runner's total, not confirmed by the buyer, and no grocery_total problem open on them.
 */
const unansweredTotals = (orderIds: string[], cutoff: Date) =>
  and(
    inArray(orders.id, orderIds),
    eq(orders.status, 'delivered'),
    isNotNull(orders.actualGroceryCents),
    isNull(orders.groceryTotalConfirmedAt),
    lte(orders.deliveredAt, cutoff),
    not(orderTrust().openGroceryDispute(orders.id)),
  )

/**
 * The automatic capture: a grocery hold whose buyer neither confirmed the runner's total nor
 * reported a grocery_total problem within `confirmHours` of delivery is captured at the runner's
 * total, never more than held: any difference above the hold is left to the door. The capture is
 * owed in a transaction that holds the order's row and reads it again, so a confirmation or a
 * problem report landing at the same moment finds it decided; the buyer's
 * confirmation owes the same total under the same key, so the two capture once. An open problem
 * holds it until support resolves the problem.
 */
export async function captureUnansweredGroceryTotals(db: Database, gateway: PaymentGateway, clock: Clock, confirmHours: number) {
  const awaiting = await groceries.awaitingTotal(db)
  if (awaiting.length === 0) return {}
  const cutoff = new Date(clock.now().getTime() - confirmHours * HOUR)
  const due = await db.select({ id: orders.id }).from(orders).where(unansweredTotals(awaiting, cutoff))
  const outcomes: Record<string, GroceryCaptureOutcome> = {}
  for (const { id } of due) {
    const owed = await db.transaction(async (tx) => {
      const [order] = await tx
        .select({ actualGroceryCents: orders.actualGroceryCents })
        .from(orders)
        .where(unansweredTotals([id], cutoff))
        .for('update', { of: orders })
      // Nobody chose to charge more than was held: any difference is the runner's to collect at the door.
      return order ? groceries.oweCapture(tx, id, order.actualGroceryCents!, 'at_door') : false
    })
    if (owed) outcomes[id] = await groceries.capture(orderPaymentDeps(db, gateway, clock), id, "automatically at the runner's total, unanswered since delivery")
  }
  return outcomes
}
