import { Elysia } from 'elysia'
import type { SessionPlugin } from '../accounts/index'
import { orderViews } from '../orders/index'
import type { PaymentGateway } from '../payments/index'
import { payoutTermsOf } from '../payouts/index'
import type { ModuleDeps } from '../shared/index'
import { confirmPaymentAndCreateOrder, createPaymentIntent, groceryHoldEstimate } from './checkout'
import {
  confirmPaymentAndCreateOrderResponseSchema,
  confirmPaymentAndCreateOrderSchema,
  createPaymentIntentResponseSchema,
  createPaymentIntentSchema,
  groceryHoldEstimateResponseSchema,
  groceryHoldEstimateSchema,
} from './contract'

export interface CheckoutRouteDeps extends ModuleDeps {
  session: SessionPlugin
  gateway: PaymentGateway
}

export function checkoutRoutes({ db, clock, config, session, gateway }: CheckoutRouteDeps) {
  const deps = { db, clock, gateway, groceryHoldMaxCents: config.GROCERY_HOLD_MAX_CENTS }
  return new Elysia({ name: 'cart-checkout', prefix: '/api' })
    .use(session)
    .post('/grocery-hold-estimate', async ({ body }) => ({ holdCents: await groceryHoldEstimate(deps, body) }), {
      signedIn: true,
      body: groceryHoldEstimateSchema,
      response: groceryHoldEstimateResponseSchema,
    })
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
