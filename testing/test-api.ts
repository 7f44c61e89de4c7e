import type { DatabaseHandle } from '../db/client'
import { markPhoneVerified } from '../modules/accounts/index'
import { type CatalogItem, type LocatedStoreRecord, listStores, storeImport } from '../modules/catalog/index'
import type { PushSender } from '../modules/notifications/index'
import type { Order } from '../modules/orders/index'
import type { AccountListener, PaymentGateway } from '../modules/payments/index'
import { type Logger, toE164 } from '../modules/shared/index'
import { embeddedSmsSender, type PhoneTokenVerifier, TEST_CODE } from '../modules/verification/index'
import { createApi } from '../server/app'
import { providersFromConfig } from '../server/providers'
import { apiRequest, freshTestDatabase, sessionCookieFrom, testDeps } from './database'

/**
 * The whole API on a fresh database, with the embedded providers and a clock the test moves.
 * `sms.outbox` shows what would have been texted.
 */
type TestApiOptions = {
  env?: Record<string, string>
  firebase?: PhoneTokenVerifier
  /** Another gateway in place of the configured one (the Stripe SDK against a stand-in). */
  payments?: PaymentGateway
  /** Wraps the configured gateway: to count its calls, or to take it down. */
  wrapPayments?: (gateway: PaymentGateway) => PaymentGateway
  /** Wraps the configured push sender: to see what it was handed. */
  wrapPush?: (push: PushSender) => PushSender
  /** Hears what payments tells payouts of runners' connected accounts (the embedded onboarding form, Stripe's account.updated and payout.failed), in place of payouts' own listener. */
  accounts?: AccountListener
  database?: DatabaseHandle
  /** Where request lines are logged: to read what the logs carry. */
  logger?: Logger
}

/** The code a reserved test phone number accepts, for tests of other modules that need one. */
export const PHONE_TEST_CODE = TEST_CODE

/** The item with this name on a test store's shelf (addStore's). */
export const itemNamed = (store: { items: { id: string; name: string }[] }, name: string) => store.items.find((item) => item.name === name)!

