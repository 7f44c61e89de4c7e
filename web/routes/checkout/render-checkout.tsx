// Shared by the checkout screen's tests: a cart, its pending order, and a server that takes the order.
import { fireEvent, screen, within } from '@testing-library/react'
import type { Store } from '../../../modules/catalog/contract'
import type { ScheduledWindow } from '../../../modules/orders/contract'
import { addToCart, readCart, setComment, setSubstitution } from '../../features/cart/cart-storage'
import { buildPendingOrder, savePendingOrder } from '../../features/cart/pending-order'
import { type Answer, fakeApi } from '../../testing/fake-api'
import { aBuyer, anItem, aStore } from '../../testing/fixtures'
import type { ManualClock } from '../../testing/manual-clock'
import { anOrder } from '../../testing/order-fixtures'
import { renderScreen } from '../../testing/render-screen'
import { CheckoutPage } from '../checkout'

export const store = aStore()
export const dal = anItem({ id: 'i-dal', name: 'Toor Dal (4 lb)', price: '7.99' })
export const okra = anItem({ id: 'i-okra', name: 'Okra (Bhindi)', unit: 'lb', price: '3.49', priceUnit: 'per lb' })
export const placed = anOrder({ id: 'a1b2c3d4-0000-4000-8000-00000000c0de' })

/** Toor Dal ×2 with a note and Okra ×1 at Patel Family Grocers (open, unless told), tip $5, ASAP unless a window is given, handed to checkout as the cart does. */
export function fillCartAndPendingOrder(scheduledWindow: ScheduledWindow | null = null, from: Store = store) {
  addToCart(store.id, dal)
  addToCart(store.id, dal)
  addToCart(store.id, okra)
  setComment(store.id, dal.id, 'Only the oily kind')
  setSubstitution(store.id, okra.id, 'best_match')
  savePendingOrder(
    buildPendingOrder({
      store: from,
      lines: readCart(store.id),
      tipCents: 500,
      scheduledWindow,
      deliveryAddress: { address: '1 Main St', city: 'Edison', state: 'NJ', zipCode: '08817' },
      deliveryInstructions: 'Ring the side door',
      now: new Date(),
    }),
  )
}

type Handler = (request: { body: any; url: URL }) => Answer | Promise<Answer>

/** The embedded gateway, authorizing any card, and checkout placing the order; each answer can be replaced. */
export function checkoutServer(overrides: Record<string, Handler> = {}) {
  return fakeApi({
    'GET /api/payments/config': () => [200, { gateway: 'embedded', publishableKey: null }],
    'POST /api/create-payment-intent': ({ body }) => [
      200,
      { clientSecret: `pi_for_${body.checkoutId}_secret_x`, paymentIntentId: `pi_for_${body.checkoutId}`, amount: body.amount },
    ],
    'POST /api/payments/embedded/confirm': ({ body }) => [200, { id: body.clientSecret.split('_secret_')[0], status: 'requires_capture' }],
    'POST /api/confirm-payment-and-create-order': () => [200, { order: placed }],
    ...overrides,
  })
}

export async function openCheckout(clock?: ManualClock) {
  const rendered = renderScreen(CheckoutPage, { path: '/checkout', user: aBuyer(), clock })
  await screen.findByRole('heading', { level: 1, name: 'Checkout' })
  return rendered
}

export const placeOrderButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /^(Place Order - |Processing Payment)/ })

/** Fills the card form by tapping a Promo Mode test card. */
export async function pickTestCard(number: string) {
  const promo = within(await screen.findByRole('region', { name: /Promo Mode/ }))
  fireEvent.click(promo.getByRole('button', { name: new RegExp(`^${number}`) }))
}

/** The JSON bodies sent to one route, in order. */
export const bodiesSentTo = (api: ReturnType<typeof fakeApi>, route: string) => api.callsTo(route).map((call) => call.body as Record<string, any>)

export const toast = () => within(screen.getByRole('region', { name: 'Notifications' }))
