import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { phoneStatusOf, type UserRow } from '../accounts/index'
import { availableItemsByIds, getStore, type Store } from '../catalog/index'
import { findOrder, type NewOrder, type OrderItem, type OrderRow, placeOrder, recordPaymentEvent } from '../orders/index'
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
  GatewayUnavailableError,
  hitRateLimit,
  idempotencyKeys,
  notFound,
  type PaymentGateway,
  PLATFORM_FEE_CENTS,
  tooManyRequests,
} from '../shared/index'
import {
  type ConfirmPaymentAndCreateOrder,
  estimatedGroceryCents,
  isValidTipCents,
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  MESSAGES,
  payNowCents,
  TIME_SLOTS,
} from './contract'
import { releaseIntent } from './intent-release'
import { checkoutIntents } from './schema'

export interface CheckoutDeps {
  db: Database
  clock: Clock
  gateway: PaymentGateway
}

const INTENTS_PER_HOUR = { limit: 30, windowMs: 60 * 60 * 1000 }
/**
 * An authorization older than this is not turned into an order: the sweep releases unclaimed
 * ones at 30 minutes, and the margin keeps the two from meeting.
 */
export const CONFIRM_WITHIN_MS = 25 * 60_000
const SCHEDULE_AHEAD_MS = 7 * 24 * 60 * 60 * 1000

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

/** POST /api/create-payment-intent: an authorization for the fee plus a tip, the amount decided here. */
export async function createPaymentIntent({ db, clock, gateway }: CheckoutDeps, user: UserRow, input: { amount: number | string; checkoutId?: string }) {
  assertMayCheckOut(user)
  const amountCents = decimalToCents(input.amount)
  if (amountCents === null || !isValidTipCents(amountCents - PLATFORM_FEE_CENTS)) {
    throw badRequest(MESSAGES.amountNotAllowed, 'AMOUNT_NOT_ALLOWED', { amount: MESSAGES.amountNotAllowed })
  }
  const limited = await hitRateLimit(db, clock, `checkout:intents:${user.id}`, INTENTS_PER_HOUR)
  if (!limited.allowed) throw tooManyRequests('Too many checkout attempts. Please try again later.', limited.retryAfterSeconds)
  let intent: Awaited<ReturnType<PaymentGateway['createIntent']>>
  try {
    intent = await gateway.createIntent({
      amountCents,
      metadata: { buyerId: user.id, tipCents: String(amountCents - PLATFORM_FEE_CENTS) },
      idempotencyKey: idempotencyKeys.createIntent(user.id, input.checkoutId ?? crypto.randomUUID()),
    })
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw gatewayDown('Failed to create payment intent')
    throw error
  }
  await db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(checkoutIntents)
      .values({ paymentIntentId: intent.id, buyerId: user.id, amountCents, createdAt: clock.now() })
      .onConflictDoNothing()
      .returning()
    if (recorded) await recordPaymentEvent(tx, clock, { orderId: null, paymentIntentId: intent.id, from: null, to: intent.status, reason: 'checkout started' })
  })
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amount: centsToDecimal(amountCents) }
}

const formatAddress = (user: UserRow) => `${user.address}, ${user.city}, ${user.state} ${user.zipCode}`

