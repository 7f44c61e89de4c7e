import { Elysia } from 'elysia'
import type { SessionPlugin } from '../accounts/index'
import { orderViews } from '../orders/index'
import { AppError, type ModuleDeps, notFound, type PaymentGateway, rawJsonBody } from '../shared/index'
import { confirmPaymentAndCreateOrder, createPaymentIntent } from './checkout'
import {
  confirmPaymentAndCreateOrderResponseSchema,
  confirmPaymentAndCreateOrderSchema,
  createPaymentIntentResponseSchema,
  createPaymentIntentSchema,
  embeddedConfirmResponseSchema,
  embeddedConfirmSchema,
  paymentsConfigSchema,
} from './contract'
import type { EmbeddedGateway } from './embedded-gateway'
import { handleStripeWebhook } from './stripe-webhook'

export interface CheckoutRouteDeps extends ModuleDeps {
  session: SessionPlugin
  gateway: PaymentGateway
}

const isEmbedded = (gateway: PaymentGateway): gateway is EmbeddedGateway => gateway.kind === 'embedded' && 'confirmCard' in gateway

export function checkoutRoutes({ db, clock, config, session, gateway }: CheckoutRouteDeps) {
  const deps = { db, clock, gateway }
  const webhook =
    gateway.kind === 'stripe' && config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY && config.STRIPE_WEBHOOK_SECRET
      ? {
          db,
          clock,
          settings: { secretKey: config.STRIPE_SECRET_KEY, publishableKey: config.STRIPE_PUBLISHABLE_KEY },
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        }
      : null
  return (
    new Elysia({ name: 'cart-checkout', prefix: '/api' })
      .use(session)
      .get('/payments/config', () => ({ gateway: gateway.kind, publishableKey: gateway.publishableKey }), { response: paymentsConfigSchema })
      .post('/create-payment-intent', ({ user, body }) => createPaymentIntent(deps, user, body), {
        signedIn: true,
        body: createPaymentIntentSchema,
        response: createPaymentIntentResponseSchema,
      })
      .post(
        '/confirm-payment-and-create-order',
        async ({ user, body }) => {
          const placed = await confirmPaymentAndCreateOrder(deps, user, body)
          return { order: (await orderViews(db, [placed], user))[0]! }
        },
        { signedIn: true, body: confirmPaymentAndCreateOrderSchema, response: confirmPaymentAndCreateOrderResponseSchema },
      )
      // Stripe.js confirms a card with the client secret alone; the embedded card form does the same here.
      .post(
        '/payments/embedded/confirm',
        async ({ body }) => {
          if (!isEmbedded(gateway)) throw notFound()
          const { cardNumber, expMonth, expYear, cvc } = body
          const result = await gateway.confirmCard(body.clientSecret, { cardNumber, expMonth, expYear, cvc })
          if (result.declined)
            throw new AppError(402, 'card_declined', result.declined.message, undefined, undefined, { declineCode: result.declined.declineCode })
          return result.confirmed!
        },
        { body: embeddedConfirmSchema, response: embeddedConfirmResponseSchema },
      )
      // Stripe signs the exact bytes it sent, so the signature is checked against the body as received.
      .post('/stripe/webhook', async ({ request }) => {
        if (!webhook) throw notFound()
        const outcome = await handleStripeWebhook(webhook, rawJsonBody(request) ?? '', request.headers.get('stripe-signature'))
        return { received: true, outcome }
      })
  )
}
