/**
 * The gateways' wing: the two implementations of payments' PaymentGateway port. Only
 * server/providers.ts chooses between them (and tests, their helpers and the bench build one);
 * the money rules receive whichever it chose, and never import this file.
 */
/** The embedded gateway's test bank accounts, as Stripe's: one that is paid, one whose payouts fail. */
export { TEST_ACCOUNT_NUMBER, TEST_FAILING_ACCOUNT_NUMBER } from '../contract'
export type { BankPayout, BankPayoutRun } from './embedded/embedded-bank-payouts'
export { type EmbeddedGateway, type EmbeddedGatewayOptions, embeddedGateway } from './embedded/embedded-gateway'
export { type StripeSettings, stripeGateway } from './stripe/stripe-gateway'
export { type RequestPacer, stripeRequestPacer } from './stripe/stripe-pacing'
