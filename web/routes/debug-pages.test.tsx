import { afterEach, describe, expect, mock, test } from 'bun:test'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { fakeApi } from '../testing/fake-api'
import { aBuyer } from '../testing/fixtures'
import { renderScreen } from '../testing/render-screen'
import { toasts } from '../testing/screen-queries'
import { CheckoutDebugPage } from './checkout-debug'
import { StripeTestPage } from './stripe-test'

// Stripe cannot be reached from tests; /stripe-test loads this stand-in on demand.
const loadStripe = mock(async (key: string) => (key.includes('unreachable') ? null : { confirmCardPayment: mock() }))
mock.module('@stripe/stripe-js', () => ({ loadStripe }))

afterEach(() => {
  document.querySelector('meta[name="kirana-environment"]')?.remove()
})

const embedded = { 'GET /api/payments/config': () => [200, { gateway: 'embedded', publishableKey: null }] as [number, unknown] }
const intentFor = (body: { checkoutId: string }) =>
  [200, { clientSecret: `pi_debug_secret_${body.checkoutId}`, paymentIntentId: 'pi_debug', amount: '4.00' }] as [number, unknown]

async function payNowWith(card: string) {
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${card}`) }))
  fireEvent.click(await screen.findByRole('button', { name: 'Pay Now' }))
}

describe('/checkout-debug', () => {
  test("authorizes $4.00, says it never becomes an order, and on 'Pay Now' shows 'Payment Authorized' and goes to /orders", async () => {
    const api = fakeApi({
      ...embedded,
      'POST /api/create-payment-intent': ({ body }) => intentFor(body),
      'POST /api/payments/embedded/confirm': () => [200, { id: 'pi_debug', status: 'requires_capture' }],
    })
    renderScreen(CheckoutDebugPage, { path: '/checkout-debug', user: aBuyer() })
    expect(await screen.findByText(/pi_debug/)).toBeDefined()
    expect(screen.getByText(/The authorization never becomes an order: the server releases it automatically after 30 minutes\./)).toBeDefined()
    expect(api.callsTo('POST /api/create-payment-intent')[0]?.body).toMatchObject({ amount: '4.00' })

    await payNowWith('4242 4242 4242 4242')
    await screen.findByText('Screen at /orders')
    expect(toasts().getByText('Payment Authorized')).toBeDefined()
    expect(api.callsTo('POST /api/create-payment-intent')).toHaveLength(1)
    expect(api.callsTo('POST /api/confirm-payment-and-create-order')).toHaveLength(0)
  })

  test("a declined card toasts 'Stripe Failed'; an intent that cannot be made toasts 'Setup Failed'", async () => {
    fakeApi({
      ...embedded,
      'POST /api/create-payment-intent': ({ body }) => intentFor(body),
      'POST /api/payments/embedded/confirm': () => [402, { message: 'Your card was declined.', code: 'card_declined', declineCode: 'generic_decline' }],
    })
    renderScreen(CheckoutDebugPage, { path: '/checkout-debug', user: aBuyer() })
    await screen.findByText(/pi_debug/)
    await payNowWith('4000 0000 0000 0002')
    expect(await toasts().findByText('Stripe Failed')).toBeDefined()
    expect(toasts().getByText('Your card was declined.')).toBeDefined()

    cleanup()
    fakeApi({
      ...embedded,
      'POST /api/create-payment-intent': () => [503, { message: 'The payment service is not answering.', code: 'PAYMENT_GATEWAY_UNAVAILABLE' }],
    })
    renderScreen(CheckoutDebugPage, { path: '/checkout-debug', user: aBuyer() })
    expect(await screen.findByText('Setup Failed', { selector: '.toast__title' })).toBeDefined()
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pay Now' }).disabled).toBe(true)
  })
})

describe('/stripe-test', () => {
  test('on the embedded gateway it says Stripe is not configured, and loads nothing', async () => {
    fakeApi(embedded)
    renderScreen(StripeTestPage, { path: '/stripe-test', user: aBuyer() })
    expect(await screen.findByText('Stripe is not configured.')).toBeDefined()
    expect(loadStripe).not.toHaveBeenCalled()
  })

  test('with Stripe it loads Stripe.js and reports whether it loaded', async () => {
    fakeApi({ 'GET /api/payments/config': () => [200, { gateway: 'stripe', publishableKey: 'pk_test_stripe_page' }] })
    renderScreen(StripeTestPage, { path: '/stripe-test', user: aBuyer() })
    expect(await screen.findByText('Stripe.js loaded (test mode). Checkout uses Stripe Elements.')).toBeDefined()
    expect(loadStripe).toHaveBeenCalledWith('pk_test_stripe_page')

    cleanup()
    fakeApi({ 'GET /api/payments/config': () => [200, { gateway: 'stripe', publishableKey: 'pk_live_unreachable' }] })
    renderScreen(StripeTestPage, { path: '/stripe-test', user: aBuyer() })
    expect(await screen.findByText('Stripe.js failed to load. Check the connection to js.stripe.com.')).toBeDefined()
  })
})

describe('the debug pages in production', () => {
  test.each([
    ['/checkout-debug', CheckoutDebugPage],
    ['/stripe-test', StripeTestPage],
  ] as const)('%s shows the buyer home, like any unknown path, and makes no payment call', async (path, Page) => {
    document.head.append(Object.assign(document.createElement('meta'), { name: 'kirana-environment', content: 'production' }))
    const api = fakeApi({ 'GET /api/stores/nearby': () => [200, []] })
    renderScreen(Page, { path, user: aBuyer() })
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Asha' })).toBeDefined()
    expect(api.calls.map((call) => call.path)).toEqual(['/api/stores/nearby'])
  })
})
