import { type PaymentGateway, paymentErrors } from '../modules/payments/index'

/**
 * A wrapper for testApi's `wrapPayments`: the configured gateway, whose refunds the test can take
 * down (`refundsDown`), kept as `gateway` so that the test can call it as the app does.
 */
export function refundsThatCanGoDown() {
  const watched = {
    refundsDown: false,
    gateway: null as unknown as PaymentGateway,
    wrap: (inner: PaymentGateway): PaymentGateway =>
      (watched.gateway = {
        ...inner,
        async refund(id, amount, key) {
          if (watched.refundsDown) throw new paymentErrors.GatewayUnavailableError('connect ECONNREFUSED')
          return inner.refund(id, amount, key)
        },
      }),
  }
  return watched
}
