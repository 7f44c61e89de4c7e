import { beforeEach, describe, expect, test } from 'bun:test'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { addToCart, clearCart, readCart, setComment } from '../features/cart/cart-storage'
import { PENDING_ORDER_KEY } from '../features/cart/pending-order'
import { cacheStore, readCachedStore } from '../features/catalog/store-cache'
import { fakeApi } from '../testing/fake-api'
import { aBuyer, anItem, aStore } from '../testing/fixtures'
import { manualClock } from '../testing/manual-clock'
import { renderScreen } from '../testing/render-screen'
import { button } from '../testing/screen-queries'
import { someWindows } from '../testing/window-fixtures'
import { CartPage } from './cart'

const store = aStore()
const dal = anItem({ id: 'i-dal', name: 'Toor Dal (4 lb)', unit: 'bag', price: '7.99', priceUnit: 'per bag' })
const okra = anItem({ id: 'i-okra', name: 'Okra (Bhindi)', unit: 'lb', price: '3.49', priceUnit: 'per lb', isEstimatedPrice: true })
const leaves = anItem({ id: 'i-leaves', name: 'Curry Leaves', unit: 'bunch', price: null, priceUnit: null })

beforeEach(() => {
  localStorage.clear()
  cacheStore({ ...store, distance: 4.7 } as typeof store)
})

const line = (name: string) => screen.getByText(name, { selector: '.cart-line .item-line__name' }).closest('li')!
const lineNames = () => Array.from(document.querySelectorAll('.cart-line .item-line__name')).map((node) => node.textContent)
const placeOrder = () => screen.getByRole<HTMLButtonElement>('button', { name: /^Checkout - / })
const sum = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent

async function openCart(url = `/cart?storeId=${store.id}`) {
  const rendered = renderScreen(CartPage, { path: '/cart', url, user: aBuyer() })
  await screen.findByRole('heading', { level: 1, name: 'Your Cart' })
  return rendered
}

/** Toor Dal ×2 with a note, and Okra ×1. */
function fillCart() {
  addToCart(store.id, dal)
  addToCart(store.id, dal)
  addToCart(store.id, okra)
  setComment(store.id, dal.id, 'Only the oily kind')
}

