import type { DatabaseHandle } from '../../db/client'
import type { Database } from '../../db/database'
import { createAccount, markPhoneVerified } from '../../modules/accounts/index'
import { type LocatedStoreRecord, listStores, storeImport } from '../../modules/catalog/index'
import { orderMoves } from '../../modules/orders/index'
import { embeddedGateway } from '../../modules/payments/gateways/index'
import { groceries, intents } from '../../modules/payments/index'
import { windowTermsOf } from '../../modules/scheduling/index'
import { type Clock, type Coordinates, loadConfig, systemClock, toE164 } from '../../modules/shared/index'

/** How many set-up calls run at once: enough to fill the server, few enough to leave it answering. */
const CONCURRENCY = 12

/** Runs `task` for 0..count-1, a batch at a time, and returns the results in order. */
export async function inBatches<T>(count: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = []
  for (let start = 0; start < count; start += CONCURRENCY) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count - start) }, (_, offset) => task(start + offset)))))
  }
  return results
}

const json = (body: unknown, cookie?: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(cookie && { cookie }) },
  body: JSON.stringify(body),
})

/**
 * Someone signed in with a verified phone and a complete profile at 08817, through the API but
 * for the SMS step. `exchange` keeps each bench's phone numbers apart from another's; `home`
 * places their door there instead of at the ZIP code's centre.
 */
export async function benchPerson(base: string, handle: DatabaseHandle, index: number, roles: string[], exchange: number, home?: Coordinates) {
  const phone = `(201) ${exchange + Math.floor(index / 10_000)}-${String(index % 10_000).padStart(4, '0')}`
  const names = { firstName: 'Bench', lastName: `Person ${index}` }
  const register = await fetch(
    `${base}/api/register`,
    json({ ...names, email: `bench-${exchange}-${index}-${Date.now()}@example.com`, phone, password: 'bench password' }),
  )
  const cookie = register.headers
    .getSetCookie()
    .find((header) => header.startsWith('kirana_sid='))!
    .split(';')[0]!
  const { user } = (await register.json()) as { user: { id: string } }
  await markPhoneVerified(handle.db, systemClock, user.id, toE164(phone)!, 'sms')
  const completed = await fetch(
    `${base}/api/auth/complete-profile`,
    json({ ...names, roles, address: '12 Oak Tree Rd', city: 'Edison', state: 'NJ', zipCode: '08817', ...home }, cookie),
  )
  if (!completed.ok) throw new Error(`profile completion failed: ${completed.status}`)
  return { cookie, id: user.id }
}

export type BenchStore = Awaited<ReturnType<typeof listStores>>[number]

/** Imports one store (with an empty shelf unless given one) and returns it as the catalog lists it. */
export async function benchStore(
  handle: DatabaseHandle,
  record: Pick<LocatedStoreRecord, 'name' | 'address' | 'zipCode' | 'latitude' | 'longitude'> & { items?: LocatedStoreRecord['items'] },
): Promise<BenchStore> {
  await storeImport.importStores(handle.db, [{ items: [], ...record } as LocatedStoreRecord])
  return (await listStores(handle.db, systemClock)).find((candidate) => candidate.name === record.name)!
}

/** The buyer of a backlog of orders, which need one for their foreign key: one made through the accounts facade will do. */
export async function backlogBuyer(handle: Pick<DatabaseHandle, 'db'>, lastName: string) {
  const email = `bench-${lastName.toLowerCase()}-${Date.now()}@example.com`
  return (await createAccount(handle.db, { firstName: 'Bench', lastName, email, password: 'bench password' })).id
}

/** A store in Edison with the shelf the checkout benches buy from: Toor Dal at $7.99 and Basmati Rice at $18.99. */
export const checkoutBenchStore = (name: string, address: string) =>
  ({
    name,
    address,
    zipCode: '08817',
    latitude: 40.52,
    longitude: -74.3973,
    items: [
      {
        name: 'Toor Dal',
        unit: '4 lb',
        price: 7.99,
        priceUnit: 'bag',
        category: 'Lentils & Pulses',
        isEstimatedPrice: true,
        isAvailable: true,
        localNames: [
          { language: 'hi', name: 'तूर दाल', transliteration: 'toor dal' },
          { language: 'gu', name: 'તુવેર દાળ', transliteration: 'tuver dal' },
        ],
      },
      {
        name: 'Basmati Rice',
        unit: '10 lb',
        price: 18.99,
        priceUnit: 'bag',
        category: 'Rice & Grains',
        isEstimatedPrice: true,
        isAvailable: true,
        localNames: [
          { language: 'hi', name: 'बासमती चावल', transliteration: 'basmati chawal' },
          { language: 'pa', name: 'ਬਾਸਮਤੀ ਚੌਲ', transliteration: 'basmati chaul' },
        ],
      },
    ],
  }) as LocatedStoreRecord

