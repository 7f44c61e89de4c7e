// Payments' door for the browser: the card form's calls, and the payment's states as we name them.
import { z } from 'zod'

/**
 * A payment's states in our own words. The gateways speak Stripe's (requires_capture,
 * succeeded, canceled); they are translated once, at the gateway's edge (`ourPaymentState`).
 */
export const PAYMENT_STATES = ['requires_payment_method', 'authorized', 'captured', 'cancelled', 'capture_failed', 'partially_refunded', 'refunded'] as const
export type PaymentState = (typeof PAYMENT_STATES)[number]
/** The states of a payment an order holds: from its authorization on. */
export const HELD_PAYMENT_STATES = PAYMENT_STATES.filter((state) => state !== 'requires_payment_method') as Exclude<PaymentState, 'requires_payment_method'>[]
export type HeldPaymentState = Exclude<PaymentState, 'requires_payment_method'>

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
