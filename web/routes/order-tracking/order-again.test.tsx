import { describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import type { Order } from '../../../modules/orders/contract'
import { type CartLine, readCart, restoreCart } from '../../features/cart/cart-storage'
import { anItem } from '../../testing/fixtures'
import { openTracking } from '../../testing/open-tracking'
import { aDeliveredOrder, anAcceptedOrder, aPickedUpOrder } from '../../testing/order-fixtures'
import { toasts } from '../../testing/screen-queries'

const accepted = anAcceptedOrder()
const pickedUp = aPickedUpOrder()
const delivered = aDeliveredOrder()

const cartLineOf = (item: Order['items'][number]): CartLine => ({
  id: item.id,
  name: item.name,
  unit: item.unit,
  quantity: item.quantity,
  price: item.price,
  priceUnit: item.priceUnit,
  isEstimatedPrice: item.isEstimatedPrice,
  comment: item.comment,
  substitution: item.substitutionPreference,
})

/** The store's shelves today, as GET /api/items answers them: the order's lines, at today's prices, less `dropped`. */
const shelvesOf = (order: Order, { dropped = [] as string[] } = {}) =>
  order.items.filter((item) => !dropped.includes(item.id)).map((item) => anItem({ id: item.id, name: item.name, unit: item.unit, price: '9.49' }))

describe("'Order again' on an ended order", () => {
  test("after the card was declined at the charge, it puts the order's items back in that store's cart", async () => {
    const declined: Order = { ...accepted, status: 'cancelled', cancelReason: 'capture_failed', paymentStatus: 'capture_failed' }
    await openTracking(declined, undefined, { 'GET /api/items': () => [200, shelvesOf(declined)] })
    localStorage.clear()
    const region = within(screen.getByRole('region', { name: 'Order again' }))
    region.getByText('Put the same items back in your cart and check out with another card.')
    fireEvent.click(region.getByRole('button', { name: 'Order again' }))
    await screen.findByText(`Screen at /cart?storeId=${declined.storeId}`)
    expect(readCart(declined.storeId).map(({ id, quantity, comment, substitution }) => ({ id, quantity, comment, substitution }))).toEqual(
      declined.items.map(({ id, quantity, comment, substitutionPreference }) => ({ id, quantity, comment, substitution: substitutionPreference })),
    )
    localStorage.clear()
  })

  test("after a delivery, at today's prices; an item no longer sold is left out and the buyer told; what is in the cart stays", async () => {
    const [dal, okra, leaves] = delivered.items
    const { server } = await openTracking(delivered, undefined, { 'GET /api/items': () => [200, shelvesOf(delivered, { dropped: [okra!.id] })] })
    localStorage.clear()
    restoreCart(delivered.storeId, [{ ...cartLineOf(dal!), quantity: 5 }])
    fireEvent.click(within(screen.getByRole('region', { name: 'Order again' })).getByRole('button', { name: 'Order again' }))
    await screen.findByText(`Screen at /cart?storeId=${delivered.storeId}`)
    expect(server.callsTo('GET /api/items')[0]?.url.searchParams.get('storeId')).toBe(delivered.storeId)
    expect(readCart(delivered.storeId).map(({ id, quantity, price }) => ({ id, quantity, price }))).toEqual([
      { id: dal!.id, quantity: 5, price: dal!.price },
      { id: leaves!.id, quantity: leaves!.quantity, price: '9.49' },
    ])
    toasts().getByText('One item left out')
    toasts().getByText(`${delivered.storeName} no longer sells ${okra!.name}, so it is not in your cart.`)
    localStorage.clear()
  })

  test('is not offered while the order is under way, nor to anyone but its buyer', async () => {
    await openTracking(pickedUp)
    expect(screen.queryByRole('region', { name: 'Order again' })).toBeNull()
    cleanup()
    await openTracking({ ...delivered, buyerId: 'someone-else' })
    expect(screen.queryByRole('region', { name: 'Order again' })).toBeNull()
  })
})
