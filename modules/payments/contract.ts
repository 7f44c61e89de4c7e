// Payments' door for the browser: the card form's calls, and the payment's states as we name them.
import { z } from 'zod'

/**
 * A payment's states in our own words, listed once. The gateways speak Stripe's (requires_capture,
 * succeeded, canceled); they are translated once, at the gateway's edge (`ourPaymentState`). An
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
