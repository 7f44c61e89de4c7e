import type { Database } from '../../db/database'
import { phoneStatusOf, type UserRow } from '../accounts/index'
import { availableItemsByIds, getStore, type Store } from '../catalog/index'
import { findOrder, type NewOrder, type OrderRow, orderMoves, type WindowTerms } from '../orders/index'
import {
  authorize,
  authorizeGroceryHold,
  type CheckoutIntent,
  checkoutTooOld,
  claimGroceryHold,
  claimIntent,
  findGroceryHold,
  findIntent,
  GatewayUnavailableError,
  type GroceryHoldRow,
  type GroceryPaymentMethod,
  groceryHoldOfCheckout,
  IdempotencyKeyReusedError,
  intentStatusAtGateway,
  type PaymentGateway,
  releaseIntent,
} from '../payments/index'
import {
  AppError,
  badRequest,
  type Clock,
  centsToDecimal,
  conflict,
  DELIVERY_RADIUS_MILES,
  decimalToCents,
  distanceMiles,
  forbidden,
  hitRateLimit,
  notFound,
  PLATFORM_FEE_CENTS,
  tooManyRequests,
} from '../shared/index'
import { assertStoreTakesAsapOrders } from './asap-cutoff'
import {
  type ConfirmPaymentAndCreateOrder,
  DEFAULT_SUBSTITUTION_PREFERENCE,
  estimatedGroceryCents,
  groceryHoldCents,
  isValidTipCents,
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  MESSAGES,
  payNowCents,
  TIME_SLOTS,
} from './contract'
import { scheduledWindowFor } from './scheduled-window'

export interface CheckoutDeps {
  db: Database
  clock: Clock
  gateway: PaymentGateway
  /** GROCERY_HOLD_MAX_CENTS: the most a grocery hold may be. */
  groceryHoldMaxCents: number
  /** WINDOW_CAPACITY and OFFER_LEAD_MINUTES: a window's room, and when its orders are offered. */
  windows: WindowTerms
  /** ASAP_CUTOFF_MINUTES: how long before its store closes an order for delivery now is refused. */
  asapCutoffMinutes: number
}

const INTENTS_PER_HOUR = { limit: 30, windowMs: 60 * 60 * 1000 }

const gatewayDown = (what: string) =>
  new AppError(503, 'PAYMENT_GATEWAY_UNAVAILABLE', `${what}: the payment service is not answering. Nothing was charged; please try again in a moment.`)

/** Checkout needs a complete profile, a verified phone and the buyer role. */
function assertMayCheckOut(user: UserRow) {
  if (!user.isProfileComplete) throw forbidden('Complete your profile before you check out.', 'PROFILE_INCOMPLETE')
  if (phoneStatusOf(user) !== 'verified') {
    throw forbidden('Verify your phone number before you place an order.', 'PHONE_VERIFICATION_REQUIRED', { requiresPhoneVerification: true })
  }
  if (!user.roles.includes('buyer')) throw forbidden('Add the Buyer role to your profile to place orders.', 'NOT_A_BUYER')
}

type CreatePaymentIntent = {
  amount: number | string
  checkoutId?: string
  groceryPayment?: GroceryPaymentMethod
  storeId?: string
  items?: OrderLine[]
  scheduledFor?: string
}

/**
 * POST /api/create-payment-intent: an authorization for the fee plus a tip, the amount decided
 * here. With the groceries paid by card, a grocery hold beside it on the same card, for the
 * server's own estimate of the cart from the catalog's prices (never an amount from the client).
 * Naming the store lets a closed one be refused before any hold is made.
 */