export async function testApi(options: TestApiOptions = {}) {
  const handle: DatabaseHandle & { url?: string } = options.database ?? (await freshTestDatabase())
  const deps = testDeps(handle.db, options.env)
  const sms = embeddedSmsSender({ clock: deps.clock, log: () => {} })
  const configured = providersFromConfig(deps)
  const payments = options.payments ?? options.wrapPayments?.(configured.payments) ?? configured.payments
  const push = options.wrapPush?.(configured.push) ?? configured.push
  const providers = { ...configured, sms, payments, push, ...(options.firebase && { phoneVerifier: options.firebase }) }
  const app = createApi({ ...deps, dbKind: handle.kind, listen: handle.listen, logger: options.logger }, providers, undefined, options.accounts)

  async function call(method: string, path: string, options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {}) {
    const response = await app.handle(apiRequest(method, path, options))
    const text = await response.text()
    let body: Record<string, unknown> & { message?: string; code?: string; errors?: Record<string, string> } = {}
    try {
      body = text ? JSON.parse(text) : {}
    } catch {
      // not JSON: the assertions on status say enough
    }
    return { status: response.status, body, headers: response.headers, cookie: sessionCookieFrom(response) }
  }

  let phoneCounter = 100
  /** The first hundred are reserved test numbers (they accept the test code); then plain numbers. */
  const nextPhone = () => {
    const n = phoneCounter++
    return n < 200 ? `(732) 555-0${n}` : `(201) ${300 + Math.floor(n / 10_000)}-${String(n % 10_000).padStart(4, '0')}`
  }
  /** Registers someone new and returns their session cookie. */
  async function signUp(overrides: Record<string, unknown> = {}) {
    const phone = nextPhone()
    const body = {
      firstName: 'Asha',
      lastName: 'Patel',
      email: `${crypto.randomUUID().slice(0, 8)}@example.com`,
      phone,
      password: 'correct horse battery',
      ...overrides,
    }
    const response = await call('POST', '/api/register', { body })
    if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`)
    return { ...response, cookie: response.cookie!, user: response.body.user as { id: string; phone: string; email: string }, input: body }
  }

  type Role = 'buyer' | 'runner'
  /**
   * Someone ready to shop or deliver: signed up, phone verified (directly, so many accounts do not
   * run into the SMS caps), profile complete at a ZIP code, Edison's 08817 unless told.
   */
  async function completeAccount(options: { roles?: Role[]; zipCode?: string; firstName?: string; lastName?: string } = {}) {
    const account = await signUp({ firstName: options.firstName ?? 'Asha', lastName: options.lastName ?? 'Patel' })
    await markPhoneVerified(handle.db, deps.clock, account.user.id, toE164(account.input.phone)!, 'sms')
    const profile = {
      firstName: account.input.firstName,
      lastName: account.input.lastName,
      roles: options.roles ?? ['buyer'],
      address: '12 Oak Tree Rd',
      city: 'Edison',
      state: 'NJ',
      zipCode: options.zipCode ?? '08817',
    }
    const completed = await call('POST', '/api/auth/complete-profile', { cookie: account.cookie, body: profile })
    if (completed.status !== 200) throw new Error(`profile completion failed: ${completed.status} ${JSON.stringify(completed.body)}`)
    return { ...account, profile }
  }

  /** A store with a few priced items (and one the store prices at the counter), where you say. */
  async function addStore(place: { name: string; latitude: number; longitude: number; zipCode?: string }) {
    const record = {
      name: place.name,
      address: `1 ${place.name} Way, Edison, NJ ${place.zipCode ?? '08817'}`,
      zipCode: place.zipCode ?? '08817',
      latitude: place.latitude,
      longitude: place.longitude,
      items: [
        { name: 'Toor Dal', unit: '4 lb', price: 7.99, priceUnit: 'bag', category: 'Lentils & Pulses' },
        { name: 'Basmati Rice', unit: '10 lb', price: 18.99, priceUnit: 'bag', category: 'Rice & Grains' },
        { name: 'Garam Masala', unit: '7 oz', price: 4.49, priceUnit: 'box', category: 'Spices & Seasonings' },
        { name: 'Fresh Methi', unit: 'bunch', category: 'Fresh Vegetables', isEstimatedPrice: true },
      ],
    } as LocatedStoreRecord
    await storeImport.importStores(handle.db, [record])
    const store = (await listStores(handle.db, deps.clock)).find((candidate) => candidate.name === place.name)!
    const viewer = await signUp()
    const shelf = (await call('GET', `/api/items?storeId=${store.id}`, { cookie: viewer.cookie })).body as unknown as CatalogItem[]
    return { store, items: shelf }
  }

  type StoreWithShelf = Awaited<ReturnType<typeof addStore>>
  /**
   * A buyer's whole checkout with the embedded card form: authorize the fee plus `tip` dollars,
   * confirm `card`, place an order for the first two items of `store`. Returns the order.
   */
  /** `scheduledFor`: a delivery window's start, for a scheduled order. */
  async function placeOrder(
    cookie: string,
    store: StoreWithShelf,
    { tip = 5, card = '4242424242424242', scheduledFor }: { tip?: number; card?: string; scheduledFor?: string } = {},
  ) {
    const scheduled = scheduledFor === undefined ? {} : { scheduledFor, storeId: store.store.id }
    const intent = await call('POST', '/api/create-payment-intent', { cookie, body: { amount: 2 + tip, ...scheduled } })
    if (intent.status !== 200) throw new Error(`create-payment-intent failed: ${intent.status} ${JSON.stringify(intent.body)}`)
    const { clientSecret, paymentIntentId } = intent.body as { clientSecret: string; paymentIntentId: string }
    const confirmed = await call('POST', '/api/payments/embedded/confirm', {
      body: { clientSecret, cardNumber: card, expMonth: 12, expYear: 2030, cvc: '123' },
    })
    if (confirmed.status !== 200) throw new Error(`card confirmation failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`)
    const items = store.items.slice(0, 2).map((item) => ({ id: item.id, quantity: 1 }))
    const placed = await call('POST', '/api/confirm-payment-and-create-order', {
      cookie,
      body: { paymentIntentId, orderData: { storeId: store.store.id, items, tip, scheduledFor } },
    })
    if (placed.status !== 200) throw new Error(`placing the order failed: ${placed.status} ${JSON.stringify(placed.body)}`)
    return placed.body.order as Order
  }

  type Person = Awaited<ReturnType<typeof completeAccount>>

  /** A new runner who went through the embedded stand-in's onboarding form with Stripe's test bank numbers: payouts enabled. */
  async function runnerWithPayouts({ accountNumber = '000123456789', ...options }: { firstName?: string; accountNumber?: string } = {}) {
    return setUpPayouts(await completeAccount({ roles: ['runner'], ...options }), accountNumber)
  }
  /** The runner through the embedded stand-in's payout form (again), with this bank account. */
  async function setUpPayouts<Runner extends { cookie: string }>(runner: Runner, accountNumber: string) {
    const started = await call('POST', '/api/runner/payouts/onboarding', { cookie: runner.cookie })
    const link = new URL(started.body.url as string).searchParams.get('link')!
    const filled = await call('POST', '/api/payments/embedded/onboarding', {
      body: { link, legalName: 'Ravi Shah', dateOfBirth: '1990-04-12', ssnLast4: '0000', routingNumber: '110000000', accountNumber },
    })
    if (filled.status !== 200) throw new Error(`onboarding failed: ${filled.status} ${JSON.stringify(filled.body)}`)
    return runner
  }
  type OrderPeople = { buyerName?: string; runnerName?: string; runner?: Person }
  /** A new buyer's order from `store`, accepted (its card captured) by `runner`, or by a new runner named `runnerName`. */
  async function acceptedOrder(store: StoreWithShelf, { buyerName, runnerName, runner }: OrderPeople = {}) {
    const buyer = await completeAccount({ firstName: buyerName })
    const order = await placeOrder(buyer.cookie, store)
    const by = runner ?? (await completeAccount({ roles: ['runner'], firstName: runnerName }))
    const accepted = await call('PATCH', `/api/orders/${order.id}/accept`, { cookie: by.cookie })
    if (accepted.status !== 200) throw new Error(`accepting the order failed: ${accepted.status} ${JSON.stringify(accepted.body)}`)
    return { buyer, runner: by, order }
  }

  /** An accepted order picked up with every item found, at `actualGroceryCost` when told. */
  async function pickedUpOrder(store: StoreWithShelf, { actualGroceryCost, ...people }: OrderPeople & { actualGroceryCost?: string } = {}) {
    const accepted = await acceptedOrder(store, people)
    const itemCompletionData = accepted.order.items.map((item) => ({ id: item.id, isDelivered: true }))
    await moveOrder(accepted, { status: 'picked_up', itemCompletionData, actualGroceryCost })
    return accepted
  }

  /** A picked-up order, delivered. */
  async function deliveredOrder(store: StoreWithShelf, options: OrderPeople & { actualGroceryCost?: string } = {}) {
    const pickedUp = await pickedUpOrder(store, options)
    await moveOrder(pickedUp, { status: 'delivered' })
    return pickedUp
  }

  async function moveOrder({ order, runner }: { order: Order; runner: Person }, body: Record<string, unknown>) {
    const moved = await call('PATCH', `/api/orders/${order.id}/status`, { cookie: runner.cookie, body })
    if (moved.status !== 200) throw new Error(`${body.status} failed: ${moved.status} ${JSON.stringify(moved.body)}`)
  }

  return {
    ...deps,
    db: handle.db,
    kind: handle.kind,
    url: handle.url,
    app,
    sms,
    providers,
    call,
    signUp,
    completeAccount,
    addStore,
    placeOrder,
    runnerWithPayouts,
    setUpPayouts,
    acceptedOrder,
    pickedUpOrder,
    deliveredOrder,
  }
}
