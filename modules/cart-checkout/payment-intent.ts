import type { UserRow } from '../accounts/index'
import { type GroceryPaymentMethod, intents, paymentErrors } from '../payments/index'
import { badRequest, conflict, decimalAmount, decimalToCents, hitRateLimit, PLATFORM_FEE_CENTS, tooManyRequests } from '../shared/index'
import { assertStoreTakesAsapOrders } from './asap-cutoff'
import { assertMayCheckOut, type CheckoutDeps, gatewayDown } from './checkout'
import { isValidTipCents, MESSAGES } from './contract'
import { scheduledWindowFor } from './scheduled-window'
import { holdOf, namedStore, type OrderLine, storeFor } from './shelf-lines'

const INTENTS_PER_HOUR = { limit: 30, windowMs: 60 * 60 * 1000 }

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
  const named = input.storeId === undefined ? null : await storeFor(db, clock, input.storeId, '')
  if (input.scheduledFor !== undefined) await scheduledWindowFor(db, clock, windows, namedStore(named).store.id, input.scheduledFor, 'scheduledFor')
  else if (named) assertStoreTakesAsapOrders(clock, named, asapCutoffMinutes)
  const groceryHold = input.groceryPayment === 'card' ? await holdOf(db, groceryHoldMaxCents, namedStore(named).store, input) : undefined
  const limited = await hitRateLimit(db, clock, `checkout:intents:${user.id}`, INTENTS_PER_HOUR)
  if (!limited.allowed) throw tooManyRequests('Too many checkout attempts. Please try again later.', limited.retryAfterSeconds)
  try {
    const intent = await intents.authorize(
      { db, clock, gateway },
      { buyerId: user.id, amountCents, tipCents: amountCents - PLATFORM_FEE_CENTS, checkoutId: input.checkoutId, groceryHoldCents: groceryHold },
    )
    return {
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.paymentIntentId,
      amount: decimalAmount(intent.amountCents),
      ...(intent.groceryIntent && { groceryIntent: intent.groceryIntent }),
    }
  } catch (error) {
    if (error instanceof paymentErrors.GatewayUnavailableError) throw gatewayDown('Failed to create payment intent')
    if (error instanceof paymentErrors.IdempotencyKeyReusedError) {
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
  const named = input.storeId === undefined ? null : await storeFor(db, clock, input.storeId, '')
  return holdOf(db, groceryHoldMaxCents, namedStore(named).store, input)
}