/** The order as the server decides it: names, units and prices from the catalog, the address from the profile. */
async function draftOrder(
  db: Database,
  clock: Clock,
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

  let store: Store
  try {
    store = await getStore(db, orderData.storeId)
  } catch {
    throw badRequest('That store is not taking orders.', 'STORE_NOT_FOUND', { 'orderData.storeId': 'Store not found' })
  }
  if (user.latitude === null || user.longitude === null) throw badRequest('Add your address to your profile first.', 'NO_PROFILE_LOCATION')
  const miles = Math.round(distanceMiles({ latitude: user.latitude, longitude: user.longitude }, store) * 10) / 10
  if (miles > DELIVERY_RADIUS_MILES) throw new AppError(400, 'LOCATION_TOO_FAR', MESSAGES.locationTooFar(miles), undefined, undefined, { distance: miles })

  const lines = orderData.items
  if (lines.length === 0) throw badRequest('Your cart is empty.', 'EMPTY_ORDER', { 'orderData.items': 'The order has no items' })
  if (lines.length > MAX_ORDER_LINES) throw badRequest(`An order can have at most ${MAX_ORDER_LINES} different items.`, 'TOO_MANY_ITEMS')
  const badQuantity = lines.findIndex((line) => !Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_LINE_QUANTITY)
  if (badQuantity >= 0) {
    const message = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`
    throw badRequest(message, 'INVALID_QUANTITY', { [`orderData.items.${badQuantity}.quantity`]: message })
  }
  const ids = lines.map((line) => line.id)
  if (new Set(ids).size !== ids.length) throw badRequest('Each item may appear once in an order.', 'DUPLICATE_ITEM')
  const shelf = new Map((await availableItemsByIds(db, store.id, ids)).map((item) => [item.id, item]))
  const missing = orderData.items.findIndex((line) => !shelf.has(line.id))
  if (missing >= 0)
    throw badRequest('An item in your cart is not available at this store any more.', 'ITEM_NOT_AVAILABLE', {
      [`orderData.items.${missing}.id`]: 'Not available at this store',
    })
  const items: OrderItem[] = orderData.items.map((line) => {
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
    }
  })

  const timeSlot = orderData.timeSlot || 'ASAP'
  if (!(TIME_SLOTS as readonly string[]).includes(timeSlot))
    throw badRequest('Choose one of the delivery slots.', 'INVALID_TIME_SLOT', { 'orderData.timeSlot': 'Unknown delivery slot' })
  const scheduledFor = orderData.scheduledFor ? new Date(orderData.scheduledFor) : null
  const now = clock.now().getTime()
  if (scheduledFor && (Number.isNaN(scheduledFor.getTime()) || scheduledFor.getTime() < now || scheduledFor.getTime() > now + SCHEDULE_AHEAD_MS)) {
    throw badRequest('A delivery can be scheduled up to a week ahead.', 'INVALID_SCHEDULE', { 'orderData.scheduledFor': 'Must be within the next 7 days' })
  }

  return {
    buyerId: user.id,
    store,
    items,
    platformFeeCents: PLATFORM_FEE_CENTS,
    tipCents,
    estimatedGroceryCents: estimatedGroceryCents(
      items.map((item) => ({ price: item.priceCents === null ? null : centsToDecimal(item.priceCents), quantity: item.quantity })),
    ),
    deliveryAddress: formatAddress(user),
    deliveryArea: `${user.city}, ${user.state} ${user.zipCode}`,
    deliveryInstructions: orderData.deliveryInstructions?.trim() || null,
    scheduledFor,
    timeSlot,
  }
}

/**
 * POST /api/confirm-payment-and-create-order. The intent must be this buyer's, authorized and
 * not yet an order; the same intent twice returns the same order. Every refusal after the card
 * was authorized releases the hold, and nothing is written.
 */
export async function confirmPaymentAndCreateOrder(
  { db, clock, gateway }: CheckoutDeps,
  user: UserRow,
  input: ConfirmPaymentAndCreateOrder,
): Promise<OrderRow> {
  assertMayCheckOut(user)
  const [record] = await db.select().from(checkoutIntents).where(eq(checkoutIntents.paymentIntentId, input.paymentIntentId))
  // Another buyer's intent looks exactly like no intent, and is never touched.
  if (!record || record.buyerId !== user.id) throw notFound('We could not find that payment. Please check out again.', 'PAYMENT_NOT_FOUND')
  if (record.orderId) return (await findOrder(db, record.orderId))!
  if (record.releasedAt) throw conflict('This payment was released. Please check out again.', 'PAYMENT_RELEASED')

  let status: string | undefined
  try {
    status = (await gateway.retrieveIntent(record.paymentIntentId))?.status
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw gatewayDown('Failed to create order')
    throw error
  }
  if (status !== 'requires_capture') throw badRequest('Your card has not been authorized for this order.', 'PAYMENT_NOT_AUTHORIZED')

  // From here a hold stands on the buyer's card: a refusal releases it.
  let draft: Awaited<ReturnType<typeof draftOrder>>
  try {
    if (clock.now().getTime() - record.createdAt.getTime() >= CONFIRM_WITHIN_MS)
      throw conflict('This checkout took too long and its card authorization was released. Please check out again.', 'CHECKOUT_EXPIRED')
    draft = await draftOrder(db, clock, user, record.amountCents, input.orderData)
  } catch (refusal) {
    if (refusal instanceof AppError) await releaseIntent(db, gateway, clock, record, `order refused: ${refusal.code}`)
    throw refusal
  }

  const orderId = crypto.randomUUID()
  const placed = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(checkoutIntents)
      .set({ orderId })
      .where(and(eq(checkoutIntents.paymentIntentId, record.paymentIntentId), isNull(checkoutIntents.orderId), isNull(checkoutIntents.releasedAt)))
      .returning()
    if (!claimed) return null
    return placeOrder(tx, clock, { ...draft, id: orderId, paymentIntentId: record.paymentIntentId })
  })
  if (placed) return placed
  // A second request with the same intent got there first: its order is this one.
  const [winner] = await db.select().from(checkoutIntents).where(eq(checkoutIntents.paymentIntentId, record.paymentIntentId))
  if (winner?.orderId) return (await findOrder(db, winner.orderId))!
  throw conflict('This payment was released. Please check out again.', 'PAYMENT_RELEASED')
}