/** The embedded gateway on the bench's database, as the server makes it from the same settings. */
export const benchGateway = (db: Database, clock: Clock = systemClock) => embeddedGateway(db, clock, { appUrl: loadConfig().APP_URL })

/**
 * Places the bench's order for now, as checkout writes it, in the transaction that claims its
 * payment: Toor Dal $7.99 × 2 from `store`, a $2 fee and a $5 tip, for the buyer's door in Edison.
 */
function placeBenchOrder(
  tx: Database,
  clock: Clock,
  { orderId, buyerId, store, paymentIntentId }: { orderId: string; buyerId: string; store: BenchStore; paymentIntentId: string },
) {
  return orderMoves.place(
    tx,
    clock,
    {
      id: orderId,
      buyerId,
      store: { id: store.id, name: store.name, address: store.address, phone: null, latitude: store.latitude, longitude: store.longitude },
      items: [{ id: crypto.randomUUID(), name: 'Toor Dal', quantity: 2, unit: '4 lb', priceCents: 799, priceUnit: 'bag', isEstimatedPrice: true, comment: '' }],
      platformFeeCents: 200,
      tipCents: 500,
      estimatedGroceryCents: 1598,
      deliveryAddress: '12 Oak Tree Rd, Edison, NJ 08817',
      deliveryArea: 'Edison, NJ 08817',
      deliveryInstructions: null,
      window: null,
      paymentIntentId,
    },
    ASAP_TERMS,
  )
}

/** An order for now: its window terms (the defaults) are never read. */
const ASAP_TERMS = windowTermsOf(loadConfig({}))

/**
 * An order waiting for a runner, its card authorized at `clock`'s now, made through the facades
 * as checkout makes it (checkout itself is measured elsewhere): the authorization recorded, the
 * card confirmed, then the intent claimed for the order in the transaction that places it. With
 * `groceryHoldCents` the groceries are paid by card too: the intent is recorded for the buyer's
 * Customer, the grocery hold is confirmed on the card the first confirmation saves, and both are
 * claimed together.
 */
export async function checkedOutOrder(
  handle: Pick<DatabaseHandle, 'db'>,
  { buyerId, store, idempotencyKey, clock = systemClock, groceryHoldCents }: CheckoutOf,
) {
  const { db } = handle
  const gateway = benchGateway(db, clock)
  const intent = await intents.authorize({ db, clock, gateway }, { buyerId, amountCents: 700, checkoutId: idempotencyKey, tipCents: 500, groceryHoldCents })
  await gateway.confirmCard(intent.clientSecret, { cardNumber: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' })
  const hold = groceryHoldCents === undefined ? null : await authorizedGroceryHold(gateway, db, intent.paymentIntentId)
  const orderId = crypto.randomUUID()
  await db.transaction(async (tx) => {
    const checkout = { paymentIntentId: intent.paymentIntentId, requestDigest: idempotencyKey, groceryHold: hold }
    if ((await intents.claimCheckout(tx, clock, checkout, orderId)) !== 'claimed')
      throw new Error(`The holds of checkout ${intent.paymentIntentId} were already claimed`)
    return placeBenchOrder(tx, clock, { orderId, buyerId, store, paymentIntentId: intent.paymentIntentId })
  })
  return { orderId, paymentIntentId: intent.paymentIntentId, groceryIntentId: hold?.paymentIntentId ?? null }
}

export type CheckoutOf = { buyerId: string; store: BenchStore; idempotencyKey: string; clock?: Clock; groceryHoldCents?: number }

async function authorizedGroceryHold(gateway: ReturnType<typeof benchGateway>, db: Database, paymentIntentId: string) {
  const hold = (await groceries.holdOfCheckout(db, paymentIntentId))!
  const authorization = await groceries.authorize(gateway, hold)
  if (authorization.outcome !== 'authorized') throw new Error(`The grocery hold ${hold.paymentIntentId} was not authorized: ${authorization.outcome}`)
  return hold
}

/** An order waiting for a runner, its card authorized at `clock`'s now (checkedOutOrder): its id. */
export async function paidOrder(
  handle: Pick<DatabaseHandle, 'db'>,
  buyerId: string,
  store: BenchStore,
  idempotencyKey: string,
  clock: Clock = systemClock,
): Promise<string> {
  return (await checkedOutOrder(handle, { buyerId, store, idempotencyKey, clock })).orderId
}
