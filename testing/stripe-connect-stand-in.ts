import Stripe from 'stripe'
import { listOf, metadataOf, missing, ok, type Reply, stripeError } from './stripe-replies'

type StripeAccount = {
  id: string
  object: 'account'
  country: string
  email: string | null
  metadata: Record<string, string>
  details_submitted: boolean
  charges_enabled: boolean
  payouts_enabled: boolean
  capabilities: { transfers?: 'active' | 'inactive' | 'pending' }
  controller: Record<string, unknown>
  requirements: { currently_due: string[]; past_due: string[]; eventually_due: string[]; disabled_reason: string | null; errors: unknown[] }
  external_accounts: { object: 'list'; url: string; has_more: false; data: BankAccount[] }
}
type BankAccount = { id: string; object: 'bank_account'; account: string; bank_name: string; last4: string; currency: 'usd'; country: 'US'; status: string }
type StripeTransfer = {
  id: string
  object: 'transfer'
  amount: number
  amount_reversed: number
  currency: string
  destination: string
  transfer_group: string | null
  source_transaction: string | null
  metadata: Record<string, string>
  reversed: boolean
}
type StripePayout = {
  id: string
  object: 'payout'
  amount: number
  currency: 'usd'
  created: number
  status: 'paid' | 'failed'
  failure_code: string | null
  failure_message: string | null
}

/** What the Connect side reads of the card side: a charge with what is left of it, and the platform's money taken in. */
export type PaymentsLedger = {
  charge(id: string): { capturedCents: number; refundedCents: number } | undefined
  /** Captured less refunded, over every charge. */
  netChargedCents(): number
  nextId(prefix: string): string
}

/** What Stripe still asks of a new Express account before it may take transfers. */
const ONBOARDING_DUE = ['business_type', 'external_account', 'individual.first_name', 'individual.last_name', 'tos_acceptance.date', 'tos_acceptance.ip']

/**
 * Stripe Connect as the stand-in keeps it: connected accounts and their onboarding, account
 * links, separate transfers funded by a charge (source_transaction), their reversals, and the
 * signed Connect events (account.updated, payout.failed) a Connect webhook endpoint receives.
 * Transfers are refused as Stripe refuses them: past what is left of their charge, past the
 * platform's balance when they name no charge, or to an account whose transfers capability is not active.
 */
