import { doublePrecision, index, pgTable, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../accounts/index'
import { orders } from '../orders/index'
import { belongsToColumn, refersToColumn } from '../shared/index'

/**
 * The runner's last point on an active order: one row per order, overwritten by each kept report
 * and deleted in the transaction of the move that ends the order (or sends it back to the
 * offers). No history is kept, and the point never goes to the logs.
 */
export const runnerLocations = pgTable('runner_locations', {
  orderId: belongsToColumn(() => orders.id).primaryKey(),
  latitude: doublePrecision().notNull(),
  longitude: doublePrecision().notNull(),
  accuracyMeters: doublePrecision().notNull(),
  reportedAt: timestamp({ withTimezone: true }).notNull(),
})

/**
 * What the ETA promised at pick-up against when the order came: written at pick-up (the runner is
 * at the store, so the promise is the store-to-home drive from then) by the estimate, taken again
 * from the route service once the pick-up has committed, and its arrival at delivery. No
 * coordinates: only times, for each runner's median absolute error.
 */
export const arrivalPredictions = pgTable(
  'arrival_predictions',
  {
    orderId: belongsToColumn(() => orders.id).primaryKey(),
    runnerId: refersToColumn(() => users.id),
    predictedAt: timestamp({ withTimezone: true }).notNull(),
    arrivedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('arrival_predictions_runner_idx').on(t.runnerId, t.arrivedAt)],
)
