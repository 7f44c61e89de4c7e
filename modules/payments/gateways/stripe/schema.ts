import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * When the next request to Stripe may leave, whichever instance sends it: one row, moved on by
 * each request as it takes its turn (stripe-pacing.ts), so that all instances together stay
 * under STRIPE_MAX_REQUESTS_PER_SECOND.
 */
export const stripeRequestPacing = pgTable('stripe_request_pacing', {
  /** 'stripe': one pace for the one Stripe account all calls go to. */
  name: text().primaryKey(),
  nextAt: timestamp({ withTimezone: true }).notNull(),
})
