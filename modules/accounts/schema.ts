import { sql } from 'drizzle-orm'
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { belongsToColumn, createdAtColumn, DEFAULT_LANGUAGE, idColumn, LANGUAGES, type Language, updatedAtColumn } from '../shared/index'

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    email: text(),
    phone: text(),
    /**
     * E.164 (+1XXXXXXXXXX); what sign-in compares. Only a verified number is unique: an
     * unproven one is a claim, and a claim must not lock the number's real owner out.
     */
    normalizedPhone: text(),
    /** argon2id hash, never the password. */
    password: text().notNull(),
    firstName: text(),
    lastName: text(),
    profileImageUrl: text(),
    roles: text().array().notNull().default(sql`'{}'::text[]`),
    address: text(),
    city: text(),
    state: text(),
    zipCode: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    isActive: boolean().notNull().default(true),
    isProfileComplete: boolean().notNull().default(false),
    emailVerified: boolean().notNull().default(false),
    phoneVerified: boolean().notNull().default(false),
    phoneVerifiedAt: timestamp({ withTimezone: true }),
    /**
     * How the phone was proven: 'sms' (a code we issued) or 'firebase' (a verified ID token), with
     * phoneVerified; or 'captcha' without it: the fallback kept the number on file, unconfirmed.
     */
    phoneVerificationMethod: text(),
    verificationAttempts: integer().notNull().default(0),
    lastVerificationAttempt: timestamp({ withTimezone: true }),
    stripeCustomerId: text(),
    /** What the person reads: every screen, notice and text message to them is in it. */
    language: text().$type<Language>().notNull().default(DEFAULT_LANGUAGE),
    lastLoginAt: timestamp({ withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    // Emails compare case-insensitively, so uniqueness must too.
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_verified_phone_unique').on(t.normalizedPhone).where(sql`${t.phoneVerified}`),
    index('users_normalized_phone_idx').on(t.normalizedPhone),
    // New orders are told to the runners whose address is near the store: a box on this index first.
    index('users_location_idx').on(t.latitude, t.longitude),
    check('users_language_known', sql`${t.language} in (${sql.raw(LANGUAGES.map((language) => `'${language}'`).join(', '))})`),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token; the token itself is never stored. */
    sid: text().primaryKey(),
    /** Session data: when and how it began, and facts proven during it. */
    sess: jsonb().$type<SessionData>().notNull(),
    /** The earlier of the absolute limit and the idle limit; renewed as the session is used. */
    expire: timestamp({ withTimezone: true }).notNull(),
    userId: belongsToColumn(() => users.id),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_id_idx').on(t.userId)],
)

export type SessionData = {
  /** ISO time of sign-in; sessions end a fixed time after it, however busy. */
  signedInAt: string
  /** ISO time the session was last used, for the idle limit. */
  lastSeenAt: string
}

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: idColumn(),
    userId: belongsToColumn(() => users.id),
    /** SHA-256 of the token sent to the user. */
    token: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    isUsed: boolean().notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
)
