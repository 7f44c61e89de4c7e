import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../accounts/index'
import { belongsToColumn, createdAtColumn, idColumn } from '../shared/index'

/** Every code sent (or that failed to send) to a phone; also the record the SMS rate limits count. */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: idColumn(),
    userId: belongsToColumn(() => users.id),
    /** E.164 */
    phone: text().notNull(),
    /** Who asked, for the per-address send caps. */
    ipAddress: text(),
    /** 'sent', or 'failed' when the SMS could not be sent (which opens the captcha fallback). */
    status: text().$type<'sent' | 'failed'>().notNull(),
    /** SHA-256 of the row id and the code; null for a failed send. */
    codeHash: text(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('phone_verifications_phone_idx').on(t.phone, t.createdAt),
    index('phone_verifications_user_phone_idx').on(t.userId, t.phone, t.createdAt),
    index('phone_verifications_ip_address_idx').on(t.ipAddress, t.createdAt),
  ],
)

/** Passes of the embedded captcha: one-time tokens the fallback must present. */
export const captchaPasses = pgTable('captcha_passes', {
  id: idColumn(),
  userId: belongsToColumn(() => users.id),
  tokenHash: text().notNull().unique(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: createdAtColumn(),
})