export async function createPaymentIntent(
  { db, clock, gateway, groceryHoldMaxCents, windows, asapCutoffMinutes }: CheckoutDeps,
  user: UserRow,
  input: CreatePaymentIntent,
) {
  assertMayCheckOut(user)
  const amountCents = decimalToCents(input.amount)
  if (amountCents === null || !isValidTipCents(amountCents - PLATFORM_FEE_CENTS)) {
    throw badRequest(MESSAGES.amountNotAllowed, 'AMOUNT_NOT_ALLOWED', { amount: MESSAGES.amountNotAllowed })
  }
  const store = input.storeId === undefined ? null : await storeFor(db, clock, input.storeId, '')
  if (input.scheduledFor !== undefined) await scheduledWindowFor(db, clock, windows, namedStore(store).id, input.scheduledFor, 'scheduledFor')
  else if (store) await assertStoreTakesAsapOrders(db, clock, store, asapCutoffMinutes)
  const groceryHold = input.groceryPayment === 'card' ? await holdOf(db, groceryHoldMaxCents, namedStore(store), input) : undefined
  const limited = await hitRateLimit(db, clock, `checkout:intents:${user.id}`, INTENTS_PER_HOUR)
  if (!limited.allowed) throw tooManyRequests('Too many checkout attempts. Please try again later.', limited.retryAfterSeconds)
  try {
    const intent = await authorize(
      { db, clock, gateway },
      { buyerId: user.id, amountCents, tipCents: amountCents - PLATFORM_FEE_CENTS, checkoutId: input.checkoutId, groceryHoldCents: groceryHold },
    )
    return {
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.paymentIntentId,
      amount: centsToDecimal(intent.amountCents),
      ...(intent.groceryIntent && { groceryIntent: intent.groceryIntent }),
    }
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw gatewayDown('Failed to create payment intent')
    if (error instanceof IdempotencyKeyReusedError) {
      throw conflict('This checkout was started for a different amount. Go back to your cart and check out again.', 'CHECKOUT_AMOUNT_CHANGED')
    }
    throw error
  }
}

/**
 * POST /api/grocery-hold-estimate, and the hold checkout makes: what a grocery hold of this cart
 * would be, from the catalog's prices, so the cart can say it before the buyer pays.
 */
export async function groceryHoldEstimate(
  { db, clock, groceryHoldMaxCents }: Pick<CheckoutDeps, 'db' | 'clock' | 'groceryHoldMaxCents'>,
  input: Pick<CreatePaymentIntent, 'storeId' | 'items'>,
) {
  const store = input.storeId === undefined ? null : await storeFor(db, clock, input.storeId, '')
  return holdOf(db, groceryHoldMaxCents, namedStore(store), input)
}

/** The store a checkout names: needed to hold the groceries by card, or for a delivery window. */
function namedStore(store: Store | null): Store {
  if (store === null)
    throw badRequest('Say which store the groceries are from.', 'STORE_REQUIRED', { storeId: 'Required to pay for groceries by card or to schedule' })
  return store
}

/** The grocery hold of a cart: its store's lines, checked as the order's will be, estimated from the catalog's prices. */
async function holdOf(db: Database, groceryHoldMaxCents: number, store: Store, input: Pick<CreatePaymentIntent, 'items'>) {
  return groceryHoldCents(estimateOf(await linesFromShelf(db, store, input.items ?? [], '')), groceryHoldMaxCents)
}

type OrderLine = ConfirmPaymentAndCreateOrder['orderData']['items'][number]
const preferenceOf = (line: OrderLine) => line.substitution ?? DEFAULT_SUBSTITUTION_PREFERENCE

const formatAddress = (user: UserRow) => `${user.address}, ${user.city}, ${user.state} ${user.zipCode}`

/** The store an order or a grocery hold is for; `field` is where its id sits in the request. */
async function storeFor(db: Database, clock: Clock, storeId: string, field: string): Promise<Store> {
  try {
    return await getStore(db, clock, storeId)
  } catch {
    throw badRequest('That store is not taking orders.', 'STORE_NOT_FOUND', { [`${field}storeId`]: 'Store not found' })
  }
}