describe('cart /cart?storeId={id}', () => {
  test('shows the store with its address, distance and phone, and each line with unit, price and quantity', async () => {
    fillCart()
    await openCart()
    const storeCard = within(screen.getByRole('region', { name: 'Store' }))
    expect(storeCard.getByText(store.name)).toBeDefined()
    expect(storeCard.getByText(/1710 Oak Tree Rd, Edison, NJ 08820/).textContent).toContain('4.7 miles away')
    expect(storeCard.getByRole('link', { name: '(732) 555-0142' }).getAttribute('href')).toBe('tel:7325550142')

    expect(screen.getByRole('heading', { name: '2 items (3 units)' })).toBeDefined()
    expect(lineNames()).toEqual([dal.name, okra.name])
    expect(line(dal.name).textContent).toContain('$7.99 per bag (est.)')
    expect(within(line(dal.name)).getByRole('status').textContent).toBe('2')
    expect(line(dal.name).textContent).toContain('Note: Only the oily kind')
    expect(screen.getByRole('link', { name: 'Back to Patel Family Grocers' }).getAttribute('href')).toBe(`/store/${store.id}`)
  })

  test('plus adds one, minus takes one off, and minus at 1 removes the line', async () => {
    fillCart()
    await openCart()
    fireEvent.click(button(`Increase ${okra.name}`))
    await waitFor(() => expect(within(line(okra.name)).getByRole('status').textContent).toBe('2'))
    fireEvent.click(button(`Decrease ${okra.name}`))
    fireEvent.click(button(`Decrease ${okra.name}`))
    await waitFor(() => expect(lineNames()).toEqual([dal.name]))
    expect(readCart(store.id).map((cartLine) => [cartLine.id, cartLine.quantity])).toEqual([[dal.id, 2]])
    expect(screen.getByRole('heading', { name: '1 item (2 units)' })).toBeDefined()
  })

  test("'Add note for runner' opens a note that is saved as the line's comment as it is typed", async () => {
    fillCart()
    await openCart()
    const toggle = within(line(okra.name)).getByRole('button', { name: 'Add note for runner' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    fireEvent.change(within(line(okra.name)).getByLabelText('Note for runner'), { target: { value: 'Tender ones, please' } })
    expect(readCart(store.id).find((cartLine) => cartLine.id === okra.id)?.comment).toBe('Tender ones, please')

    fireEvent.click(toggle)
    expect(line(okra.name).textContent).toContain('Note: Tender ones, please')
    expect(toggle.textContent).toBe('Edit note')
  })

  test("each line offers 'If out of stock': Contact me unless changed, and the choice is kept in the cart", async () => {
    fillCart()
    await openCart()
    const choice = within(line(okra.name)).getByLabelText<HTMLSelectElement>('If out of stock (Okra (Bhindi))')
    expect(choice.value).toBe('contact_me')
    expect(Array.from(choice.options).map((option) => option.textContent)).toEqual(['Best match', 'Contact me', 'Skip it'])
    fireEvent.change(choice, { target: { value: 'skip' } })
    expect(readCart(store.id).map((cartLine) => cartLine.substitution)).toEqual(['contact_me', 'skip'])
  })

  test('Remove takes a line out whatever its quantity', async () => {
    fillCart()
    await openCart()
    fireEvent.click(button(`Remove ${dal.name}`))
    await waitFor(() => expect(lineNames()).toEqual([okra.name]))
    expect(readCart(store.id).map((cartLine) => cartLine.id)).toEqual([okra.id])
  })

  test("Clear Cart asks first: 'Keep Items' keeps everything, confirming empties the cart and shows 'Your cart is empty' with Add Items", async () => {
    fillCart()
    await openCart()
    fireEvent.click(button('Clear Cart'))
    let dialog = within(screen.getByRole('dialog', { name: 'Clear Cart?' }))
    expect(dialog.getByText(/All 2 items \(3 units\) and your notes for the runner will be removed/)).toBeDefined()
    fireEvent.click(dialog.getByRole('button', { name: 'Keep Items' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(readCart(store.id)).toHaveLength(2)

    fireEvent.click(button('Clear Cart'))
    dialog = within(screen.getByRole('dialog', { name: 'Clear Cart?' }))
    fireEvent.click(dialog.getByRole('button', { name: 'Clear Cart' }))
    await screen.findByText('Your cart is empty')
    expect(readCart(store.id)).toEqual([])
    expect(screen.getByRole('link', { name: 'Add Items' }).getAttribute('href')).toBe(`/store/${store.id}`)
    expect(screen.queryByRole('button', { name: /^Checkout/ })).toBeNull()
  })

  test('an empty cart shows the empty state and no totals', async () => {
    await openCart()
    await screen.findByText('Your cart is empty')
    expect(screen.getByRole('link', { name: 'Add Items' }).getAttribute('href')).toBe(`/store/${store.id}`)
    expect(screen.queryByText('Fees & Tip')).toBeNull()
  })

  test('Fees & Tip: the $2.00 fee, presets $0 $2 $5 $10 and Custom; the total to pay now is fee plus tip', async () => {
    fillCart()
    await openCart()
    const tips = within(screen.getByRole('group', { name: 'Tip for your runner' }))
    expect(tips.getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual(['$0', '$2', '$5', '$10', 'Custom'])
    expect(tips.getByRole<HTMLInputElement>('radio', { name: '$0' }).checked).toBe(true)
    expect(sum('Platform fee')).toBe('$2.00')
    expect(sum('Total to pay now')).toBe('$2.00')
    // Priced lines only: 2 × $7.99 + $3.49.
    expect(sum('Estimated groceries (paid to your runner at delivery)')).toBe('$19.47')
    expect(placeOrder().textContent).toBe('Checkout - $2.00')

    fireEvent.click(tips.getByRole('radio', { name: '$5' }))
    expect(sum('Tip')).toBe('$5.00')
    expect(sum('Total to pay now')).toBe('$7.00')
    expect(placeOrder().textContent).toBe('Checkout - $7.00')

    fireEvent.click(tips.getByRole('radio', { name: '$10' }))
    expect(placeOrder().textContent).toBe('Checkout - $12.00')
  })

  test("a custom tip is read as dollars; 'abc' and -5 count as $0 and say so, and so does a tip over the $500.00 maximum", async () => {
    fillCart()
    await openCart()
    fireEvent.click(screen.getByRole('radio', { name: 'Custom' }))
    const amount = screen.getByLabelText('Custom tip amount')
    fireEvent.change(amount, { target: { value: '3.50' } })
    expect(placeOrder().textContent).toBe('Checkout - $5.50')
    expect(amount.getAttribute('aria-invalid')).toBe('false')

    const hints = {
      abc: 'Enter an amount like 5 or 7.50. Until then the tip counts as $0.00.',
      '-5': 'Enter an amount like 5 or 7.50. Until then the tip counts as $0.00.',
      '1000000': 'Tips go up to $500.00. Until then the tip counts as $0.00.',
    }
    for (const [typed, hint] of Object.entries(hints)) {
      fireEvent.change(amount, { target: { value: typed } })
      expect(sum('Tip')).toBe('$0.00')
      expect(sum('Total to pay now')).toBe('$2.00')
      expect(placeOrder().textContent).toBe('Checkout - $2.00')
      expect(amount.getAttribute('aria-invalid')).toBe('true')
      expect(document.getElementById(amount.getAttribute('aria-describedby')!)?.textContent).toBe(hint)
    }
    fireEvent.change(amount, { target: { value: '500' } })
    expect(placeOrder().textContent).toBe('Checkout - $502.00')
    expect(amount.getAttribute('aria-describedby')).toBeNull()
  })

  test('the tip, the delivery type and the instructions come back with the cart, and go when it is emptied', async () => {
    fillCart()
    await openCart()
    fireEvent.click(screen.getByRole('radio', { name: 'Custom' }))
    fireEvent.change(screen.getByLabelText('Custom tip amount'), { target: { value: '1000000' } })
    fireEvent.change(screen.getByLabelText('Delivery instructions (optional)'), { target: { value: 'Side door, ring twice' } })
    cleanup()

    await openCart()
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Custom' }).checked).toBe(true)
    expect(screen.getByLabelText<HTMLInputElement>('Custom tip amount').value).toBe('1000000')
    expect(screen.getByText('Tips go up to $500.00. Until then the tip counts as $0.00.')).toBeDefined()
    expect(screen.getByLabelText<HTMLTextAreaElement>('Delivery instructions (optional)').value).toBe('Side door, ring twice')
    expect(within(screen.getByRole('region', { name: 'Delivery Schedule' })).getByRole<HTMLInputElement>('radio', { name: /ASAP/ }).checked).toBe(true)
    fireEvent.click(screen.getByRole('radio', { name: '$5' }))
    cleanup()

    await openCart()
    expect(placeOrder().textContent).toBe('Checkout - $7.00')
    // Emptied and filled again while the screen is open, as another tab would: the screen follows.
    act(() => {
      clearCart(store.id)
      fillCart()
    })
    await waitFor(() => expect(placeOrder().textContent).toBe('Checkout - $2.00'))
    expect(screen.getByLabelText<HTMLTextAreaElement>('Delivery instructions (optional)').value).toBe('')
  })

  test("Delivery Schedule: ASAP ('Typically Same Day') is chosen, and no windows are fetched until 'Schedule for later' is", async () => {
    fillCart()
    const api = fakeApi({ [`GET /api/stores/${store.id}/delivery-windows`]: () => [200, someWindows()] })
    await openCart()
    const schedule = within(screen.getByRole('region', { name: 'Delivery Schedule' }))
    const [asap, later] = schedule.getAllByRole<HTMLInputElement>('radio')
    expect(asap!.checked).toBe(true)
    expect(asap!.closest('label')!.textContent).toBe('ASAPTypically Same Day')
    expect(later!.disabled).toBe(false)
    expect(later!.closest('label')!.textContent).toBe('Schedule for laterChoose a 2-hour window')
    expect(schedule.queryByRole('group', { name: 'Delivery window' })).toBeNull()
    expect(api.calls).toHaveLength(0)
  })

  test("'Schedule for later' lists the store's windows; Checkout waits for one, then the pending order carries it", async () => {
    fillCart()
    fakeApi({ [`GET /api/stores/${store.id}/delivery-windows`]: () => [200, someWindows()] })
    await openCart()
    fireEvent.click(screen.getByRole('radio', { name: /^Schedule for later/ }))
    expect(placeOrder().disabled).toBe(true)
    expect(document.getElementById(placeOrder().getAttribute('aria-describedby')!)?.textContent).toBe('Choose a delivery window first.')
    const windows = within(await screen.findByRole('group', { name: 'Delivery window' }))
    expect(windows.getByRole<HTMLInputElement>('radio', { name: 'Fri 19:00–21:00 Full' }).disabled).toBe(true)
    fireEvent.click(windows.getByRole('radio', { name: 'Sat 10:00–12:00' }))
    expect(screen.getByRole('radio', { name: /^Schedule for later/ }).closest('label')!.textContent).toBe('Schedule for laterSat 10:00–12:00')
    expect(placeOrder().disabled).toBe(false)
    fireEvent.click(placeOrder())

    await screen.findByText('Screen at /checkout')
    expect(JSON.parse(localStorage.getItem(PENDING_ORDER_KEY)!)).toMatchObject({
      deliveryType: 'scheduled',
      scheduledFor: '2026-11-28T15:00:00.000Z',
      timeSlot: 'Sat 10:00–12:00',
    })
  })

  test('a closed store says so, and why, offers only windows with the soonest one tap away, and the pending order carries the one chosen', async () => {
    cacheStore({ ...store, openNow: false, nextChange: { at: '2026-11-28T14:00:00.000Z', opens: true }, closedFor: 'Family wedding' })
    fillCart()
    const api = fakeApi({ [`GET /api/stores/${store.id}/delivery-windows`]: () => [200, someWindows()] })
    // Friday 27 November, 10 PM in Edison.
    renderScreen(CartPage, { path: '/cart', url: `/cart?storeId=${store.id}`, user: aBuyer(), clock: manualClock(Date.parse('2026-11-28T03:00:00.000Z')) })
    await screen.findByRole('heading', { level: 1, name: 'Your Cart' })
    expect(within(screen.getByRole('region', { name: 'Store' })).getByText('Closed today (Family wedding) · opens 9 AM tomorrow')).toBeDefined()
    const schedule = within(screen.getByRole('region', { name: 'Delivery Schedule' }))
    expect(schedule.getByRole('status').textContent).toBe(
      'Patel Family Grocers is closed today (Family wedding); it opens 9 AM tomorrow. Choose a delivery window instead.',
    )
    const [asap, later] = schedule.getAllByRole<HTMLInputElement>('radio')
    expect([asap!.disabled, asap!.checked, later!.checked]).toEqual([true, false, true])
    expect(asap!.closest('label')!.textContent).toBe('ASAPNot while the store is closed')
    expect(placeOrder().disabled).toBe(true)

    fireEvent.click(await schedule.findByRole('button', { name: 'Schedule Fri 17:00–19:00' }))
    expect(later!.closest('label')!.textContent).toBe('Schedule for laterFri 17:00–19:00')
    expect(schedule.queryByRole('button', { name: /^Schedule / })).toBeNull()
    expect(placeOrder().disabled).toBe(false)
    fireEvent.click(placeOrder())
    await screen.findByText('Screen at /checkout')
    expect(JSON.parse(localStorage.getItem(PENDING_ORDER_KEY)!)).toMatchObject({ deliveryType: 'scheduled', timeSlot: 'Fri 17:00–19:00' })
    expect(api.callsTo(`GET /api/stores/${store.id}/delivery-windows`)).toHaveLength(1)
  })

  test('an open store keeps ASAP, and its card says it is open', async () => {
    cacheStore({ ...store, nextChange: { at: '2026-11-28T02:00:00.000Z', opens: false } })
    fillCart()
    renderScreen(CartPage, { path: '/cart', url: `/cart?storeId=${store.id}`, user: aBuyer(), clock: manualClock(Date.parse('2026-11-27T20:00:00.000Z')) })
    await screen.findByRole('heading', { level: 1, name: 'Your Cart' })
    expect(within(screen.getByRole('region', { name: 'Store' })).getByText('Open · closes 9 PM')).toBeDefined()
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /^ASAP/ }).checked).toBe(true)
    expect(within(screen.getByRole('region', { name: 'Delivery Schedule' })).queryByRole('status')).toBeNull()
  })

  test('a window chosen and then ASAP again: the order goes ASAP', async () => {
    fillCart()
    fakeApi({ [`GET /api/stores/${store.id}/delivery-windows`]: () => [200, someWindows()] })
    await openCart()
    fireEvent.click(screen.getByRole('radio', { name: /^Schedule for later/ }))
    fireEvent.click(await screen.findByRole('radio', { name: 'Sat 12:00–14:00' }))
    fireEvent.click(screen.getByRole('radio', { name: /^ASAP/ }))
    fireEvent.click(placeOrder())
    await screen.findByText('Screen at /checkout')
    expect(JSON.parse(localStorage.getItem(PENDING_ORDER_KEY)!)).toMatchObject({ deliveryType: 'asap', scheduledFor: null, timeSlot: 'ASAP' })
  })

  test("'Checkout - $7.00' writes the pending order (lines, note, fee, tip, totals, profile address) and goes to /checkout", async () => {
    fillCart()
    addToCart(store.id, leaves)
    await openCart()
    fireEvent.click(screen.getByRole('radio', { name: '$5' }))
    fireEvent.change(screen.getByLabelText('Delivery instructions (optional)'), { target: { value: '  Ring the side door  ' } })
    expect(screen.getByText('1 Main St, Edison, NJ 08817')).toBeDefined()
    fireEvent.click(placeOrder())

    await screen.findByText('Screen at /checkout')
    const order = JSON.parse(localStorage.getItem(PENDING_ORDER_KEY)!)
    expect(order.items.map((item: { id: string; quantity: number; comment: string }) => [item.id, item.quantity, item.comment])).toEqual([
      [dal.id, 2, 'Only the oily kind'],
      [okra.id, 1, ''],
      [leaves.id, 1, ''],
    ])
    expect(order).toMatchObject({
      storeId: store.id,
      storeName: store.name,
      storeAddress: store.address,
      storePhone: store.phone,
      platformFee: '2.00',
      tip: '5.00',
      totalAmount: '7.00',
      estimatedGroceryCost: '19.47',
      deliveryType: 'asap',
      timeSlot: 'ASAP',
      deliveryAddress: '1 Main St, Edison, NJ 08817',
      deliveryInstructions: 'Ring the side door',
    })
    expect(Date.now() - Date.parse(order.timestamp)).toBeLessThan(60_000)
  })

  test('a store this browser has not cached is fetched from GET /api/stores/{id} and cached, its distance measured from home', async () => {
    localStorage.clear()
    addToCart(store.id, dal)
    const api = fakeApi({ [`GET /api/stores/${store.id}`]: () => [200, store] })
    await openCart()
    const storeCard = within(await screen.findByRole('region', { name: 'Store' }))
    await storeCard.findByText(store.name)
    expect(storeCard.getByText(/1710 Oak Tree Rd/).textContent).toContain('4.7 miles away')
    expect(api.calls.map((call) => call.path)).toEqual([`/api/stores/${store.id}`])
    await waitFor(() => expect(readCachedStore(store.id)?.name).toBe(store.name))
    expect(placeOrder().disabled).toBe(false)
  })
})
