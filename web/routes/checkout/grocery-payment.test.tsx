import { beforeEach, describe, expect, test } from 'bun:test'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { readCartDetails, updateCartDetails } from '../../features/cart/cart-details'
import { addToCart } from '../../features/cart/cart-storage'
import { cacheStore } from '../../features/catalog/store-cache'
import { aBuyer } from '../../testing/fixtures'
import { renderScreen } from '../../testing/render-screen'
import { CartPage } from '../cart'
import {
  bodiesSentTo,
  checkoutServer,
  dal,
  fillCartAndPendingOrder,
  okra,
  openCheckout,
  pickTestCard,
  placed,
  placeOrderButton,
  store,
} from './render-checkout'

// Pay for groceries (issue 29): at the door by default, or by card with a hold the server sizes.
beforeEach(() => {
  localStorage.clear()
  fillCartAndPendingOrder()
})

const HOLD_TEXT = "We'll hold up to $25.00 on your card. You're charged only what the receipt says."
const confirmation = `Screen at /order-confirmation?orderId=${placed.id}`
const groceries = () => within(screen.getByRole('group', { name: 'How to pay for the groceries' }))
const atDoor = () => groceries().getByRole<HTMLInputElement>('radio', { name: 'At the door (Cash, Zelle, Venmo, Apple Pay)' })
const byCard = () => groceries().getByRole<HTMLInputElement>('radio', { name: 'By card in the app' })

/** The embedded gateway and checkout, with the groceries' hold estimated and made at $25. */
function cardCheckoutServer(overrides: Parameters<typeof checkoutServer>[0] = {}) {
  return checkoutServer({
    'POST /api/grocery-hold-estimate': () => [200, { holdCents: 2500 }],
    'POST /api/create-payment-intent': ({ body }) => [
      200,
      {
        clientSecret: `pi_for_${body.checkoutId}_secret_x`,
        paymentIntentId: `pi_for_${body.checkoutId}`,
        amount: body.amount,
        ...(body.groceryPayment === 'card' && {
          groceryIntent: { id: `pi_groceries_${body.checkoutId}`, clientSecret: `pi_groceries_${body.checkoutId}_secret_y`, amountCents: 2500 },
        }),
      },
    ],
    ...overrides,
  })
}