/** The cart's lines as the store's shelf prices and names them: every line valid and available, or a 400 naming the first that is not. */
async function linesFromShelf(db: Database, store: Store, lines: readonly OrderLine[], field: string): Promise<NewOrder['items']> {
  if (lines.length === 0) throw badRequest('Your cart is empty.', 'EMPTY_ORDER', { [`${field}items`]: 'The order has no items' })
  if (lines.length > MAX_ORDER_LINES) throw badRequest(`An order can have at most ${MAX_ORDER_LINES} different items.`, 'TOO_MANY_ITEMS')
  const badQuantity = lines.findIndex((line) => !Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_LINE_QUANTITY)
  if (badQuantity >= 0) {
    const message = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`
    throw badRequest(message, 'INVALID_QUANTITY', { [`${field}items.${badQuantity}.quantity`]: message })
  }
  const ids = lines.map((line) => line.id)
  if (new Set(ids).size !== ids.length) throw badRequest('Each item may appear once in an order.', 'DUPLICATE_ITEM')
  const shelf = new Map((await availableItemsByIds(db, store.id, ids)).map((item) => [item.id, item]))
  const missing = lines.findIndex((line) => !shelf.has(line.id))
  if (missing >= 0)
    throw badRequest('An item in your cart is not available at this store any more.', 'ITEM_NOT_AVAILABLE', {
      [`${field}items.${missing}.id`]: 'Not available at this store',
    })
  return lines.map((line) => {
    const item = shelf.get(line.id)!
    return {
      id: item.id,
      name: item.name,
      quantity: line.quantity,
      unit: item.unit,
      priceCents: decimalToCents(item.price),
      priceUnit: item.priceUnit,
      isEstimatedPrice: item.isEstimatedPrice,
      comment: line.comment?.trim() ?? '',
      substitutionPreference: preferenceOf(line),
    }
  })
}

/** What the groceries might cost, from the order's lines as the catalog prices them. */
const estimateOf = (items: NewOrder['items']) =>
  estimatedGroceryCents(items.map((item) => ({ price: item.priceCents === null ? null : centsToDecimal(item.priceCents), quantity: item.quantity })))

/** The order as the server decides it: names, units and prices from the catalog, the address from the profile. */
async function draftOrder(
  db: Database,
  clock: Clock,
  windows: WindowTerms,
  user: UserRow,
  intentAmountCents: number,
  orderData: ConfirmPaymentAndCreateOrder['orderData'],
): Promise<Omit<NewOrder, 'id' | 'paymentIntentId'>> {
  const tipCents = decimalToCents(orderData.tip)
  if (tipCents === null || !isValidTipCents(tipCents))
    throw badRequest(MESSAGES.amountNotAllowed, 'INVALID_TIP', { 'orderData.tip': MESSAGES.amountNotAllowed })
  if (intentAmountCents !== payNowCents(tipCents)) {
    throw badRequest('The authorized amount does not match the platform fee plus the tip.', 'AMOUNT_MISMATCH', {
      'orderData.tip': 'Does not match the authorized amount',
    })
  }

  const store = await storeFor(db, clock, orderData.storeId, 'orderData.')
  if (user.latitude === null || user.longitude === null) throw badRequest('Add your address to your profile first.', 'NO_PROFILE_LOCATION')
  const miles = Math.round(distanceMiles({ latitude: user.latitude, longitude: user.longitude }, store) * 10) / 10
  if (miles > DELIVERY_RADIUS_MILES) throw new AppError(400, 'LOCATION_TOO_FAR', MESSAGES.locationTooFar(miles), undefined, undefined, { distance: miles })
  const items = await linesFromShelf(db, store, orderData.items, 'orderData.')

  const timeSlot = orderData.timeSlot || 'ASAP'
  if (!(TIME_SLOTS as readonly string[]).includes(timeSlot))
    throw badRequest('Choose one of the delivery slots.', 'INVALID_TIME_SLOT', { 'orderData.timeSlot': 'Unknown delivery slot' })
  const window = orderData.scheduledFor ? await scheduledWindowFor(db, clock, windows, store.id, orderData.scheduledFor, 'orderData.scheduledFor') : null

  return {
    buyerId: user.id,
    store,
    items,
    platformFeeCents: PLATFORM_FEE_CENTS,
    tipCents,
    estimatedGroceryCents: estimateOf(items),
    deliveryAddress: formatAddress(user),
    deliveryArea: `${user.city}, ${user.state} ${user.zipCode}`,
    deliveryInstructions: orderData.deliveryInstructions?.trim() || null,
    window,
    timeSlot,
  }
}

/**
 * What an order request asks for, as a digest: the same request again (a retry, a second tap)
 * gets the same order, and another request on the same payment a refusal, as Stripe answers a
 * key reused with other parameters.
 */
function requestDigest({ orderData, groceryPaymentIntentId }: ConfirmPaymentAndCreateOrder) {
  const asked = {
    ...(groceryPaymentIntentId !== undefined && { groceryPaymentIntentId }),
    storeId: orderData.storeId,
    items: orderData.items.map((line) => [line.id, line.quantity, line.comment?.trim() ?? '', preferenceOf(line)]),
    tipCents: decimalToCents(orderData.tip),
    deliveryInstructions: orderData.deliveryInstructions?.trim() || null,
    scheduledFor: orderData.scheduledFor || null,
    timeSlot: orderData.timeSlot || 'ASAP',
  }
  return new Bun.CryptoHasher('sha256').update(JSON.stringify(asked)).digest('hex')
}

const PAYMENT_RELEASED = 'This payment was released. Please check out again.'

/**
 * The intent already placed an order: the same request gets it back. Another request is
 * refused: with its own error when it is not a valid order (a wrong tip is 400
 * AMOUNT_MISMATCH), else with 409. Either way the order keeps its hold.
 */
async function placedOrder(
  { db, clock, windows }: Pick<CheckoutDeps, 'db' | 'clock' | 'windows'>,
  user: UserRow,
  record: CheckoutIntent,
  input: ConfirmPaymentAndCreateOrder,
): Promise<OrderRow> {
  if (record.orderRequestDigest && record.orderRequestDigest !== requestDigest(input)) {
    await draftOrder(db, clock, windows, user, record.amountCents, input.orderData)
    throw conflict('This payment already placed an order with other details. To order something else, check out again.', 'PAYMENT_ALREADY_USED')
  }
  return (await findOrder(db, record.orderId!))!
}

/**
 * The checkout's grocery hold the request names: the buyer's own, of this very checkout. Another
 * buyer's looks like none and is never touched; a checkout that holds the groceries by card must
 * name its hold. Null when the groceries are paid at the door.
 */
async function groceryHoldOf(db: Database, user: UserRow, record: CheckoutIntent, groceryPaymentIntentId: string | undefined): Promise<GroceryHoldRow | null> {
  if (groceryPaymentIntentId === undefined) {
    if (await groceryHoldOfCheckout(db, record.paymentIntentId))
      throw badRequest('This checkout holds the groceries on your card: send its grocery payment too.', 'GROCERY_PAYMENT_REQUIRED', {
        groceryPaymentIntentId: 'Required: this checkout pays for the groceries by card',
      })
    return null
  }
  const hold = await findGroceryHold(db, groceryPaymentIntentId)
  if (!hold || hold.buyerId !== user.id) throw notFound('We could not find that grocery payment. Please check out again.', 'PAYMENT_NOT_FOUND')
  if (hold.checkoutIntentId !== record.paymentIntentId)
    throw badRequest('This grocery payment belongs to another checkout. Please check out again.', 'GROCERY_PAYMENT_MISMATCH', {
      groceryPaymentIntentId: 'Not the grocery hold of this checkout',
    })
  return hold
}

/** Both of a checkout's holds stand, or the order is refused: the grocery hold authorized by the browser, or here on the card the first saved. */
async function assertGroceryHoldStands(gateway: PaymentGateway, hold: GroceryHoldRow) {
  const authorization = await authorizeGroceryHold(gateway, hold)
  if (authorization.outcome === 'declined')
    throw new AppError(
      402,
      'GROCERY_HOLD_DECLINED',
      `Your card was declined for the grocery hold of $${centsToDecimal(hold.holdCents)}. Nothing was charged; pay for the groceries at the door, or try another card.`,
      undefined,
      undefined,
      { declineCode: authorization.declineCode },
    )
  if (authorization.outcome === 'not authorized') throw badRequest('Your card has not been authorized for the grocery hold.', 'GROCERY_HOLD_NOT_AUTHORIZED')
}

/**
 * POST /api/confirm-payment-and-create-order. The intent must be this buyer's, authorized and
 * not yet an order; the same request twice returns the same order. With the groceries paid by
 * card, the checkout's grocery hold must stand too. A refusal after the card was authorized
 * releases both holds, but only while no order holds them, and nothing is written.
 */
export async function confirmPaymentAndCreateOrder(
  { db, clock, gateway, windows, asapCutoffMinutes }: Omit<CheckoutDeps, 'groceryHoldMaxCents'>,
  user: UserRow,
  input: ConfirmPaymentAndCreateOrder,
): Promise<OrderRow> {
  assertMayCheckOut(user)
  const record = await findIntent(db, input.paymentIntentId)
  // Another buyer's intent looks exactly like no intent, and is never touched.
  if (!record || record.buyerId !== user.id) throw notFound('We could not find that payment. Please check out again.', 'PAYMENT_NOT_FOUND')
  const grocery = await groceryHoldOf(db, user, record, input.groceryPaymentIntentId)
  if (record.orderId) return placedOrder({ db, clock, windows }, user, record, input)
  if (record.releasedAt) throw conflict(PAYMENT_RELEASED, 'PAYMENT_RELEASED')

  let status: string | undefined
  try {
    status = await intentStatusAtGateway(gateway, record.paymentIntentId)
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw gatewayDown('Failed to create order')
    throw error
  }
  // Cancelled at the gateway but not yet in our record: a refusal racing this request is releasing it now.
  if (status === 'canceled') throw conflict(PAYMENT_RELEASED, 'PAYMENT_RELEASED')
  if (status !== 'requires_capture') throw badRequest('Your card has not been authorized for this order.', 'PAYMENT_NOT_AUTHORIZED')

  // From here a hold stands on the buyer's card: a refusal releases it (and the grocery hold), unless an order holds it.
  let draft: Awaited<ReturnType<typeof draftOrder>>
  try {
    if (checkoutTooOld(record.createdAt, clock.now()))
      throw conflict('This checkout took too long and its card authorization was released. Please check out again.', 'CHECKOUT_EXPIRED')
    draft = await draftOrder(db, clock, windows, user, record.amountCents, input.orderData)
    if (!input.orderData.scheduledFor) await assertStoreTakesAsapOrders(db, clock, draft.store, asapCutoffMinutes)
    if (grocery) await assertGroceryHoldStands(gateway, grocery)
  } catch (refusal) {
    if (refusal instanceof AppError) await releaseIntent({ db, clock, gateway }, record.paymentIntentId, `order refused: ${refusal.code}`)
    if (refusal instanceof GatewayUnavailableError) throw gatewayDown('Failed to create order')
    throw refusal
  }

  const orderId = crypto.randomUUID()
  const placed = await db
    .transaction(async (tx) => {
      if (!(await claimIntent(tx, clock, record.paymentIntentId, orderId, requestDigest(input)))) return null
      // Released since it was read (the sweep's 30 minutes): the order is not placed, and the first intent's claim is undone with it.
      if (grocery && !(await claimGroceryHold(tx, clock, grocery, orderId))) throw conflict(PAYMENT_RELEASED, 'PAYMENT_RELEASED')
      return orderMoves.place(tx, clock, { ...draft, id: orderId, paymentIntentId: record.paymentIntentId }, windows)
    })
    .catch(async (refusal) => {
      // Its window's last place went to another checkout: the claim is undone, and the holds go as any refusal's.
      if (refusal instanceof AppError && refusal.code === 'WINDOW_FULL')
        await releaseIntent({ db, clock, gateway }, record.paymentIntentId, `order refused: ${refusal.code}`)
      throw refusal
    })
  if (placed) return placed
  // Another request with the same intent got there first.
  const winner = await findIntent(db, record.paymentIntentId)
  if (winner?.orderId) return placedOrder({ db, clock, windows }, user, winner, input)
  throw conflict(PAYMENT_RELEASED, 'PAYMENT_RELEASED')
}
