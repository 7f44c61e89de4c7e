import type { Database } from '../../db/database'
import { connectedDoor } from './connected-door'
import type { Order } from './contract'
import type { OrderEvent } from './outbox'
import type { OrderRow } from './schema'

/** What the buyer's view of an active order says of its runner: the last point (after pick-up only) and the ETA. */
export type Whereabouts = { [Field in 'runnerLocation' | 'eta']: Exclude<Order[Field], undefined> }

/**
 * What orders asks of tracking (the runner's last point and the ETA): the buyer's whereabouts of
 * the orders a view shows, and, inside each move's transaction, the order as it moved, so that a
 * pick-up records the arrival it predicts, a delivery its arrival, and a move that ends the order
 * (or sends it back to the offers) drops its point. Tracking builds on orders (its rows refer to
 * orders'), so orders cannot import it: where the modules are put together (server/app.ts, the
 * jobs, the CLI) tracking's door is connected here once, as trust's is.
 */
export interface OrderTracking {
  whereabouts(db: Database, rows: readonly OrderRow[], now: Date): Promise<Map<string, Whereabouts>>
  moved(tx: Database, row: OrderRow): Promise<void>
  /**
   * The move's follow-up once it has committed, when the outbox's worker reaches its event: what
   * may wait on the outside world (a route service), so never under the order's lock. Never throws.
   */
  followUp(db: Database, row: OrderRow, event: OrderEvent['type']): Promise<void>
}

const tracking = connectedDoor<OrderTracking>('Tracking', 'connectOrderTracking(...)')

/** Connects tracking's door to orders, once where the modules are put together. */
export const connectOrderTracking = tracking.connect
export const orderTracking = tracking.door

/** Tracking's follow-up of an event the outbox's worker has reached, on the order as it stands now (see OrderTracking.followUp). */
export const followUpOrderEvent = (db: Database, event: OrderEvent, row: OrderRow) => orderTracking().followUp(db, row, event.type)