describe('Pay for groceries at checkout', () => {
  test('a radio group, at the door by default; by card it says the hold the server estimates for the cart, and the choice stays with the cart', async () => {
    const api = cardCheckoutServer()
    await openCheckout()
    expect(atDoor().checked).toBe(true)
    expect(byCard().checked).toBe(false)
    expect(screen.queryByText(HOLD_TEXT)).toBeNull()
    expect(api.callsTo('POST /api/grocery-hold-estimate')).toHaveLength(0)

    fireEvent.click(byCard())
    expect(byCard().checked).toBe(true)
    expect((await screen.findByText(HOLD_TEXT)).getAttribute('role')).toBe('status')
    expect(screen.getByRole('group', { name: 'How to pay for the groceries' }).getAttribute('aria-describedby')).toBe(screen.getByText(HOLD_TEXT).id)
    expect(bodiesSentTo(api, 'POST /api/grocery-hold-estimate')).toEqual([
      {
        storeId: store.id,
        items: [
          { id: dal.id, quantity: 2 },
          { id: okra.id, quantity: 1 },
        ],
      },
    ])
    expect(readCartDetails(store.id).groceryPayment).toBe('card')
    expect(screen.getByText(/charged to your card at the receipt's total/)).toBeDefined()
  })

  test('by card: both intents are made, the grocery hold is confirmed with its own client secret on the same card, and the order names it', async () => {
    updateCartDetails(store.id, { groceryPayment: 'card' })
    const api = cardCheckoutServer()
    await openCheckout()
    await screen.findByText(HOLD_TEXT)
    await pickTestCard('4242 4242 4242 4242')
    fireEvent.click(placeOrderButton())
    await screen.findByText(confirmation)

    const [intent] = bodiesSentTo(api, 'POST /api/create-payment-intent')
    expect(intent).toMatchObject({
      amount: '7.00',
      groceryPayment: 'card',
      storeId: store.id,
      items: [
        { id: dal.id, quantity: 2 },
        { id: okra.id, quantity: 1 },
      ],
    })
    const confirms = bodiesSentTo(api, 'POST /api/payments/embedded/confirm')
    expect(confirms.map((body) => body.clientSecret)).toEqual([`pi_for_${intent!.checkoutId}_secret_x`, `pi_groceries_${intent!.checkoutId}_secret_y`])
    expect(confirms[1]!.cardNumber).toBe(confirms[0]!.cardNumber)
    expect(bodiesSentTo(api, 'POST /api/confirm-payment-and-create-order')[0]).toMatchObject({
      paymentIntentId: `pi_for_${intent!.checkoutId}`,
      groceryPaymentIntentId: `pi_groceries_${intent!.checkoutId}`,
    })
  })

  test('a declined grocery hold says so clearly; the buyer may switch to the door, and the next try starts afresh without a hold', async () => {
    updateCartDetails(store.id, { groceryPayment: 'card' })
    const message = 'Your card was declined for the grocery hold of $25.00. Nothing was charged; pay for the groceries at the door, or try another card.'
    const api = cardCheckoutServer({
      'POST /api/payments/embedded/confirm': ({ body }) =>
        body.clientSecret.startsWith('pi_groceries_')
          ? [402, { message: 'Your card has insufficient funds.', code: 'card_declined', declineCode: 'insufficient_funds' }]
          : [200, { id: body.clientSecret.split('_secret_')[0], status: 'requires_capture' }],
      'POST /api/confirm-payment-and-create-order': ({ body }) =>
        body.groceryPaymentIntentId ? [402, { message, code: 'GROCERY_HOLD_DECLINED', declineCode: 'insufficient_funds' }] : [200, { order: placed }],
    })
    await openCheckout()
    await pickTestCard('4242 4242 4242 4242')
    fireEvent.click(placeOrderButton())

    const notice = (await screen.findByText('Grocery hold declined')).closest<HTMLElement>('[role="alert"]')!
    expect(within(notice).getByText(message)).toBeDefined()
    // The server heard of the decline (it releases both holds), so the order was asked for with the grocery hold named.
    expect(bodiesSentTo(api, 'POST /api/confirm-payment-and-create-order')[0]!.groceryPaymentIntentId).toStartWith('pi_groceries_')
    expect(readCartDetails(store.id).groceryPayment).toBe('card')

    fireEvent.click(within(notice).getByRole('button', { name: 'Pay for groceries at the door' }))
    expect(atDoor().checked).toBe(true)
    expect(screen.queryByText('Grocery hold declined')).toBeNull()
    expect(readCartDetails(store.id).groceryPayment).toBe('at_door')

    await waitFor(() => expect(placeOrderButton().disabled).toBe(false))
    fireEvent.click(placeOrderButton())
    await screen.findByText(confirmation)
    const [first, second] = bodiesSentTo(api, 'POST /api/create-payment-intent')
    expect(second!.checkoutId).not.toBe(first!.checkoutId)
    expect(second!.groceryPayment).toBeUndefined()
    expect(bodiesSentTo(api, 'POST /api/confirm-payment-and-create-order')[1]!.groceryPaymentIntentId).toBeUndefined()
  })
})

describe('Pay for groceries in the cart', () => {
  test('the same choice, saved as it is picked, with the hold from the server by card', async () => {
    cacheStore({ ...store, distance: 4.7 } as typeof store)
    addToCart(store.id, okra)
    const api = cardCheckoutServer()
    renderScreen(CartPage, { path: '/cart', url: `/cart?storeId=${store.id}`, user: aBuyer() })
    await screen.findByRole('heading', { level: 1, name: 'Your Cart' })
    expect(atDoor().checked).toBe(true)
    expect(screen.getByText('Estimated groceries (paid to your runner at delivery)')).toBeDefined()
    const pricing = () => screen.getByRole('complementary', { name: 'Item pricing' }).textContent
    expect(pricing()).toContain('you pay the runner for the groceries at the door by Cash, Zelle, Venmo, or Apple Pay.')
    fireEvent.click(byCard())
    expect(await screen.findByText(HOLD_TEXT)).toBeDefined()
    expect(readCartDetails(store.id).groceryPayment).toBe('card')
    expect(screen.getByText("Estimated groceries (charged to your card at the receipt's total)")).toBeDefined()
    // The pricing note no longer sends the buyer to pay at the door.
    expect(pricing()).toBe("Item prices are estimates. Your runner pays the store's price, and your card is charged the receipt's total for the groceries.")
    expect(bodiesSentTo(api, 'POST /api/grocery-hold-estimate')[0]).toEqual({
      storeId: store.id,
      items: [
        { id: dal.id, quantity: 2 },
        { id: okra.id, quantity: 2 },
      ],
    })
  })
})
