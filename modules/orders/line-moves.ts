import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import { announceOrderChange, recordOrderEvent } from './outbox'
import { type OrderItem, type OrderRow, orders } from './schema'

// The lines of an order being shopped: moves of one line at a time, which the order's own moves (transitions.ts) list with the rest.

type LineChange = {
  orderId: string
  /** Who may change it: the assigned runner's marks, the buyer's decisions. */
  by: SQL
  /** The line's place in the order, the line as read, and as it becomes. */
  index: number
  was: OrderItem
  next: OrderItem
}

/**
 * One line of an order being shopped changes: a single conditional update of that line, `...
 * where id = $1 and status = 'runner_accepted' and <who> and items -> $index = <the line as
 * read>`. Zero rows means the order or that line moved first (the pick-up, another decision),
 * and nothing changes. Other lines may change alongside: each update rewrites only its own.
 */
async function changeLine(db: Database, clock: Clock, { orderId, by, index, was, next }: LineChange, decided = false): Promise<OrderRow | null> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(orders)
      .set({ items: sql`jsonb_set(${orders.items}, ${`{${index}}`}::text[], ${JSON.stringify(next)}::jsonb)`, updatedAt: clock.now() })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'runner_accepted'), by, sql`${orders.items} -> ${index}::int = ${JSON.stringify(was)}::jsonb`))
      .returning()
    if (!changed) return null
    await announceOrderChange(tx, orderId)
    // The buyer is asked about a replacement (not told of one they agreed to in advance); the runner hears the buyer's answer.
    if (next.substitution?.status === 'proposed') await recordOrderEvent(tx, clock, orderId, 'substitution_proposed', next.id)
    if (decided) await recordOrderEvent(tx, clock, orderId, 'substitution_decided', next.id)
    return changed
  })
}

/** The assigned runner marks a line while shopping: found, not found, or a replacement. */
export const markItem = (db: Database, clock: Clock, runnerId: string, change: Omit<LineChange, 'by'>) =>
  changeLine(db, clock, { ...change, by: eq(orders.runnerId, runnerId) })

/** The buyer approves or rejects the replacement proposed for a line. */
export const decideSubstitution = (db: Database, clock: Clock, buyerId: string, change: Omit<LineChange, 'by'>) =>
  changeLine(db, clock, { ...change, by: eq(orders.buyerId, buyerId) }, true)
