// Payments' door for the browser: the card form's calls, and the payment's states as we name them.
import { z } from 'zod'

/**
 * A payment's states in our own words, listed once. The gateways speak Stripe's (requires_capture,
 * succeeded, canceled); they are translated once each way, in gateway-status.ts. An
 * order holds its payment from the authorization (the hold) on.
 */
export const HELD_PAYMENT_STATES = ['authorized', 'captured', 'cancelled', 'capture_failed', 'partially_refunded', 'refunded'] as const
export type HeldPaymentState = (typeof HELD_PAYMENT_STATES)[number]
export const PAYMENT_STATES = ['requires_payment_method', ...HELD_PAYMENT_STATES] as const
export type PaymentState = (typeof PAYMENT_STATES)[number]
/**
 * The states of a payment whose card was charged: captured, with none, part or all of it given
 * back since. An order in flight moves on in any of them (a refund never stops a delivery).
 */
export const CHARGED_PAYMENT_STATES = ['captured', 'partially_refunded', 'refunded'] as const satisfies readonly HeldPaymentState[]
export type ChargedPaymentState = (typeof CHARGED_PAYMENT_STATES)[number]
export const isCharged = (state: HeldPaymentState): state is ChargedPaymentState => (CHARGED_PAYMENT_STATES as readonly string[]).includes(state)

/**
 * Which of an order's charges a refund gives back: the fee and tip's (`charge`), the groceries'
 * (the grocery hold's capture), or the extra charge the groceries came to above the hold.
 */
export const REFUNDED_PARTS = ['charge', 'groceries', 'grocery_extra'] as const
export type RefundedPart = (typeof REFUNDED_PARTS)[number]

/** How the buyer pays for the groceries: to the runner at the door (the spec's default), or by card in the app (a grocery hold). */
export const GROCERY_PAYMENT_METHODS = ['at_door', 'card'] as const
export type GroceryPaymentMethod = (typeof GROCERY_PAYMENT_METHODS)[number]

/**
 * How the part of a grocery total above the grocery hold is paid, once the total is settled: by
 * one more charge on the saved card (pending until the gateway answers, then captured or
 * declined), or at the door (the buyer's choice, the automatic capture's, or a declined charge's
 * fallback).
 */
export const GROCERY_EXTRA_STATES = ['at_door', 'pending', 'captured', 'declined'] as const
export type GroceryExtraState = (typeof GROCERY_EXTRA_STATES)[number]
/** What the buyer chooses for a total above the hold: charge the difference to the saved card, or pay it at the door. */
export const GROCERY_EXTRA_CHOICES = ['card', 'at_door'] as const
export type GroceryExtraChoice = (typeof GROCERY_EXTRA_CHOICES)[number]

/** GET /api/payments/config: which card form checkout shows. */
export const paymentsConfigSchema = z.object({ gateway: z.enum(['embedded', 'stripe']), publishableKey: z.string().nullable() })
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>

export const embeddedConfirmSchema = z.object({
  clientSecret: z.string().min(1).max(300),
  cardNumber: z.string({ error: 'Your card number is incomplete.' }).max(30),
  expMonth: z
    .number({ error: "Your card's expiration month is invalid." })
    .int()
    .min(1, "Your card's expiration month is invalid.")
    .max(12, "Your card's expiration month is invalid."),
  expYear: z.number({ error: "Your card's expiration year is invalid." }).int().min(0).max(9999),
  cvc: z.string({ error: "Your card's security code is incomplete." }).max(4, "Your card's security code is invalid."),
})
export const embeddedConfirmResponseSchema = z.object({ id: z.string(), status: z.literal('requires_capture') })

/**
 * Stripe's documented test bank numbers (docs.stripe.com/connect/testing), which the embedded
 * stand-in for Stripe's onboarding form takes: payouts to the first account are paid, to the
 * second they fail as a closed account's do. Any other account number of 4–17 digits is paid too.
 */
export const TEST_ROUTING_NUMBER = '110000000'
export const TEST_ACCOUNT_NUMBER = '000123456789'
export const TEST_FAILING_ACCOUNT_NUMBER = '000111111116'
/** Stripe pays out only to adults. */
export const MIN_PAYOUT_AGE_YEARS = 18

const DATE_OF_BIRTH = /^(\d{4})-(\d{2})-(\d{2})$/

/** The day as [year, month, day] when `text` is a date that exists ('2001-02-29' does not). */
function calendarDate(text: string): [number, number, number] | null {
  const match = DATE_OF_BIRTH.exec(text)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? [year, month, day] : null
}

/**
 * What is wrong with a date of birth on `today` (the server's clock, or the screen's), or null:
 * it must be a real day, and at least 18 years before today (a 29 February birthday comes of age on 1 March).
 */
export function dateOfBirthProblem(dateOfBirth: string, today: Date): string | null {
  const date = calendarDate(dateOfBirth)
  if (!date || date[0] < 1900) return 'Enter your date of birth'
  const [year, month, day] = date
  const comesOfAge = Date.UTC(year + MIN_PAYOUT_AGE_YEARS, month - 1, day)
  const startOfToday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
  return comesOfAge <= startOfToday ? null : `You must be at least ${MIN_PAYOUT_AGE_YEARS} to receive payouts`
}

const digits = (count: string, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(new RegExp(`^\\d{${count}}$`), message)

/**
 * POST /api/payments/embedded/onboarding: the embedded stand-in for Stripe's hosted onboarding
 * form, sent with the link's token. The age rule needs a clock, so it is `dateOfBirthProblem`, beside this.
 */
export const embeddedOnboardingSchema = z.object({
  link: z.string({ error: 'This onboarding link is not valid.' }).min(1, 'This onboarding link is not valid.').max(200, 'This onboarding link is not valid.'),
  legalName: z.string({ error: 'Enter your legal name' }).trim().min(1, 'Enter your legal name').max(200, 'Must be at most 200 characters'),
  dateOfBirth: z.string({ error: 'Enter your date of birth' }).refine((text) => calendarDate(text) !== null, 'Enter your date of birth'),
  ssnLast4: digits('4', 'Enter the last 4 digits of your SSN'),
  routingNumber: z
    .string({ error: `Use the test routing number ${TEST_ROUTING_NUMBER}` })
    .trim()
    .refine((text) => text === TEST_ROUTING_NUMBER, `Payouts here are in test mode: use the test routing number ${TEST_ROUTING_NUMBER}`),
  accountNumber: digits('4,17', 'Enter an account number of 4 to 17 digits'),
})
export type EmbeddedOnboardingInput = z.infer<typeof embeddedOnboardingSchema>
export const embeddedOnboardingResponseSchema = z.object({ returnUrl: z.string() })

/**
 * GET /api/payments/embedded/onboarding/:link: whether the form may be sent. An open link says
 * until when; a used or expired one, where a new link is asked for (the refresh URL), as
 * Stripe's hosted form sends the person there.
 */
export const embeddedOnboardingLinkSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('open'), expiresAt: z.string() }),
  z.object({ status: z.enum(['used', 'expired']), refreshUrl: z.string() }),
])
export type EmbeddedOnboardingLink = z.infer<typeof embeddedOnboardingLinkSchema>
