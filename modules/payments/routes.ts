import { Elysia } from 'elysia'
import { z } from 'zod'
import { AppError, type ModuleDeps, notFound, rawJsonBody } from '../shared/index'
import {
  embeddedConfirmResponseSchema,
  embeddedConfirmSchema,
  embeddedOnboardingLinkSchema,
  embeddedOnboardingResponseSchema,
  embeddedOnboardingSchema,
  paymentsConfigSchema,
} from './contract'
import type { EmbeddedGateway } from './gateways/embedded/embedded-gateway'
import type { AccountListener, PaymentGateway } from './gateways/gateway'
import type { PaymentListener } from './payment-listener'
import { handleStripeWebhook } from './stripe-webhook'

export interface PaymentRouteDeps extends ModuleDeps {
  gateway: PaymentGateway
  orders: PaymentListener
  accounts: AccountListener
}

const isEmbedded = (gateway: PaymentGateway): gateway is EmbeddedGateway => gateway.kind === 'embedded' && 'confirmCard' in gateway

export function paymentRoutes({ db, clock, config, gateway, orders, accounts }: PaymentRouteDeps) {
  const webhookSecrets = [config.STRIPE_WEBHOOK_SECRET, config.STRIPE_CONNECT_WEBHOOK_SECRET].filter((secret) => secret !== undefined)
  const webhook =
    gateway.kind === 'stripe' && config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY && webhookSecrets.length > 0
      ? {
          db,
          clock,
          orders,
          accounts,
          gateway,
          settings: { secretKey: config.STRIPE_SECRET_KEY, publishableKey: config.STRIPE_PUBLISHABLE_KEY },
          webhookSecrets,
        }
      : null
  return (
    new Elysia({ name: 'payments', prefix: '/api' })
      .get('/payments/config', () => ({ gateway: gateway.kind, publishableKey: gateway.publishableKey }), { response: paymentsConfigSchema })
      // Stripe.js confirms a card with the client secret alone; the embedded card form does the same here.
      .post(
        '/payments/embedded/confirm',
        async ({ body }) => {
          if (!isEmbedded(gateway)) throw notFound()
          const { cardNumber, expMonth, expYear, cvc } = body
          const result = await gateway.confirmCard(body.clientSecret, { cardNumber, expMonth, expYear, cvc })
          if (result.declined) throw new AppError(402, 'card_declined', result.declined.message, { extra: { declineCode: result.declined.declineCode } })
          return result.confirmed!
        },
        { body: embeddedConfirmSchema, response: embeddedConfirmResponseSchema },
      )
      // The embedded stand-in for Stripe's hosted onboarding form. No session: the link's token is
      // the credential, as Stripe's page takes none of ours, so a runner may open it on any device.
      .get(
        '/payments/embedded/onboarding/:link',
        ({ params }) => {
          if (!isEmbedded(gateway)) throw notFound()
          return gateway.onboarding.open(params.link)
        },
        { params: z.object({ link: z.string().max(200) }), response: embeddedOnboardingLinkSchema },
      )
      .post(
        '/payments/embedded/onboarding',
        ({ body }) => {
          if (!isEmbedded(gateway)) throw notFound()
          return gateway.onboarding.submit(body, accounts)
        },
        { body: embeddedOnboardingSchema, response: embeddedOnboardingResponseSchema },
      )
      // Stripe signs the exact bytes it sent, so the signature is checked against the body as received.
      .post(
        '/stripe/webhook',
        async ({ request }) => {
          if (!webhook) throw notFound()
          const outcome = await handleStripeWebhook(webhook, rawJsonBody(request) ?? '', request.headers.get('stripe-signature'))
          return { received: true as const, outcome }
        },
        { response: z.object({ received: z.literal(true), outcome: z.string() }) },
      )
  )
}
