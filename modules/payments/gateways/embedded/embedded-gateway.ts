import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../../../db/database'
import { isForeignKeyViolation } from '../../../../db/errors'
import { rows } from '../../../../db/migrate'
import { AppError, type Clock } from '../../../shared/index'
import {
  type ChargeSavedCardInput,
  type CreateIntentInput,
  type IntentStatus,
  PaymentDeclinedError,
  type PaymentGateway,
  type PaymentIntent,
  PaymentStateError,
  type Refund,
  RefundExceedsCaptureError,
} from '../gateway'
import { embeddedBankPayouts } from './embedded-bank-payouts'
import { embeddedConnect } from './embedded-connect'
import { insertOnceByKey, judgedOnceByKey, onceByKey } from './embedded-idempotency'
import { embeddedOnboarding } from './embedded-onboarding'
import { randomToken, sha256 } from './embedded-tokens'
import { type CardInput, cardBehaviour } from './sample-cards'
import { embeddedCustomers, embeddedPaymentIntents, embeddedPaymentMethods, embeddedRefunds } from './schema'

type IntentRow = typeof embeddedPaymentIntents.$inferSelect

/** Ids read in one query by the batch reads. */
const READ_AT_ONCE = 1000

/** After this many declined cards an intent is cancelled, as Stripe blocks card testing on one intent. */
const MAX_FAILED_CONFIRMATIONS = 5

const toIntent = (row: IntentRow): PaymentIntent => ({
  id: row.id,
  status: row.status,
  amountCents: row.amountCents,
  amountReceivedCents: row.status === 'succeeded' ? row.amountCaptured : 0,
  currency: row.currency,
  metadata: row.metadata,
  customerId: row.customerId,
  paymentMethodId: row.paymentMethodId,
  lastDeclineCode: row.status === 'requires_payment_method' ? row.lastDeclineCode : null,
})

const stateError = (status: IntentStatus | 'missing', action: string) =>
  new PaymentStateError(
    status,
    status === 'missing' ? 'No such payment intent.' : `This PaymentIntent could not be ${action} because it has a status of ${status}.`,
  )

export type EmbeddedGatewayOptions = {
  /** The app's public origin (APP_URL): an account link leads to the stand-in for Stripe's onboarding form there. */
  appUrl: string
}

/**
 * The payment gateway when Stripe is not configured: PaymentIntents with real state in the
 * database and Stripe's rules. Capture and cancel are idempotent by key (a retry gets the first
 * answer, success or refusal), an intent is captured at most once, and a cancelled one never.
 * A replayed create returns the first intent with its client secret, as Stripe's replay does.
 * Money going out is Stripe Connect's, in the same manner: connected accounts and transfers
 * (embedded-connect.ts), the onboarding form's links (embedded-onboarding.ts) and the daily bank
 * payouts (embedded-bank-payouts.ts).
 */
