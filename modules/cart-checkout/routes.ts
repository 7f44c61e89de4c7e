import { Elysia } from 'elysia'
import type { SessionPlugin } from '../accounts/index'
import { orderViews } from '../orders/index'
import type { PaymentGateway } from '../payments/index'
import { payoutTermsOf } from '../payouts/index'
import type { ModuleDeps } from '../shared/index'
import { confirmPaymentAndCreateOrder, createPaymentIntent } from './checkout'
import {
  confirmPaymentAndCreateOrderResponseSchema,
  confirmPaymentAndCreateOrderSchema,
  createPaymentIntentResponseSchema,
  createPaymentIntentSchema,
} from './contract'

export interface CheckoutRouteDeps extends ModuleDeps {
  session: SessionPlugin
  gateway: PaymentGateway
}

export function checkoutRoutes({ db, clock, config, session, gateway }: CheckoutRouteDeps) {
  const deps = { db, clock, gateway, groceryHoldMaxCents: config.GROCERY_HOLD_MAX_CENTS, asapCutoffMinutes: config.ASAP_CUTOFF_MINUTES }
  return new Elysia({ name: 'cart-checkout', prefix: '/api' })
    .use(session)
    .post('/create-payment-intent', ({ user, body }) => createPaymentIntent(deps, user, body), {
      signedIn: true,
      body: createPaymentIntentSchema,
      response: createPaymentIntentResponseSchema,
    })
    .post(
      '/confirm-payment-and-create-order',
      async ({ user, body }) => {
        const placed = await confirmPaymentAndCreateOrder(deps, user, body)
        return { order: (await orderViews(db, clock, [placed], user, payoutTermsOf(config)))[0]! }
      },
      { signedIn: true, body: confirmPaymentAndCreateOrderSchema, response: confirmPaymentAndCreateOrderResponseSchema },
    )
}
