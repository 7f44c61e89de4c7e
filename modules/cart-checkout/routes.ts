import { Elysia } from 'elysia'
import type { SessionPlugin } from '../accounts/index'
import { orderViews } from '../orders/index'
import type { PaymentGateway } from '../payments/index'
import { payoutTermsOf } from '../payouts/index'
import { deliveryWindows, windowTermsOf } from '../scheduling/index'
import type { ModuleDeps } from '../shared/index'
import {
  confirmPaymentAndCreateOrderResponseSchema,
  confirmPaymentAndCreateOrderSchema,
  createPaymentIntentResponseSchema,
  createPaymentIntentSchema,
  deliveryWindowsResponseSchema,
  groceryHoldEstimateResponseSchema,
  groceryHoldEstimateSchema,
} from './contract'
import { createPaymentIntent, groceryHoldEstimate } from './payment-intent'
import { confirmPaymentAndCreateOrder } from './place-order'

export interface CheckoutRouteDeps extends ModuleDeps {
  session: SessionPlugin
  gateway: PaymentGateway
}

export function checkoutRoutes({ db, clock, config, session, gateway }: CheckoutRouteDeps) {
  const deps = {
    db,
    clock,
    gateway,
    groceryHoldMaxCents: config.GROCERY_HOLD_MAX_CENTS,
    windows: windowTermsOf(config),
    asapCutoffMinutes: config.ASAP_CUTOFF_MINUTES,
  }
  return new Elysia({ name: 'cart-checkout', prefix: '/api' })
    .use(session)
    .post('/grocery-hold-estimate', async ({ body }) => ({ holdCents: await groceryHoldEstimate(deps, body) }), {
      signedIn: true,
      body: groceryHoldEstimateSchema,
      response: groceryHoldEstimateResponseSchema,
    })
    .get('/stores/:id/delivery-windows', ({ params }) => deliveryWindows.storeDeliveryWindows(db, clock, deps.windows, params.id), {
      signedIn: true,
      response: deliveryWindowsResponseSchema,
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