export function embeddedGateway(db: Database, clock: Clock, { appUrl }: EmbeddedGatewayOptions) {
  const once = onceByKey(db, clock)
  const insertOnce = insertOnceByKey(db, clock)
  // Every checkout retrieves its intents: built once.
  const intentById = db
    .select()
    .from(embeddedPaymentIntents)
    .where(eq(embeddedPaymentIntents.id, sql.placeholder('id')))
    .prepare('embedded_intent_by_id')
  const onboarding = embeddedOnboarding(db, clock, appUrl)

  async function currentStatus(tx: Database, id: string): Promise<IntentStatus | 'missing'> {
    const [row] = await tx.select({ status: embeddedPaymentIntents.status }).from(embeddedPaymentIntents).where(eq(embeddedPaymentIntents.id, id))
    return row?.status ?? 'missing'
  }

  /** Why the browser's confirm moved nothing: no intent has that secret (404), or it is past waiting for a card (400). */
  async function notConfirmable(secretHash: string) {
    const [row] = await db
      .select({ status: embeddedPaymentIntents.status })
      .from(embeddedPaymentIntents)
      .where(eq(embeddedPaymentIntents.clientSecretHash, secretHash))
    if (!row) return new AppError(404, 'resource_missing', 'No such payment intent.')
    return new AppError(400, 'payment_intent_unexpected_state', `This PaymentIntent's status is ${row.status}, so it cannot be confirmed.`)
  }

  const gateway = {
    kind: 'embedded' as const,
    publishableKey: null,

    async createIntent({ amountCents, metadata, idempotencyKey, customerId, saveCard = false }: CreateIntentInput) {
      const id = `pi_emb_${randomToken(18)}`
      const clientSecret = `${id}_secret_${randomToken(24)}`
      const subject = `amount:${amountCents}${customerId ? `:${customerId}${saveCard ? ':save' : ''}` : ''}`
      // The new intent as toIntent reads it, with the secret only its creator is given.
      const made = {
        id,
        status: 'requires_payment_method' as const,
        amountCents,
        amountReceivedCents: 0,
        currency: 'usd',
        metadata,
        customerId: customerId ?? null,
        paymentMethodId: null,
        lastDeclineCode: null,
        clientSecret,
      } satisfies PaymentIntent & { clientSecret: string }
      const intent = await insertOnce(
        { key: idempotencyKey, operation: 'create', subject },
        made,
        (kept) =>
          sql`insert into ${embeddedPaymentIntents} ("id", "client_secret_hash", "amount_cents", "currency", "status", "metadata", "customer_id", "save_card", "created_at") select ${id}, ${sha256(clientSecret)}, ${amountCents}, ${made.currency}, ${made.status}, ${JSON.stringify(metadata)}::jsonb, ${made.customerId}, ${saveCard}, ${clock.now().toISOString()}::timestamptz from ${kept} returning "id"`,
      ).catch((error) => {
        // No such customer: refused as Stripe refuses it, and, as there, no answer is kept under the key.
        if (isForeignKeyViolation(error, 'embedded_payment_intents_customer_id_embedded_customers_id_fk'))
          throw new PaymentStateError('missing', `No such customer: '${customerId}'`)
        throw error
      })
      return intent as PaymentIntent & { clientSecret: string }
    },

    createCustomer({ buyerId, idempotencyKey }: { buyerId: string; idempotencyKey: string }) {
      return once<{ id: string }>(idempotencyKey, 'customer', buyerId, async (tx) => {
        const [row] = await tx
          .insert(embeddedCustomers)
          .values({ id: `cus_emb_${randomToken(14)}`, metadata: { buyerId }, createdAt: clock.now() })
          .returning({ id: embeddedCustomers.id })
        return row!
      })
    },

    /**
     * Confirms an intent from the server on a card saved to the intent's customer, as Stripe's
     * off-session confirm: the card must be that customer's. A card whose later charges are
     * declined leaves the intent waiting for a card, with the decline recorded.
     */
    confirmWithSavedCard(id: string, { paymentMethodId, idempotencyKey }: { paymentMethodId: string; idempotencyKey: string }) {
      return once(idempotencyKey, 'confirm', id, async (tx) => {
        // The intent, held, and the card named, in one read.
        const [found] = await tx
          .select({ row: embeddedPaymentIntents, card: embeddedPaymentMethods })
          .from(embeddedPaymentIntents)
          .leftJoin(embeddedPaymentMethods, eq(embeddedPaymentMethods.id, paymentMethodId))
          .where(eq(embeddedPaymentIntents.id, id))
          .for('update', { of: embeddedPaymentIntents })
        const row = found?.row
        if (!row || row.status !== 'requires_payment_method') throw stateError(row?.status ?? 'missing', 'confirmed')
        const card = found.card
        if (!card || card.customerId === null || card.customerId !== row.customerId) throw stateError('missing', 'confirmed')
        if (card.chargeDeclineCode) {
          await tx
            .update(embeddedPaymentIntents)
            .set({ failedConfirmations: row.failedConfirmations + 1, lastDeclineCode: card.chargeDeclineCode })
            .where(eq(embeddedPaymentIntents.id, id))
          throw new PaymentDeclinedError(card.chargeDeclineCode, 'Your card was declined.')
        }
        const [confirmed] = await tx
          .update(embeddedPaymentIntents)
          .set({
            status: 'requires_capture',
            paymentMethodId,
            cardBrand: card.cardBrand,
            cardLast4: card.cardLast4,
            captureDeclineCode: card.chargeDeclineCode,
            authorizedAt: clock.now(),
          })
          .where(eq(embeddedPaymentIntents.id, id))
          .returning()
        return toIntent(confirmed!)
      })
    },

    /**
     * Charges a card saved to the customer at once, as Stripe's create with confirm, off_session
     * and automatic capture: the card must be that customer's. A card whose later charges are
     * declined leaves the new intent waiting for a card, with the decline recorded; that answer
     * is kept under the key like any other.
     */
    chargeSavedCard({ amountCents, customerId, paymentMethodId, metadata, idempotencyKey }: ChargeSavedCardInput) {
      return once(idempotencyKey, 'charge', `amount:${amountCents}:${customerId}:${paymentMethodId}`, async (tx) => {
        const [card] = await tx.select().from(embeddedPaymentMethods).where(eq(embeddedPaymentMethods.id, paymentMethodId))
        if (!card || card.customerId === null || card.customerId !== customerId) throw stateError('missing', 'confirmed')
        const now = clock.now()
        const [row] = await tx
          .insert(embeddedPaymentIntents)
          .values({
            id: `pi_emb_${randomToken(18)}`,
            // Never confirmed in a browser: a secret nobody holds.
            clientSecretHash: sha256(randomToken(24)),
            amountCents,
            currency: 'usd',
            metadata,
            customerId,
            paymentMethodId,
            cardBrand: card.cardBrand,
            cardLast4: card.cardLast4,
            createdAt: now,
            ...(card.chargeDeclineCode
              ? { status: 'requires_payment_method' as const, failedConfirmations: 1, lastDeclineCode: card.chargeDeclineCode }
              : { status: 'succeeded' as const, amountCaptured: amountCents, authorizedAt: now, capturedAt: now }),
          })
          .returning()
        return toIntent(row!)
      })
    },

    /** Many intents at once, for support's checks and the sweep benchmark's proof. */
    async intentsOf(ids: readonly string[]): Promise<Map<string, PaymentIntent>> {
      const found = new Map<string, PaymentIntent>()
      for (let start = 0; start < ids.length; start += READ_AT_ONCE) {
        const rows = await db
          .select()
          .from(embeddedPaymentIntents)
          .where(inArray(embeddedPaymentIntents.id, ids.slice(start, start + READ_AT_ONCE)))
        for (const row of rows) found.set(row.id, toIntent(row))
      }
      return found
    },

    /** What has come back on many intents at once, for support's check: all of their refunds, whoever made them. */
    async refundedOf(ids: readonly string[]): Promise<Map<string, number>> {
      const found = new Map<string, number>()
      for (let start = 0; start < ids.length; start += READ_AT_ONCE) {
        const rows = await db
          .select({ intentId: embeddedRefunds.intentId, total: sql<number>`sum(${embeddedRefunds.amountCents})::int` })
          .from(embeddedRefunds)
          .where(inArray(embeddedRefunds.intentId, ids.slice(start, start + READ_AT_ONCE)))
          .groupBy(embeddedRefunds.intentId)
        for (const row of rows) found.set(row.intentId, Number(row.total))
      }
      return found
    },

    async retrieveIntent(id: string) {
      const [row] = await intentById.execute({ id })
      return row ? toIntent(row) : null
    },

    capture(id: string, idempotencyKey: string, amountCents?: number) {
      return once(idempotencyKey, 'capture', id, async (tx) => {
        const now = clock.now()
        const [row] = await tx.select().from(embeddedPaymentIntents).where(eq(embeddedPaymentIntents.id, id)).for('update')
        if (!row || row.status !== 'requires_capture') throw stateError(row?.status ?? 'missing', 'captured')
        if (row.captureDeclineCode) {
          // The bank refuses the charge; the authorization does not survive it.
          await tx
            .update(embeddedPaymentIntents)
            .set({ status: 'canceled', canceledAt: now, lastDeclineCode: row.captureDeclineCode })
            .where(eq(embeddedPaymentIntents.id, id))
          throw new PaymentDeclinedError(row.captureDeclineCode, 'Your card was declined.')
        }
        const [captured] = await tx
          .update(embeddedPaymentIntents)
          .set({ status: 'succeeded', amountCaptured: Math.min(amountCents ?? row.amountCents, row.amountCents), capturedAt: now })
          .where(eq(embeddedPaymentIntents.id, id))
          .returning()
        return toIntent(captured!)
      })
    },

    cancel(id: string, idempotencyKey: string) {
      return once(idempotencyKey, 'cancel', id, async (tx) => {
        const [row] = await tx
          .update(embeddedPaymentIntents)
          .set({ status: 'canceled', canceledAt: clock.now() })
          .where(and(eq(embeddedPaymentIntents.id, id), sql`${embeddedPaymentIntents.status} in ('requires_payment_method', 'requires_capture')`))
          .returning()
        if (!row) throw stateError(await currentStatus(tx, id), 'canceled')
        return toIntent(row)
      })
    },

    /** Refunds part or all of a captured intent, as Stripe's Refunds API: never more in all than was captured. */
    refund(id: string, amountCents: number, idempotencyKey: string) {
      return once<Refund>(idempotencyKey, 'refund', `${id}:${amountCents}`, async (tx) => {
        const [row] = await tx.select().from(embeddedPaymentIntents).where(eq(embeddedPaymentIntents.id, id)).for('update')
        if (!row || row.status !== 'succeeded') throw stateError(row?.status ?? 'missing', 'refunded')
        const refundable = row.amountCaptured - row.amountRefunded
        if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > refundable) throw new RefundExceedsCaptureError(refundable)
        const refund = { id: `re_emb_${randomToken(18)}`, paymentIntentId: id, amountCents }
        // The refund and the intent's amount_refunded in one statement, under the intent's lock taken above.
        const made = tx.insert(embeddedRefunds).values({ id: refund.id, intentId: id, amountCents, createdAt: clock.now() })
        const counted = tx
          .update(embeddedPaymentIntents)
          .set({ amountRefunded: sql`${embeddedPaymentIntents.amountRefunded} + ${amountCents}` })
          .where(eq(embeddedPaymentIntents.id, id))
        await tx.execute(sql`with made as (${made.getSQL()}) ${counted.getSQL()}`)
        return refund
      })
    },

    /**
     * POST /api/payments/embedded/confirm: the browser's card form confirms an intent by its
     * client secret, as Stripe.js does. The card number is checked and forgotten; only its brand
     * and last four digits are kept.
     */
    async confirmCard(clientSecret: string, card: CardInput) {
      const behaviour = cardBehaviour(card, clock)
      const secretHash = sha256(clientSecret)
      const now = clock.now().toISOString()
      // Only an intent waiting for a card moves, in one statement; anything else is told apart after.
      const waiting = and(eq(embeddedPaymentIntents.clientSecretHash, secretHash), eq(embeddedPaymentIntents.status, 'requires_payment_method'))
      if (behaviour.outcome === 'decline') {
        const failed = sql`${embeddedPaymentIntents.failedConfirmations} + 1`
        const givesUp = sql`${failed} >= ${MAX_FAILED_CONFIRMATIONS}`
        const [declined] = await db
          .update(embeddedPaymentIntents)
          .set({
            failedConfirmations: failed,
            lastDeclineCode: behaviour.declineCode,
            status: sql`case when ${givesUp} then 'canceled' else ${embeddedPaymentIntents.status} end`,
            canceledAt: sql`case when ${givesUp} then ${now}::timestamptz else ${embeddedPaymentIntents.canceledAt} end`,
          })
          .where(waiting)
          .returning({ id: embeddedPaymentIntents.id })
        if (!declined) throw await notConfirmable(secretHash)
        return { declined: { declineCode: behaviour.declineCode, message: behaviour.message } }
      }
      // The card becomes a PaymentMethod, saved to the intent's customer when the intent asked for it.
      const captureDeclineCode = behaviour.captureDeclineCode ?? null
      const [confirmed] = rows<{ id: string }>(
        await db.execute(sql`
          with intent as (
            select id, customer_id, save_card from ${embeddedPaymentIntents} where ${waiting} for update
          ), card as (
            insert into ${embeddedPaymentMethods} ("id", "customer_id", "card_brand", "card_last4", "charge_decline_code", "created_at")
            select ${`pm_emb_${randomToken(18)}`}::text, case when intent.save_card then intent.customer_id end, ${behaviour.brand}::text, ${behaviour.last4}::text, ${captureDeclineCode}::text, ${now}::timestamptz from intent
            returning "id"
          )
          update ${embeddedPaymentIntents} set "status" = 'requires_capture', "payment_method_id" = card.id, "card_brand" = ${behaviour.brand}, "card_last4" = ${behaviour.last4}, "capture_decline_code" = ${captureDeclineCode}, "authorized_at" = ${now}::timestamptz
          from intent, card where ${embeddedPaymentIntents}."id" = intent.id
          returning ${embeddedPaymentIntents}."id"`),
      )
      if (!confirmed) throw await notConfirmable(secretHash)
      return { confirmed: { id: confirmed.id, status: 'requires_capture' as const } }
    },

    ...embeddedConnect(db, clock, once, judgedOnceByKey(db, clock)),
    accountLink: onboarding.accountLink,
    /** The stand-in for Stripe's hosted onboarding form: its page's calls (routes.ts). */
    onboarding: { open: onboarding.openLink, submit: onboarding.submit },
    /** The daily payout of every connected balance to its bank; payouts schedules it. */
    payOutBalances: embeddedBankPayouts(db, clock),
  }
  return gateway satisfies PaymentGateway
}

export type EmbeddedGateway = ReturnType<typeof embeddedGateway>
