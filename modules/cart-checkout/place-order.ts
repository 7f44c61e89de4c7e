import type { Database } from '../../db/database'
import type { UserRow } from '../accounts/index'
import type { Schedule, Store } from '../catalog/index'
import { findOrder, type NewOrder, type OrderRow, orderMoves, type WindowTerms } from '../orders/index'
import {
  type CheckoutIntent,
  type GroceryHoldRow,
  groceries,
  holdWindows,
  intents,
  type PaymentGateway,
  type PaymentIntent,
  paymentErrors,
} from '../payments/index'
import {
  AppError,
  badRequest,
  type Clock,
  conflict,
  DELIVERY_RADIUS_MILES,
  decimalToCents,
  distanceMiles,
  formatCents,
  notFound,
  PLATFORM_FEE_CENTS,
} from '../shared/index'
import { assertStoreTakesAsapOrders } from './asap-cutoff'
import { assertMayCheckOut, type CheckoutDeps, gatewayDown } from './checkout'
import { type ConfirmPaymentAndCreateOrder, groceryHoldCents, isValidTipCents, MESSAGES, payNowCents } from './contract'
import { scheduledWindowFor } from './scheduled-window'
import { estimateOf, linesFromShelf, preferenceOf, storeFor } from './shelf-lines'

const formatAddress = (user: UserRow) => `${user.address}, ${user.city}, ${user.state} ${user.zipCode}`

