import { ACCEPTED_GROCERY_PAYMENT_METHODS, formatCents, PLATFORM_FEE_CENTS } from '../../modules/shared/contract'

/** The landing and welcome pages state the fee and payment methods in words; both read them from here. */
export const PLATFORM_FEE = formatCents(PLATFORM_FEE_CENTS)

/**
 * What a runner earns on a delivery, said the same way on every screen: the platform fee (the one
 * name the fee has, for buyers and runners alike) and the whole tip (spec 001 §9).
 */
export const RUNNER_EARNINGS = `Platform fee (${PLATFORM_FEE}) plus tip`

/** "Cash, Zelle, Venmo, or Apple Pay" */
export const GROCERY_PAYMENT_METHODS = new Intl.ListFormat('en-US', { type: 'disjunction' }).format(ACCEPTED_GROCERY_PAYMENT_METHODS)

/**
 * The two ways to pay for the groceries, said the same way wherever the service is described
 * before an order: to the runner at the door, or by card in the app, held and charged at the receipt.
 */
export const GROCERY_PAYMENT_WAYS = `Pay for the groceries at the door by ${GROCERY_PAYMENT_METHODS}, or by card in the app: your card is held for an estimate and charged only the receipt's total.`
