import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core'
import { users } from '../accounts/index'
import { type OrderPhoto, orders } from '../orders/index'
import { belongsToColumn, createdAtColumn, idColumn, refersToColumn } from '../shared/index'
import { PROBLEM_KINDS, type ProblemKind } from './contract'

/** What buyer and runner said of each other after delivery: one rating each per order. */
export const orderRatings = pgTable(
  'order_ratings',
  {
    id: idColumn(),
    orderId: belongsToColumn(() => orders.id),
    raterId: refersToColumn(() => users.id),
    rateeId: refersToColumn(() => users.id),
    /** In which part the rated person was rated: a runner's average counts only ratings as a runner. */
    rateeRole: text().$type<'buyer' | 'runner'>().notNull(),
    stars: integer().notNull(),
    comment: text(),
    /** The other party has rated too: both ratings are shown from then on. */
    mutual: boolean().notNull().default(false),
    /** A week after delivery, when the rating is shown even if the other never rated. */
    revealAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('order_ratings_once').on(t.orderId, t.raterId),
    check('order_ratings_stars', sql`stars between 1 and 5`),
    check('order_ratings_role_known', sql`ratee_role in ('buyer', 'runner')`),
    // A runner's average reads only this index (every column it needs is in it), however long their history.
    index('order_ratings_ratee_idx').on(t.rateeId, t.rateeRole, t.mutual, t.revealAt, t.stars),
  ],
)

/** What went wrong with an order, as its buyer or runner reported it, and how support resolved it. */
export const orderProblems = pgTable(
  'order_problems',
  {
    id: idColumn(),
    orderId: belongsToColumn(() => orders.id),
    reporterId: refersToColumn(() => users.id),
    kind: text().$type<ProblemKind>().notNull(),
    details: text().notNull(),
    photo: jsonb().$type<OrderPhoto>(),
    status: text().$type<'open' | 'resolved'>().notNull().default('open'),
    resolution: text(),
    /** What support gave back on the card for it, in cents; null when nothing. */
    refundCents: integer(),
    createdAt: createdAtColumn(),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('order_problems_kind_known', sql.raw(`kind in (${PROBLEM_KINDS.map((kind) => `'${kind}'`).join(', ')})`)),
    check('order_problems_status_known', sql`status in ('open', 'resolved')`),
    index('order_problems_order_idx').on(t.orderId, t.reporterId),
    index('order_problems_open_idx').on(t.createdAt).where(sql`status = 'open'`),
  ],
)