/** The order as the server decides it: names, units and prices from the catalog, the address from the profile. */
async function draftOrder(
  db: Database,
  clock: Clock,
  windows: WindowTerms,
  user: UserRow,
  intentAmountCents: number,
  orderData: ConfirmPaymentAndCreateOrder['orderData'],
): Promise<{ order: Omit<NewOrder, 'id' | 'paymentIntentId'>; store: Store; schedule: Schedule }> {
  const tipCents = decimalToCents(orderData.tip)
  if (tipCents === null || !isValidTipCents(tipCents))
    throw badRequest(MESSAGES.amountNotAllowed, 'INVALID_TIP', { 'orderData.tip': MESSAGES.amountNotAllowed })
  if (intentAmountCents !== payNowCents(tipCents)) {
    throw badRequest('The authorized amount does not match the platform fee plus the tip.', 'AMOUNT_MISMATCH', {
      'orderData.tip': 'Does not match the authorized amount',
    })
  }

  const { store, schedule } = await storeFor(db, clock, orderData.storeId, 'orderData.')
  if (user.latitude === null || user.longitude === null) throw badRequest('Add your address to your profile first.', 'NO_PROFILE_LOCATION')
  const miles = Math.round(distanceMiles({ latitude: user.latitude, longitude: user.longitude }, store) * 10) / 10
  if (miles > DELIVERY_RADIUS_MILES) throw new AppError(400, 'LOCATION_TOO_FAR', MESSAGES.locationTooFar(miles), { extra: { distance: miles } })
  const items = await linesFromShelf(db, store, orderData.items, 'orderData.')

  const window = orderData.scheduledFor ? await scheduledWindowFor(db, clock, windows, store.id, orderData.scheduledFor, 'orderData.scheduledFor') : null

  const order = {
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
  }
  return { order, store, schedule }
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
    // Not read any more, but kept so a retry of a request digested before still matches it.
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
 * name its hold. Null when the groceries are paid at the door. `named` is the read of the hold
 * by the id the request gives, started beside the intent's.
 */
async function groceryHoldOf(
  db: Database,
  user: UserRow,
  record: CheckoutIntent,
  groceryPaymentIntentId: string | undefined,
  named: Promise<GroceryHoldRow | null>,
): Promise<GroceryHoldRow | null> {
  if (groceryPaymentIntentId === undefined) {
    if (await groceries.holdOfCheckout(db, record.paymentIntentId))
      throw badRequest('This checkout holds the groceries on your card: send its grocery payment too.', 'GROCERY_PAYMENT_REQUIRED', {
        groceryPaymentIntentId: 'Required: this checkout pays for the groceries by card',
      })
    return null
  }
  const hold = await named
  if (!hold || hold.buyerId !== user.id) throw notFound('We could not find that grocery payment. Please check out again.', 'PAYMENT_NOT_FOUND')
  if (hold.checkoutIntentId !== record.paymentIntentId)
    throw badRequest('This grocery payment belongs to another checkout. Please check out again.', 'GROCERY_PAYMENT_MISMATCH', {
      groceryPaymentIntentId: 'Not the grocery hold of this checkout',
    })
  return hold
}

/**
 * The grocery hold was made for this order's cart: the server's estimate of the order's own lines
 * is what it holds. Other lines, or another store's, would leave the card held for the wrong amount.
 */
function assertGroceryHoldFits(hold: GroceryHoldRow, estimatedGroceryCents: number, groceryHoldMaxCents: number) {
  if (groceryHoldCents(estimatedGroceryCents, groceryHoldMaxCents) !== hold.holdCents)
    throw badRequest('Your cart changed after the grocery hold was made. Please check out again.', 'GROCERY_HOLD_MISMATCH', {
      'orderData.items': 'Not the cart the grocery hold was made for',
    })
}

/** Both of a checkout's holds stand, or the order is refused: the grocery hold authorized by the browser, or here on the card the first saved. */
async function assertGroceryHoldStands(gateway: PaymentGateway, hold: GroceryHoldRow, checkoutIntent: PaymentIntent | null) {
  const authorization = await groceries.authorize(gateway, hold, checkoutIntent)
  if (authorization.outcome === 'declined')
    throw new AppError(
      402,
      'GROCERY_HOLD_DECLINED',
      `Your card was declined for the grocery hold of ${formatCents(hold.holdCents)}. Nothing was charged; pay for the groceries at the door, or try another card.`,
      { extra: { declineCode: authorization.declineCode } },
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
  { db, clock, gateway, windows, asapCutoffMinutes, groceryHoldMaxCents }: CheckoutDeps,
  user: UserRow,
  input: ConfirmPaymentAndCreateOrder,
): Promise<OrderRow> {
  assertMayCheckOut(user)
  // The grocery hold the request names is read beside its intent; neither is trusted before both are checked.
  const namedHold = input.groceryPaymentIntentId === undefined ? Promise.resolve(null) : groceries.holdOf(db, input.groceryPaymentIntentId)
  namedHold.catch(() => {})
  const record = await intents.findIntent(db, input.paymentIntentId)
  // Another buyer's intent looks exactly like no intent, and is never touched.
  if (!record || record.buyerId !== user.id) throw notFound('We could not find that payment. Please check out again.', 'PAYMENT_NOT_FOUND')
  const grocery = await groceryHoldOf(db, user, record, input.groceryPaymentIntentId, namedHold)
  if (record.orderId) return placedOrder({ db, clock, windows }, user, record, input)
  if (record.releasedAt) throw conflict(PAYMENT_RELEASED, 'PAYMENT_RELEASED')

  // The order is drafted (reads of the catalog only) while the gateway is asked about the card;
  // the draft's refusal counts only once the card's hold is known to stand.
  const drafting = draftOrder(db, clock, windows, user, record.amountCents, input.orderData)
  drafting.catch(() => {})
  let atGateway: Awaited<ReturnType<typeof intents.holdAtGateway>>
  try {
    atGateway = await intents.holdAtGateway(gateway, record.paymentIntentId)
  } catch (error) {
    if (error instanceof paymentErrors.GatewayUnavailableError) throw gatewayDown('Failed to create order')
    throw error
  }
  if (atGateway.hold !== 'stands') {
    // Released at the gateway but not yet in our record: a refusal racing this request is releasing it now.
    const refusal =
      atGateway.hold === 'released'
        ? conflict(PAYMENT_RELEASED, 'PAYMENT_RELEASED')
        : badRequest('Your card has not been authorized for this order.', 'PAYMENT_NOT_AUTHORIZED')
    // The grocery hold has a client secret of its own, so it may stand where the first does not: neither is left holding.
    if (grocery) await intents.releaseIntent({ db, clock, gateway }, record.paymentIntentId, `order refused: ${refusal.code}`)
    throw refusal
  }

  // From here a hold stands on the buyer's card: a refusal releases it (and the grocery hold), unless an order holds it.
  let draft: Awaited<ReturnType<typeof draftOrder>>['order']
  try {
    if (holdWindows.checkoutTooOld(record.createdAt, clock.now()))
      throw conflict('This checkout took too long and its card authorization was released. Please check out again.', 'CHECKOUT_EXPIRED')
    const drafted = await drafting
    draft = drafted.order
    if (!input.orderData.scheduledFor) assertStoreTakesAsapOrders(clock, drafted, asapCutoffMinutes)
    if (grocery) {
      assertGroceryHoldFits(grocery, draft.estimatedGroceryCents, groceryHoldMaxCents)
      await assertGroceryHoldStands(gateway, grocery, atGateway.intent)
    }
  } catch (refusal) {
    if (refusal instanceof AppError) await intents.releaseIntent({ db, clock, gateway }, record.paymentIntentId, `order refused: ${refusal.code}`)
    if (refusal instanceof paymentErrors.GatewayUnavailableError) throw gatewayDown('Failed to create order')
    throw refusal
  }

  const orderId = crypto.randomUUID()
  const placed = await db
    .transaction(async (tx) => {
      const claim = await intents.claimCheckout(
        tx,
        clock,
        { paymentIntentId: record.paymentIntentId, requestDigest: requestDigest(input), groceryHold: grocery },
        orderId,
      )
      if (claim === 'taken') return null
      // The grocery hold released since it was read (the sweep's 30 minutes): the order is not placed, and the first intent's claim is undone with it.
      if (claim === 'released') throw conflict(PAYMENT_RELEASED, 'PAYMENT_RELEASED')
      return orderMoves.place(tx, clock, { ...draft, id: orderId, paymentIntentId: record.paymentIntentId }, windows)
    })
    .catch(async (refusal) => {
      // Its window's last place went to another checkout: the claim is undone, and the holds go as any refusal's.
      if (refusal instanceof AppError && refusal.code === 'WINDOW_FULL')
        await intents.releaseIntent({ db, clock, gateway }, record.paymentIntentId, `order refused: ${refusal.code}`)
      throw refusal
    })
  if (placed) return placed
  // Another request with the same intent got there first.
  const winner = await intents.findIntent(db, record.paymentIntentId)
  if (winner?.orderId) return placedOrder({ db, clock, windows }, user, winner, input)
  throw conflict(PAYMENT_RELEASED, 'PAYMENT_RELEASED')
}
