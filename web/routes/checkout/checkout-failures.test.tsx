import { beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { readCart } from '../../features/cart/cart-storage'
import { readPendingOrder } from '../../features/cart/pending-order'
import { fieldRefused } from '../../testing/fake-api'
import { manualClock } from '../../testing/manual-clock'
import { bodiesSentTo, checkoutServer, fillCartAndPendingOrder, openCheckout, pickTestCard, placed, placeOrderButton, store, toast } from './render-checkout'

beforeEach(() => {
  localStorage.clear()
  fillCartAndPendingOrder()
})

const confirmation = `Screen at /order-confirmation?orderId=${placed.id}`
const declined = [402, { message: 'Your card was declined.', code: 'card_declined', declineCode: 'generic_decline' }] as const

async function placeOrderWith(card: string) {
  await pickTestCard(card)
  fireEvent.click(placeOrderButton())
}

/** Waits until the button is back, so the next press is a new try. */
const ready = () => waitFor(() => expect(placeOrderButton().textContent).toBe('Place Order - $7.00'))

/** The next try, once the refusal is gone, places the order on a new intent: its checkout id is not the refused one's. */
async function placesOnAFreshCheckout(api: ReturnType<typeof checkoutServer>) {
  await ready()
  fireEvent.click(placeOrderButton())
  await screen.findByText(confirmation)
  const [first, second] = bodiesSentTo(api, 'POST /api/create-payment-intent')
  expect(second!.checkoutId).not.toBe(first!.checkoutId)
}

describe('checkout failures (spec 001 §8)', () => {
  test("a declined card: 'Payment Failed' with the card's message, the cart intact; another card then pays on the same intent", async () => {
    let answer: 'decline' | 'authorize' = 'decline'
    const api = checkoutServer({
      'POST /api/payments/embedded/confirm': ({ body }) =>
        answer === 'decline' ? [...declined] : [200, { id: body.clientSecret.split('_secret_')[0], status: 'requires_capture' }],
    })
    await openCheckout()
    await placeOrderWith('4000 0000 0000 0002')
    expect(await toast().findByText('Payment Failed')).toBeDefined()
    expect(toast().getByText('Your card was declined.')).toBeDefined()
    const number = screen.getByLabelText('Card number')
    expect(number.getAttribute('aria-invalid')).toBe('true')
    expect(
      document.getElementById(
        number
          .getAttribute('aria-describedby')!
          .split(' ')
          .find((id) => id.endsWith('error'))!,
      )?.textContent,
    ).toBe('Your card was declined.')
    await ready()
    expect(readCart(store.id)).toHaveLength(2)
    expect(readPendingOrder()).not.toBeNull()
    expect(api.callsTo('POST /api/confirm-payment-and-create-order')).toHaveLength(0)

    answer = 'authorize'
    await placeOrderWith('4242 4242 4242 4242')
    await screen.findByText(confirmation)
    const [first, second] = bodiesSentTo(api, 'POST /api/create-payment-intent')
    expect(second!.checkoutId).toBe(first!.checkoutId)
  })

  test('a field the gateway refuses shows its message under that field', async () => {
    checkoutServer({
      'POST /api/payments/embedded/confirm': () => fieldRefused('expYear', "Your card's expiration year is in the past.", 'invalid_expiry_year_past'),
    })
    await openCheckout()
    await pickTestCard('4242 4242 4242 4242')
    fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '0120' } })
    fireEvent.click(placeOrderButton())
    await toast().findByText('Payment Failed')
    const expiry = screen.getByLabelText('Expiry date')
    expect(expiry.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(expiry.getAttribute('aria-describedby')!)?.textContent).toBe("Your card's expiration year is in the past.")
  })

  test('too far from the profile address: "You\'re 12.3 miles from your profile address" for 8 s, a link to update it, and the next try starts a new intent', async () => {
    const clock = manualClock()
    let far = true
    const api = checkoutServer({
      'POST /api/confirm-payment-and-create-order': () =>
        far
          ? [
              400,
              {
                message: "You're 12.3 miles from your profile address. Update your profile address, or order from a store closer to it.",
                code: 'LOCATION_TOO_FAR',
                distance: 12.3,
              },
            ]
          : [200, { order: placed }],
    })
    await openCheckout(clock)
    await placeOrderWith('4242 4242 4242 4242')
    const title = "You're 12.3 miles from your profile address"
    expect(await toast().findByText(title)).toBeDefined()
    const update = screen.getByRole('link', { name: 'Update Profile Address' })
    expect(update.getAttribute('href')).toBe('/profile')
    expect(update.closest('[role="alert"]')?.textContent).toContain(`${title}Update the address in your profile, or order from a store closer to it.`)
    clock.advance(7_999)
    expect(toast().queryByText(title)).not.toBeNull()
    clock.advance(1)
    expect(toast().queryByText(title)).toBeNull()
    expect(readCart(store.id)).toHaveLength(2)

    far = false
    await placesOnAFreshCheckout(api)
  })

  test.each([
    {
      what: "any other refusal of the order: 'Order Failed'",
      call: 'POST /api/confirm-payment-and-create-order',
      answer: [400, { message: 'An item in your cart is not available at this store any more.', code: 'ITEM_NOT_AVAILABLE' }],
      title: 'Order Failed',
    },
    {
      what: "the intent cannot be made: 'Payment Failed'",
      call: 'POST /api/create-payment-intent',
      answer: [
        503,
        {
          message: 'Failed to create payment intent: the payment service is not answering. Nothing was charged; please try again in a moment.',
          code: 'PAYMENT_GATEWAY_UNAVAILABLE',
        },
      ],
      title: 'Payment Failed',
    },
  ] as const)("$what with the server's message, the cart intact", async ({ call, answer, title }) => {
    checkoutServer({ [call]: () => [...answer] })
    await openCheckout()
    await placeOrderWith('4242 4242 4242 4242')
    expect(await toast().findByText(title)).toBeDefined()
    expect(toast().getByText(answer[1].message)).toBeDefined()
    expect(readCart(store.id)).toHaveLength(2)
  })

  test("a server failure after the card was authorized: 'Order Failed', and trying again only places the order", async () => {
    let down = true
    const api = checkoutServer({
      'POST /api/confirm-payment-and-create-order': () =>
        down
          ? [
              503,
              {
                message: 'Failed to create order: the payment service is not answering. Nothing was charged; please try again in a moment.',
                code: 'PAYMENT_GATEWAY_UNAVAILABLE',
              },
            ]
          : [200, { order: placed }],
    })
    await openCheckout()
    await placeOrderWith('4242 4242 4242 4242')
    await toast().findByText('Order Failed')
    await ready()
    down = false
    fireEvent.click(placeOrderButton())
    await screen.findByText(confirmation)
    expect(api.callsTo('POST /api/create-payment-intent')).toHaveLength(1)
    expect(api.callsTo('POST /api/payments/embedded/confirm')).toHaveLength(1)
    const [first, second] = bodiesSentTo(api, 'POST /api/confirm-payment-and-create-order')
    expect(second!.paymentIntentId).toBe(first!.paymentIntentId)
  })

  test('an unverified phone: checkout explains and links to /phone-verification, and no card is tried', async () => {
    const api = checkoutServer({
      'POST /api/create-payment-intent': () => [
        403,
        { message: 'Verify your phone number before you place an order.', code: 'PHONE_VERIFICATION_REQUIRED', requiresPhoneVerification: true },
      ],
    })
    await openCheckout()
    await placeOrderWith('4242 4242 4242 4242')
    const link = await screen.findByRole('link', { name: 'Verify Phone Number' })
    expect(link.getAttribute('href')).toBe('/phone-verification')
    expect(link.closest('[role="alert"]')?.textContent).toContain('Phone Verification Required')
    expect(link.closest('[role="alert"]')?.textContent).toContain('Verify your phone number before you place an order.')
    expect(api.callsTo('POST /api/payments/embedded/confirm')).toHaveLength(0)
  })

  test("a closed store: the server's message names the next opening, and no card is tried", async () => {
    const message = 'Patel Family Grocers is closed now; it opens 9 AM tomorrow.'
    const api = checkoutServer({
      'POST /api/create-payment-intent': () => [409, { message, code: 'STORE_CLOSED', nextOpening: '2026-01-06T14:00:00.000Z' }],
    })
    await openCheckout()
    await placeOrderWith('4242 4242 4242 4242')
    expect((await screen.findByRole('alert', { name: 'No delivery now from Patel Family Grocers' })).textContent).toContain(message)
    expect(bodiesSentTo(api, 'POST /api/create-payment-intent')[0]).toMatchObject({ storeId: store.id })
    expect(api.callsTo('POST /api/payments/embedded/confirm')).toHaveLength(0)
    expect(readCart(store.id)).toHaveLength(2)
  })

  test('a store that closed while the card was checked: the same notice, and the next try starts a new intent', async () => {
    const message = 'Patel Family Grocers closes at 9 PM, too soon to shop an order for delivery now; it opens again 9 AM tomorrow.'
    let closed = true
    const api = checkoutServer({
      'POST /api/confirm-payment-and-create-order': () => (closed ? [409, { message, code: 'STORE_CLOSED', nextOpening: null }] : [200, { order: placed }]),
    })
    await openCheckout()
    await placeOrderWith('4242 4242 4242 4242')
    expect((await screen.findByRole('alert', { name: 'No delivery now from Patel Family Grocers' })).textContent).toContain(message)
    closed = false
    await placesOnAFreshCheckout(api)
  })
})
