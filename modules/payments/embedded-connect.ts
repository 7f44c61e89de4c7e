import { eq } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import type { Once } from './embedded-idempotency'
import { randomToken } from './embedded-tokens'
import type { ConnectedAccount } from './gateway'
import { embeddedConnectedAccounts } from './schema'

type AccountRow = typeof embeddedConnectedAccounts.$inferSelect

/** What the onboarding form asks of a new account, in Stripe's names for an individual's requirements. */
export const ONBOARDING_REQUIREMENTS = [
  'individual.first_name',
  'individual.last_name',
  'individual.dob.day',
  'individual.dob.month',
  'individual.dob.year',
  'individual.ssn_last_4',
  'external_account',
]

export const toAccount = (row: AccountRow): ConnectedAccount => ({
  id: row.id,
  detailsSubmitted: row.detailsSubmitted,
  payoutsEnabled: row.payoutsEnabled,
  requirementsDue: row.requirementsDue,
  payoutFailed: row.payoutFailed,
})

/** Stripe Connect's connected accounts in the embedded gateway, each created once per idempotency key. */
export function embeddedConnect(db: Database, clock: Clock, once: Once) {
  return {
    /** A new account owes everything the onboarding form asks, and can take no transfer until it is sent. */
    createAccount({ runnerId, email, idempotencyKey }: { runnerId: string; email: string | null; idempotencyKey: string }) {
      const id = `acct_emb_${randomToken(12)}`
      return once<ConnectedAccount>(idempotencyKey, 'create_account', `runner:${runnerId}:${email ?? ''}`, async (tx) => {
        const now = clock.now()
        const [row] = await tx
          .insert(embeddedConnectedAccounts)
          .values({ id, metadata: { runnerId }, email, requirementsDue: ONBOARDING_REQUIREMENTS, createdAt: now, updatedAt: now })
          .returning()
        return toAccount(row!)
      })
    },

    async retrieveAccount(id: string): Promise<ConnectedAccount | null> {
      const [row] = await db.select().from(embeddedConnectedAccounts).where(eq(embeddedConnectedAccounts.id, id))
      return row ? toAccount(row) : null
    },
  }
}
