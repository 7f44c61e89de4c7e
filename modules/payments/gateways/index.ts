/**
 * The gateways' wing: the two implementations of payments' PaymentGateway port. Only
 * server/providers.ts chooses between them (and tests, their helpers and the bench build one);
 * the money rules receive whichever it chose, and never import this file.
 */
export type { BankPayout, BankPayoutRun } from './embedded/embedded-bank-payouts'
export { type EmbeddedGateway, type EmbeddedGatewayOptions, embeddedGateway } from './embedded/embedded-gateway'
export { type StripeSettings, stripeGateway } from './stripe/stripe-gateway'
export { type RequestPacer, stripeRequestPacer } from './stripe/stripe-pacing'
