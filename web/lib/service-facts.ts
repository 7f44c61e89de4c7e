import { ACCEPTED_GROCERY_PAYMENT_METHODS, formatCents, PLATFORM_FEE_CENTS } from '../../modules/shared/contract'

/** The fee as every page states it; the same in every language (dollars, Latin digits). */
export const PLATFORM_FEE = formatCents(PLATFORM_FEE_CENTS)

/*
 * The welcome page (web/welcome) is written by the server, in English, before the app and its
 * languages load: it says these in English. The app's screens say them in the language on screen
 * through web/lib/use-service-words.ts.
 */

/** What a runner earns on a delivery: the platform fee and the whole tip (spec 001 §9). */
export const RUNNER_EARNINGS = `Platform fee (${PLATFORM_FEE}) plus tip`

/** "Cash, Zelle, Venmo, or Apple Pay" */
const GROCERY_PAYMENT_METHODS = new Intl.ListFormat('en-US', { type: 'disjunction' }).format(ACCEPTED_GROCERY_PAYMENT_METHODS)

/** The two ways to pay for the groceries: to the runner at the door, or by card in the app, held and charged at the receipt. */
export const GROCERY_PAYMENT_WAYS = `Pay for the groceries at the door by ${GROCERY_PAYMENT_METHODS}, or by card in the app: your card is held for an estimate and charged only the receipt's total.`
