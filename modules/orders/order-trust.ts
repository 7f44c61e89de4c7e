import type { AnyColumn, SQL } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import { connectedDoor } from './connected-door'
import type { Rating, RunnerRating } from './contract'

/** A rating on an order as the order's views show it: who gave it, to whom. */
export type OrderRating = { raterId: string; rateeId: string; rating: Rating }

/**
 * What orders reads of trust (ratings and problem reports): the ratings its views show, a runner's
 * figures, and whether a problem on an order, or a dispute of its grocery total, is open, which
 * holds the runner's earnings. Trust builds on orders (its rows refer to orders'), so orders cannot
 * import it: where the modules are put together (server/app.ts, the CLI) trust's door is connected
 * here once, as payments is handed orders' PaymentListener, and every order move, view and payment
 * listener reads through it.
 */
export interface OrderTrust {
  ratingsOnOrders(db: Database, orderIds: readonly string[]): Promise<Map<string, OrderRating[]>>
  runnerRatings(db: Database, clock: Clock, runnerIds: readonly string[]): Promise<Map<string, RunnerRating>>
  /** Read in the caller's transaction, which holds the order's row as a report does. */
  hasOpenProblem(tx: Database, orderId: string, kind?: 'grocery_total'): Promise<boolean>
  /** A condition for a query on orders: a grocery_total problem is open on the order whose id is `orderId`. */
  openGroceryDispute(orderId: AnyColumn): SQL
}

const trust = connectedDoor<OrderTrust>('Trust', 'connectOrderTrust(orderTrust)')

/** Connects trust's door to orders, once where the modules are put together. */
export const connectOrderTrust = trust.connect
export const orderTrust = trust.door
