import type Stripe from 'stripe'
import { type ConnectedAccount, type PaymentGateway, type Transfer, TransferRefusedError } from '../gateway'
import { commonGatewayError, type SendToStripe, type StripeErrorShape } from './stripe-requests'

type ConnectCalls = Pick<
  PaymentGateway,
  'createAccount' | 'retrieveAccount' | 'accountLink' | 'transfer' | 'reverseTransfer' | 'transfersOf' | 'platformBalanceCents'
>

/**
 * A connected account as payouts needs it. A payout to the bank that failed shows on the bank
 * account itself: Stripe marks it `errored` and stops scheduled payouts until the runner changes
 * it. `requirements.disabled_reason` cannot say so (its values name verification, review or
 * rejection, never the bank account), so the bank account's status is what is read.
 */
export function toConnectedAccount(account: Stripe.Account): ConnectedAccount {
  const due = [...(account.requirements?.currently_due ?? []), ...(account.requirements?.past_due ?? [])]
  const banks = account.external_accounts?.data ?? []
  return {
    id: account.id,
    detailsSubmitted: account.details_submitted ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    requirementsDue: [...new Set(due)],
    // Stripe lists external accounts only to the platform that controls the account, as ours does.
    payoutFailed: banks.some((external) => external.status === 'errored'),
    // The one payouts go to: the default for its currency, else the first listed.
    bankLast4: (banks.find((external) => external.default_for_currency) ?? banks[0])?.last4 ?? null,
  }
}

const toTransfer = (transfer: Stripe.Transfer): Transfer => ({
  id: transfer.id,
  amountCents: transfer.amount,
  destination: typeof transfer.destination === 'string' ? transfer.destination : (transfer.destination?.id ?? ''),
  transferGroup: transfer.transfer_group ?? '',
  reversedCents: transfer.amount_reversed,
  metadata: transfer.metadata,
})

/** Stripe's codes for a destination that cannot take transfers yet (its transfers capability is not active). */
const ACCOUNT_CANNOT_TAKE_TRANSFERS = new Set(['insufficient_capabilities_for_transfer', 'transfers_not_allowed', 'capability_not_active'])

/** Stripe's refusals of a transfer or a reversal, in the gateway's terms: nothing moved. Anything else as every call reads it. */
function transferError(error: unknown): Error {
  const stripeError = error as StripeErrorShape
  if (stripeError.type !== 'StripeInvalidRequestError') return commonGatewayError(error)
  const message = stripeError.message ?? 'Stripe refused the transfer.'
  if (stripeError.code === 'resource_missing') return new TransferRefusedError('missing', message)
  if (stripeError.code === 'balance_insufficient') return new TransferRefusedError('balance_insufficient', message)
  if (ACCOUNT_CANNOT_TAKE_TRANSFERS.has(stripeError.code ?? '') || stripeError.param === 'destination')
    return new TransferRefusedError('account_not_enabled', message)
  // Stripe names no code of its own for a charge that cannot cover the transfer, only the parameter.
  if (stripeError.param === 'source_transaction' || /source.transaction/i.test(message)) return new TransferRefusedError('source_insufficient', message)
  return error as Error
}

/**
 * Stripe Connect for money going out: runners' connected accounts (Express dashboard, the
 * platform in control) and separate transfers, each tied to the charge that pays for it.
 */
export function stripeConnect(send: SendToStripe): ConnectCalls {
  async function call<T>(request: (sdk: Stripe) => Promise<T>, translate: (error: unknown) => Error = commonGatewayError): Promise<T> {
    try {
      return await send(request)
    } catch (error) {
      throw translate(error)
    }
  }

  /** The charge a captured PaymentIntent made: what a transfer names as its source_transaction. */
  async function capturedChargeOf(paymentIntentId: string): Promise<string> {
    const intent = await call((sdk) => sdk.paymentIntents.retrieve(paymentIntentId), transferError)
    const charge = typeof intent.latest_charge === 'string' ? intent.latest_charge : intent.latest_charge?.id
    if (intent.status !== 'succeeded' || !charge) throw new TransferRefusedError('source_insufficient', `The payment ${paymentIntentId} has not been captured.`)
    return charge
  }

  return {
    async createAccount({ runnerId, email, idempotencyKey }) {
      const account = await call((sdk) =>
        sdk.accounts.create(
          {
            country: 'US',
            ...(email && { email }),
            // Express, in controller properties: Stripe collects what it needs from the runner
            // (the only choice with the Express dashboard), and the platform bears fees and losses.
            controller: {
              fees: { payer: 'application' },
              losses: { payments: 'application' },
              requirement_collection: 'stripe',
              stripe_dashboard: { type: 'express' },
            },
            capabilities: { transfers: { requested: true } },
            metadata: { runnerId },
          },
          { idempotencyKey },
        ),
      )
      return toConnectedAccount(account)
    },
    async retrieveAccount(id) {
      try {
        return toConnectedAccount(await send((sdk) => sdk.accounts.retrieve(id)))
      } catch (error) {
        if ((error as StripeErrorShape).code === 'resource_missing') return null
        throw commonGatewayError(error)
      }
    },
    async accountLink(id, { returnUrl, refreshUrl }) {
      // No key: a link made twice is two links, and the runner only ever follows the last one.
      const link = await call((sdk) => sdk.accountLinks.create({ account: id, refresh_url: refreshUrl, return_url: returnUrl, type: 'account_onboarding' }))
      return { url: link.url }
    },
    async transfer({ amountCents, destination, transferGroup, sourcePaymentIntentId, idempotencyKey, metadata }) {
      const source = sourcePaymentIntentId ? { source_transaction: await capturedChargeOf(sourcePaymentIntentId) } : {}
      const transfer = await call(
        (sdk) =>
          sdk.transfers.create({ amount: amountCents, currency: 'usd', destination, transfer_group: transferGroup, ...source, metadata }, { idempotencyKey }),
        transferError,
      )
      return toTransfer(transfer)
    },
    async reverseTransfer(transferId, amountCents, idempotencyKey) {
      const reversal = await call((sdk) => sdk.transfers.createReversal(transferId, { amount: amountCents }, { idempotencyKey }), transferError)
      return { id: reversal.id, transferId, amountCents: reversal.amount }
    },
    async transfersOf(transferGroup) {
      // Page by page rather than the SDK's auto-pagination, whose later pages would leave unpaced.
      const transfers: Transfer[] = []
      let startingAfter: string | undefined
      do {
        const page = await call((sdk) =>
          sdk.transfers.list({ transfer_group: transferGroup, limit: 100, ...(startingAfter && { starting_after: startingAfter }) }),
        )
        transfers.push(...page.data.map(toTransfer))
        startingAfter = page.has_more ? page.data.at(-1)?.id : undefined
      } while (startingAfter)
      return transfers
    },
    async platformBalanceCents() {
      const balance = await call((sdk) => sdk.balance.retrieve())
      return balance.available.filter((part) => part.currency === 'usd').reduce((sum, part) => sum + part.amount, 0)
    },
  }
}
