import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../../../db/database'
import { AppError, badRequest, type Clock, describeForLog, notFound } from '../../../shared/index'
import { dateOfBirthProblem, type EmbeddedOnboardingInput, type EmbeddedOnboardingLink, TEST_FAILING_ACCOUNT_NUMBER } from '../../contract'
import { type AccountListener, PaymentStateError } from '../gateway'
import { toAccount } from './embedded-connect'
import { randomToken, sha256 } from './embedded-tokens'
import { embeddedAccountLinks, embeddedConnectedAccounts } from './schema'

/** Stripe's account links lapse a few minutes after they are made. */
const LINK_LIFETIME_MS = 5 * 60_000
/** Once a link is opened, the form it shows may take this long to fill in, as Stripe's onboarding session outlives its link. */
const FORM_LIFETIME_MS = 30 * 60_000

type LinkRow = typeof embeddedAccountLinks.$inferSelect

const linkNotFound = () => notFound('This onboarding link is not valid.', 'LINK_NOT_FOUND')

/** A used or expired link sends the person to the refresh URL, where the platform makes a new one, as Stripe's page does. */
function linkEnded(link: LinkRow, now: Date): AppError | null {
  if (link.usedAt)
    return new AppError(409, 'LINK_USED', 'This onboarding link was already used. Ask for a new one.', { extra: { refreshUrl: link.refreshUrl } })
  if (link.expiresAt <= now)
    return new AppError(410, 'LINK_EXPIRED', 'This onboarding link has expired. Ask for a new one.', { extra: { refreshUrl: link.refreshUrl } })
  return null
}

/**
 * The embedded stand-in for Stripe's hosted onboarding: one-time links to a form on the app's own
 * origin (`appUrl`), which takes Stripe's test bank numbers and, once sent, lets the account be paid.
 */
export function embeddedOnboarding(db: Database, clock: Clock, appUrl: string) {
  const findLink = async (tx: Database, token: string, { lock }: { lock: boolean }) => {
    const query = tx
      .select()
      .from(embeddedAccountLinks)
      .where(eq(embeddedAccountLinks.tokenHash, sha256(token)))
    const [link] = await (lock ? query.for('update') : query)
    return link
  }

  return {
    /** Only the token's hash is kept: the link in hand is the credential, as Stripe's is. */
    async accountLink(id: string, { returnUrl, refreshUrl }: { returnUrl: string; refreshUrl: string }): Promise<{ url: string }> {
      const [account] = await db.select({ id: embeddedConnectedAccounts.id }).from(embeddedConnectedAccounts).where(eq(embeddedConnectedAccounts.id, id))
      if (!account) throw new PaymentStateError('missing', `No such account: '${id}'`)
      const token = randomToken(32)
      const now = clock.now()
      await db.insert(embeddedAccountLinks).values({
        tokenHash: sha256(token),
        accountId: id,
        returnUrl,
        refreshUrl,
        expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS),
        createdAt: now,
      })
      return { url: new URL(`/payouts/onboarding?link=${encodeURIComponent(token)}`, appUrl).toString() }
    },

    /** GET …/onboarding/:link: whether the form may be sent. The first opening gives the form its own time. */
    async openLink(token: string): Promise<EmbeddedOnboardingLink> {
      const link = await findLink(db, token, { lock: false })
      if (!link) throw linkNotFound()
      const now = clock.now()
      if (link.usedAt) return { status: 'used', refreshUrl: link.refreshUrl }
      if (link.expiresAt <= now) return { status: 'expired', refreshUrl: link.refreshUrl }
      if (link.openedAt) return { status: 'open', expiresAt: link.expiresAt.toISOString() }
      const [opened] = await db
        .update(embeddedAccountLinks)
        .set({ openedAt: now, expiresAt: new Date(now.getTime() + FORM_LIFETIME_MS) })
        .where(and(eq(embeddedAccountLinks.tokenHash, link.tokenHash), isNull(embeddedAccountLinks.openedAt)))
        .returning()
      // Another opening at the same moment gave it the form's time: that is what it now says.
      const current = opened ?? (await findLink(db, token, { lock: false }))!
      return { status: 'open', expiresAt: current.expiresAt.toISOString() }
    },

    /**
     * POST …/onboarding: the form sent on a link still open. The account keeps only the last four
     * digits of the SSN and of the bank account, and becomes able to take transfers and payouts
     * (a payout that failed is cleared by sending the form again with another account). Then
     * `accounts` hears of it, as Stripe's account.updated webhook would tell it.
     */
    async submit(input: EmbeddedOnboardingInput, accounts: AccountListener): Promise<{ returnUrl: string }> {
      const now = clock.now()
      const { account, returnUrl } = await db.transaction(async (tx) => {
        const link = await findLink(tx, input.link, { lock: true })
        if (!link) throw linkNotFound()
        const ended = linkEnded(link, now)
        if (ended) throw ended
        const tooYoung = dateOfBirthProblem(input.dateOfBirth, now)
        if (tooYoung) throw badRequest(tooYoung, 'VALIDATION_ERROR', { dateOfBirth: tooYoung })
        await tx.update(embeddedAccountLinks).set({ usedAt: now }).where(eq(embeddedAccountLinks.tokenHash, link.tokenHash))
        const [row] = await tx
          .update(embeddedConnectedAccounts)
          .set({
            legalName: input.legalName,
            dateOfBirth: input.dateOfBirth,
            ssnLast4: input.ssnLast4,
            routingNumber: input.routingNumber,
            bankAccountLast4: input.accountNumber.slice(-4),
            bankPayoutsFail: input.accountNumber === TEST_FAILING_ACCOUNT_NUMBER,
            detailsSubmitted: true,
            payoutsEnabled: true,
            payoutFailed: false,
            requirementsDue: [],
            updatedAt: now,
          })
          .where(eq(embeddedConnectedAccounts.id, link.accountId))
          .returning()
        return { account: toAccount(row!), returnUrl: link.returnUrl }
      })
      // As a webhook delivery that failed: the form was taken all the same, and retrieveAccount says so.
      await accounts
        .accountUpdated(account)
        .catch((error) => console.error(`Telling payouts that ${account.id} was updated failed: ${describeForLog(error, { frames: false })}`))
      return { returnUrl }
    },
  }
}
