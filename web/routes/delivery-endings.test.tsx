import { describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { deliveryServer, openDelivery, openShopping, order, orderPath, pickUp } from '../testing/delivery-screen'
import { fakeApi } from '../testing/fake-api'
import { followsOrderStreams } from '../testing/fake-event-source'
import { anAcceptedOrder, refundedInFull } from '../testing/order-fixtures'
import { toasts } from '../testing/screen-queries'

followsOrderStreams()

test('with nothing ticked, picking up asks to confirm that nothing was found, and the order ends cancelled with the customer refunded', async () => {
  const nothing = refundedInFull(order, 'nothing_found', {
    cancelledAt: '2026-01-05T10:30:00.000Z',
    items: order.items.map((item) => ({ ...item, state: 'not_found', isDelivered: false })),
  })
  const server = fakeApi({
    [`GET ${orderPath}`]: () => [200, { order: server.callsTo(`POST ${orderPath}/nothing-found`).length > 0 ? nothing : order }],
    [`POST ${orderPath}/nothing-found`]: () => [200, { order: nothing }],
  })
  await openShopping()
  fireEvent.change(screen.getByLabelText('Actual grocery total (optional)'), { target: { value: '12.00' } })
  pickUp()
  const dialog = within(screen.getByRole('dialog', { name: 'Nothing found?' }))
  dialog.getByText('None of the items is ticked. Confirming ends the order as nothing found: it is cancelled, not delivered.')
  dialog.getByText('Asha is told and gets the $7.00 fee and tip back in full, so there are no earnings for this order. Nobody pays for groceries.')
  fireEvent.click(dialog.getByRole('button', { name: 'Confirm Nothing Found' }))

  await screen.findByText('Nothing found', { selector: '.delivery-status__title' })
  screen.getByText(
    'You found none of the items, so the order is cancelled, not delivered. The customer gets the $7.00 fee and tip back in full, so there are no earnings for it, and nobody pays for groceries.',
  )
  await toasts().findByText('Order Ended: Nothing Found')
  expect(server.callsTo(`POST ${orderPath}/nothing-found`)).toHaveLength(1)
  expect(server.callsTo(`PATCH ${orderPath}/status`)).toHaveLength(0)
  // Nothing is earned, so no earnings are shown; nothing is left to do but go back.
  expect(screen.queryByRole('region', { name: 'Your Earnings' })).toBeNull()
  expect(screen.queryByRole('button', { name: 'MARK AS PICKED UP' })).toBeNull()
  expect(screen.queryByRole('button', { name: "Can't do this order" })).toBeNull()
  expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/runner')
  expect(localStorage.getItem(`delivery_grocery_total_${order.id}`)).toBeNull()
})

test('an order the customer cancelled because it was not picked up in time says so, and what became of the money', async () => {
  deliveryServer(refundedInFull(order, 'runner_no_show'))
  await openDelivery()
  await screen.findByText('Cancelled: not picked up in time', { selector: '.delivery-status__title' })
  screen.getByText(
    'Asha cancelled it because it was not picked up within 2 hours of your accepting it. They get the $7.00 fee and tip back in full, so there are no earnings for it. There is nothing more to do for it.',
  )
  expect(screen.queryByText('This order was cancelled')).toBeNull()
})

describe("'Can't do this order'", () => {
  // Given up, the order goes back to the offers with its fee and tip captured; one whose grocery hold is too old ends refunded.
  const reoffered = anAcceptedOrder({ status: 'pending_runner_acceptance', runnerId: null, acceptedAt: null, runnerFirstName: null, runnerLastName: null })
  const givenUp = refundedInFull(order, 'runner_released')

  test('asks first, saying the order goes to other runners, the customer may cancel for a full refund, and how giving up leads to a pause', async () => {
    const server = fakeApi({ [`GET ${orderPath}`]: () => [200, { order }], [`POST ${orderPath}/release`]: () => [200, { order: reoffered }] })
    await openShopping()
    fireEvent.click(screen.getByRole('button', { name: "Can't do this order" }))
    const dialog = within(screen.getByRole('dialog', { name: 'Give up this order?' }))
    dialog.getByText(
      "Order #1234ABCD goes back to other runners, and you can't take it again. Asha is told they're getting another runner, and can cancel for a full refund of the $7.00 fee and tip; if no runner takes it in time, it is cancelled and refunded in full.",
    )
    expect(screen.getByText('Until you pick it up, you can give the order up. It goes back to other runners.')).toBeDefined()
    dialog.getByText("Giving up counts towards a pause: give up more than 3 orders in 7 days and you can't accept new orders for 24 hours.")
    expect(document.activeElement?.textContent).toBe('Keep Order')
    fireEvent.click(dialog.getByRole('button', { name: 'Keep Order' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(server.callsTo(`POST ${orderPath}/release`)).toHaveLength(0)
  })

  test('given up, the runner lands on the dashboard with a toast saying the order went to other runners', async () => {
    const server = fakeApi({ [`GET ${orderPath}`]: () => [200, { order }], [`POST ${orderPath}/release`]: () => [200, { order: reoffered }] })
    await openShopping()
    fireEvent.click(screen.getByRole('button', { name: "Can't do this order" }))
    fireEvent.click(screen.getByRole('button', { name: 'Give Up Order' }))
    await screen.findByText('Screen at /runner')
    await toasts().findByText('Order Given Up')
    toasts().getByText('Order #1234ABCD goes back to other runners. Asha has been told.')
    expect(server.callsTo(`POST ${orderPath}/release`)).toHaveLength(1)
  })

  test('an order the server ended instead (its grocery hold too old to offer again): the toast says it is cancelled and refunded', async () => {
    fakeApi({ [`GET ${orderPath}`]: () => [200, { order }], [`POST ${orderPath}/release`]: () => [200, { order: givenUp }] })
    await openShopping()
    fireEvent.click(screen.getByRole('button', { name: "Can't do this order" }))
    fireEvent.click(screen.getByRole('button', { name: 'Give Up Order' }))
    await toasts().findByText('Order #1234ABCD is cancelled. Asha gets the $7.00 fee and tip back and has been told.')
  })

  test("a refusal is toasted with the server's reason, and the runner stays on the order", async () => {
    fakeApi({
      [`GET ${orderPath}`]: () => [200, { order }],
      [`POST ${orderPath}/release`]: () => [409, { code: 'INVALID_TRANSITION', message: 'This order cannot go from picked up to cancelled.' }],
    })
    await openShopping()
    fireEvent.click(screen.getByRole('button', { name: "Can't do this order" }))
    fireEvent.click(screen.getByRole('button', { name: 'Give Up Order' }))
    await toasts().findByText('Could Not Give Up Order')
    toasts().getByText('This order cannot go from picked up to cancelled.')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByText('Time to shop')).toBeDefined()
  })

  test('is offered only before pick-up; a given-up order says so', async () => {
    deliveryServer(anAcceptedOrder({ status: 'picked_up', pickedUpAt: '2026-01-05T10:30:00.000Z' }))
    await openDelivery()
    await screen.findByRole('button', { name: 'MARK AS DELIVERED' })
    expect(screen.queryByRole('button', { name: "Can't do this order" })).toBeNull()
    cleanup()

    deliveryServer(givenUp)
    await openDelivery()
    await screen.findByText('You gave up this order', { selector: '.delivery-status__title' })
    screen.getByText('It is cancelled, and the customer gets the $7.00 fee and tip back in full.')
    expect(screen.queryByRole('button', { name: "Can't do this order" })).toBeNull()
  })

  test("a given-up order's list says no line was found or shopped, never '✓ Found'", async () => {
    deliveryServer(givenUp)
    await openDelivery()
    await screen.findByText('You gave up this order', { selector: '.delivery-status__title' })
    const list = within(screen.getByRole('region', { name: 'Shopping List' }))
    expect(list.getByText(`0 of ${givenUp.items.length} found`)).toBeDefined()
    expect(list.queryByText('Found')).toBeNull()
    expect(list.getAllByText('Not shopped')).toHaveLength(givenUp.items.length)
  })
})