export function connectStandIn(payments: PaymentsLedger, { maxPageSize }: { maxPageSize: number }) {
  const accounts = new Map<string, StripeAccount>()
  const transfers: StripeTransfer[] = []
  /** Each account's last payout to its bank, for its payout.paid or payout.failed event. */
  const lastPayouts = new Map<string, StripePayout>()
  /** A payout of the account's balance to its bank, kept as its last for the event that tells of it. */
  function keptPayout(accountId: string, amount: number, status: StripePayout['status'], failureCode: string | null, failureMessage: string | null) {
    const payout: StripePayout = {
      id: payments.nextId('po_test'),
      object: 'payout',
      amount,
      currency: 'usd',
      created: Math.floor(Date.now() / 1000),
      status,
      failure_code: failureCode,
      failure_message: failureMessage,
    }
    lastPayouts.set(accountId, payout)
    return payout
  }
  const signer = new Stripe('sk_test_stand_in')

  /** Captured less refunded, less transferred, plus what reversals brought back. */
  const platformBalance = () => payments.netChargedCents() - transfers.reduce((sum, made) => sum + made.amount - made.amount_reversed, 0)

  function createAccount(params: URLSearchParams): Reply {
    const id = payments.nextId('acct_test')
    const account: StripeAccount = {
      id,
      object: 'account',
      country: params.get('country') ?? 'US',
      email: params.get('email'),
      metadata: metadataOf(params),
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      capabilities: params.get('capabilities[transfers][requested]') === 'true' ? { transfers: 'inactive' } : {},
      controller: {
        type: 'application',
        is_controller: true,
        fees: { payer: params.get('controller[fees][payer]') ?? 'account' },
        losses: { payments: params.get('controller[losses][payments]') ?? 'stripe' },
        requirement_collection: params.get('controller[requirement_collection]') ?? 'stripe',
        stripe_dashboard: { type: params.get('controller[stripe_dashboard][type]') ?? 'full' },
      },
      requirements: {
        currently_due: [...ONBOARDING_DUE],
        past_due: [],
        eventually_due: [...ONBOARDING_DUE],
        disabled_reason: 'requirements.past_due',
        errors: [],
      },
      external_accounts: { object: 'list', url: `/v1/accounts/${id}/external_accounts`, has_more: false, data: [] },
    }
    accounts.set(id, account)
    return ok(account)
  }

  function accountLink(params: URLSearchParams): Reply {
    const account = params.get('account') ?? ''
    if (!accounts.has(account)) return missing('account', account, 'account')
    const created = Math.floor(Date.now() / 1000)
    return ok({ object: 'account_link', created, expires_at: created + 300, url: `https://connect.stripe.com/setup/e/${account}/${crypto.randomUUID()}` })
  }

  function createTransfer(params: URLSearchParams): Reply {
    const amount = Number(params.get('amount'))
    const destination = params.get('destination') ?? ''
    const source = params.get('source_transaction')
    const account = accounts.get(destination)
    if (!account) return missing('destination', destination, 'destination')
    const charge = source ? payments.charge(source) : undefined
    if (source && !charge) return missing('charge', source, 'source_transaction')
    if (account.capabilities.transfers !== 'active')
      return stripeError(
        400,
        'invalid_request_error',
        'insufficient_capabilities_for_transfer',
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        { param: 'destination' },
      )
    if (source && charge) {
      const transferred = transfers.filter((made) => made.source_transaction === source).reduce((sum, made) => sum + made.amount, 0)
      const left = charge.capturedCents - charge.refundedCents - transferred
      if (amount > left)
        return stripeError(
          400,
          'invalid_request_error',
          null,
          `The transfer amount ($${amount / 100}) exceeds what is left of source_transaction ${source} ($${left / 100}).`,
          {
            param: 'source_transaction',
          },
        )
    }
    // A transfer that names its charge draws on that charge, whatever the platform's balance.
    if (!source && amount > platformBalance())
      return stripeError(
        400,
        'invalid_request_error',
        'balance_insufficient',
        'You have insufficient funds in your Stripe account. One likely reason you have insufficient funds is that your funds are automatically being paid out.',
      )
    const transfer: StripeTransfer = {
      id: payments.nextId('tr_test'),
      object: 'transfer',
      amount,
      amount_reversed: 0,
      currency: params.get('currency') ?? 'usd',
      destination,
      transfer_group: params.get('transfer_group'),
      source_transaction: source,
      metadata: metadataOf(params),
      reversed: false,
    }
    transfers.push(transfer)
    return ok(transfer)
  }

  /** As Stripe reverses: never more in all than was transferred. */
  function reverse(transferId: string, params: URLSearchParams): Reply {
    const transfer = transfers.find((made) => made.id === transferId)
    if (!transfer) return missing('transfer', transferId)
    const left = transfer.amount - transfer.amount_reversed
    const asked = params.has('amount') ? Number(params.get('amount')) : left
    if (asked > left)
      return stripeError(
        400,
        'invalid_request_error',
        null,
        `Amount ($${asked / 100}) is greater than the unreversed amount on the transfer ($${left / 100}).`,
        {
          param: 'amount',
        },
      )
    transfer.amount_reversed += asked
    transfer.reversed = transfer.amount_reversed === transfer.amount
    return ok({ id: payments.nextId('trr_test'), object: 'transfer_reversal', amount: asked, currency: transfer.currency, transfer: transferId, metadata: {} })
  }

  /** Newest first, as Stripe lists, a page at a time: at most `limit`, and at most maxPageSize, so paging is exercised. */
  function listTransfers(params: URLSearchParams): Reply {
    const group = params.get('transfer_group')
    const all = transfers.filter((made) => !group || made.transfer_group === group).reverse()
    const after = params.get('starting_after')
    const from = after ? all.findIndex((made) => made.id === after) + 1 : 0
    const size = Math.min(Number(params.get('limit') ?? 10), maxPageSize)
    return ok(listOf('/v1/transfers', all.slice(from, from + size), from + size < all.length))
  }

  function answer(method: string, path: string, params: URLSearchParams): Reply | null {
    if (method === 'POST' && path === '/v1/accounts') return createAccount(params)
    const account = /^\/v1\/accounts\/([^/]+)$/.exec(path)?.[1]
    if (method === 'GET' && account) return accounts.has(account) ? ok(accounts.get(account)) : missing('account', account)
    if (method === 'POST' && path === '/v1/account_links') return accountLink(params)
    if (method === 'POST' && path === '/v1/transfers') return createTransfer(params)
    if (method === 'GET' && path === '/v1/transfers') return listTransfers(params)
    const reversed = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path)?.[1]
    if (method === 'POST' && reversed) return reverse(reversed, params)
    if (method === 'GET' && path === '/v1/balance')
      return ok({ object: 'balance', livemode: false, available: [{ amount: platformBalance(), currency: 'usd' }], pending: [{ amount: 0, currency: 'usd' }] })
    return null
  }

  const accountOf = (id: string) => {
    const account = accounts.get(id)
    if (!account) throw new Error(`no account ${id} at the Stripe stand-in`)
    return account
  }

  return {
    answer,
    account: (id: string) => accounts.get(id),
    /** The transfers made, oldest first: all, or one group's. */
    transfers: (group?: string) => transfers.filter((made) => !group || made.transfer_group === group),
    platformBalance,
    /** What Stripe's onboarding form does when the runner finishes it: details in, a bank account, transfers and payouts on. */
    onboard(id: string) {
      const account = accountOf(id)
      account.details_submitted = true
      account.payouts_enabled = true
      account.capabilities.transfers = 'active'
      account.requirements = { currently_due: [], past_due: [], eventually_due: [], disabled_reason: null, errors: [] }
      account.external_accounts.data = [
        {
          id: payments.nextId('ba_test'),
          object: 'bank_account',
          account: id,
          bank_name: 'STRIPE TEST BANK',
          last4: '6789',
          currency: 'usd',
          country: 'US',
          status: 'new',
        },
      ]
    },
    /** A payout to the runner's bank bounced (the account was closed): Stripe marks the bank account errored and keeps the payout for payout.failed. */
    failPayout(id: string, { amount = 1000, failureCode = 'account_closed', failureMessage = 'The bank account has been closed.' } = {}) {
      const account = accountOf(id)
      for (const bank of account.external_accounts.data) bank.status = 'errored'
      return keptPayout(id, amount, 'failed', failureCode, failureMessage)
    },
    /** A payout of the account's balance reached the runner's bank, kept for payout.paid. */
    payPayout(id: string, { amount = 1000 } = {}) {
      accountOf(id)
      return keptPayout(id, amount, 'paid', null, null)
    },
    /**
     * Stripe's Connect event about `accountId`, as its Connect endpoint posts it: the account as it
     * stands (account.updated) or its last payout (payout.paid, payout.failed), signed with `secret`.
     */
    async connectEvent(type: 'account.updated' | 'payout.paid' | 'payout.failed', accountId: string, secret: string) {
      const object = type === 'account.updated' ? accountOf(accountId) : lastPayouts.get(accountId)
      if (!object) throw new Error(`no payout of ${accountId} at the Stripe stand-in`)
      const payload = JSON.stringify({
        id: `evt_${crypto.randomUUID()}`,
        object: 'event',
        type,
        account: accountId,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object },
      })
      return { payload, signature: await signer.webhooks.generateTestHeaderStringAsync({ payload, secret }) }
    },
  }
}
