import { beforeEach, describe, expect, test } from 'bun:test'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { readCart } from '../features/cart/cart-storage'
import { PENDING_ORDER_KEY } from '../features/cart/pending-order'
import { orderQueryOptions } from '../features/orders/api/orders'
import { type Answer, deferred } from '../testing/fake-api'
import { aBuyer } from '../testing/fixtures'
import { renderScreen } from '../testing/render-screen'
import { CheckoutPage } from './checkout'
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
  toast,
} from './checkout/render-checkout'

beforeEach(() => localStorage.clear())

const sum = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent

describe('checkout /checkout', () => {
  test("without a pending order: the toast 'No Order Found' and the way home", async () => {
    checkoutServer()
    renderScreen(CheckoutPage, { path: '/checkout', user: aBuyer() })
    await screen.findByText('Screen at /')
    expect(toast().getByText('No Order Found')).toBeDefined()
    expect(toast().getByText('Please add items to your cart first.')).toBeDefined()
  })

  test('the authorization notice, then the summary: store, items, ASAP, the $2.00 platform fee (no other fee), the tip and the total', async () => {
    fillCartAndPendingOrder()
    checkoutServer()
    await openCheckout()
    expect(screen.getByRole('link', { name: 'Back to cart' }).getAttribute('href')).toBe(`/cart?storeId=${store.id}`)
    const notice = screen.getByRole('complementary', { name: 'Payment Authorization' })
    expect(notice.textContent).toContain('charged only when a runner accepts')
    expect(notice.textContent).toContain('If no runner accepts within 30 minutes, the authorization is cancelled at no cost.')

    expect(sum('Store')).toBe(`${store.name}Open 24 hours`)
    expect(sum('Items')).toBe('2 items (3 units)')
    expect(sum('Delivery slot')).toBe('ASAP')
    // One fee, by its one name: no other fee is shown struck through as a saving.
    expect(Array.from(document.querySelectorAll('.sums dt'), (term) => term.textContent).filter((term) => term?.includes('fee'))).toEqual(['Platform fee'])
    expect(screen.queryByText(/usually/)).toBeNull()
    expect(sum('Platform fee')).toBe('$2.00')
    expect(sum('Tip for your runner')).toBe('$5.00')
    expect(sum('Total to pay now')).toBe('$7.00')
    expect(screen.getByText(/^Groceries \(about \$19\.47\) are paid to your runner at delivery, by Cash, Zelle, Venmo, or Apple Pay\.$/)).toBeDefined()
    expect(placeOrderButton().textContent).toBe('Place Order - $7.00')
  })

  test('the embedded card form has labelled fields, and a Promo Mode card fills them all', async () => {
    fillCartAndPendingOrder()
    checkoutServer()
    await openCheckout()
    const number = await screen.findByLabelText<HTMLInputElement>('Card number')
    expect(number.getAttribute('autocomplete')).toBe('cc-number')
    await pickTestCard('4242 4242 4242 4242')
    await waitFor(() => expect(number.value).toBe('4242 4242 4242 4242'))
    expect(screen.getByLabelText<HTMLInputElement>('Expiry date').value).toMatch(/^12 \/ \d\d$/)
    expect(screen.getByLabelText<HTMLInputElement>('CVC').value).toBe('123')
    fireEvent.change(number, { target: { value: '4000000000000002' } })
    expect(number.value).toBe('4000 0000 0000 0002')
  })

  test('an empty card form says what is missing under each field and sends nothing', async () => {
    fillCartAndPendingOrder()
    const api = checkoutServer()
    await openCheckout()
    await screen.findByLabelText('Card number')
    fireEvent.click(placeOrderButton())
    expect(await screen.findByText('Enter your card number.')).toBeDefined()
    expect(screen.getByText('Enter the expiry date as MM / YY.')).toBeDefined()
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(screen.getByLabelText('Card number'))
    expect(api.callsTo('POST /api/create-payment-intent')).toHaveLength(0)
  })

  test('Place Order: the intent for fee plus tip, the card, then the order; the cart and pending order are cleared and the confirmation follows', async () => {
    fillCartAndPendingOrder()
    const api = checkoutServer()
    const { queryClient } = await openCheckout()
    await pickTestCard('4242 4242 4242 4242')
    fireEvent.click(placeOrderButton())
    await screen.findByText(`Screen at /order-confirmation?orderId=${placed.id}`)

    const [intent] = bodiesSentTo(api, 'POST /api/create-payment-intent')
    expect(intent!.amount).toBe('7.00')
    expect(intent!.checkoutId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    const [card] = bodiesSentTo(api, 'POST /api/payments/embedded/confirm')
    expect(card!).toMatchObject({ clientSecret: `pi_for_${intent!.checkoutId}_secret_x`, cardNumber: '4242 4242 4242 4242', expMonth: 12, cvc: '123' })
    const [order] = bodiesSentTo(api, 'POST /api/confirm-payment-and-create-order')
    expect(order!).toMatchObject({
      paymentIntentId: `pi_for_${intent!.checkoutId}`,
      orderData: {
        storeId: store.id,
        items: [
          { id: dal.id, quantity: 2, comment: 'Only the oily kind', substitution: 'contact_me' },
          { id: okra.id, quantity: 1, substitution: 'best_match' },
        ],
        tip: '5.00',
        deliveryInstructions: 'Ring the side door',
        timeSlot: 'ASAP',
      },
      storeData: { id: store.id, name: store.name },
    })
    expect(api.calls.map((call) => `${call.method} ${call.path}`).slice(1)).toEqual([
      'POST /api/create-payment-intent',
      'POST /api/payments/embedded/confirm',
      'POST /api/confirm-payment-and-create-order',
    ])
    expect(readCart(store.id)).toEqual([])
    expect(localStorage.getItem(PENDING_ORDER_KEY)).toBeNull()
    expect(queryClient.getQueryData(orderQueryOptions(placed.id).queryKey)).toEqual(placed)
  })

  test("while it works the button reads 'Processing Payment...' and is disabled; pressing again places no second order", async () => {
    fillCartAndPendingOrder()
    const intentAnswer = deferred<Answer>()
    const api = checkoutServer({ 'POST /api/create-payment-intent': () => intentAnswer.promise })
    await openCheckout()
    await pickTestCard('4242 4242 4242 4242')
    const form = placeOrderButton().closest('form')!
    fireEvent.submit(form)
    fireEvent.submit(form)
    await waitFor(() => expect(placeOrderButton().textContent).toBe('Processing Payment...'))
    expect(placeOrderButton().disabled).toBe(true)
    expect(screen.getByRole<HTMLFieldSetElement>('group', { name: 'Card details' }).disabled).toBe(true)
    fireEvent.click(placeOrderButton())
    fireEvent.submit(form)
    expect(api.callsTo('POST /api/create-payment-intent')).toHaveLength(1)

    await act(async () => intentAnswer.resolve([200, { clientSecret: 'pi_x_secret_y', paymentIntentId: 'pi_x', amount: '7.00' }]))
    await screen.findByText(`Screen at /order-confirmation?orderId=${placed.id}`)
    expect(api.callsTo('POST /api/confirm-payment-and-create-order')).toHaveLength(1)
  })
})
