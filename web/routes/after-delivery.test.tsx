import { describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Order } from '../../modules/orders/contract'
import type { Problem } from '../../modules/trust/contract'
import { fakeApi } from '../testing/fake-api'
import { followsOrderStreams } from '../testing/fake-event-source'
import { aBuyer } from '../testing/fixtures'
import { manualClock } from '../testing/manual-clock'
import { anAcceptedOrder } from '../testing/order-fixtures'
import { renderScreen } from '../testing/render-screen'
import { MyOrdersPage } from './my-orders'
import { OrderTrackingPage } from './order-tracking'

// After the door, as the buyer sees it: the runner's real figures, the rating prompt, and problem reports.
const DELIVERED_AT = '2026-01-05T10:52:00.000Z'
const delivered = anAcceptedOrder({ status: 'delivered', pickedUpAt: '2026-01-05T10:31:00.000Z', deliveredAt: DELIVERED_AT })
const soon = () => manualClock(Date.parse(DELIVERED_AT) + 60_000)

followsOrderStreams()

function openTracking(order: Order, problems: Problem[] = [], extra: Parameters<typeof fakeApi>[0] = {}, clock = soon()) {
  const server = fakeApi({
    [`GET /api/orders/${order.id}`]: () => [200, { order }],
    [`GET /api/orders/${order.id}/problems`]: () => [200, { problems }],
    ...extra,
  })
  renderScreen(OrderTrackingPage, { path: '/order/$id', url: `/order/${order.id}`, user: aBuyer(), clock })
  return server
}

const runnerCard = async () => (await screen.findByRole('region', { name: 'Your Runner' })).textContent ?? ''

describe("the runner card's figures", () => {
  test("a runner with 3 ratings or more: the server's average and their deliveries, never the spec's 4.9 and 127", async () => {
    openTracking(anAcceptedOrder({ runnerRating: { average: 4.6, count: 12, deliveries: 31 } }))
    await waitFor(async () => expect(await runnerCard()).toContain('★ 4.6 from 12 ratings · 31 deliveries'))
    for (const invented of ['4.9', '127']) expect(await runnerCard()).not.toContain(invented)
  })

  test("fewer than 3 ratings: 'New runner'", async () => {
    openTracking(anAcceptedOrder({ runnerRating: { average: null, count: 2, deliveries: 5 } }))
    await waitFor(async () => expect(await runnerCard()).toContain('New runner'))
  })
})

describe('the rating prompt', () => {
  test('after delivery: a radio group of 5 stars and a comment; sending posts the rating and says thanks', async () => {
    const rated = { ...delivered, myRating: { stars: 4, comment: 'Quick and careful', createdAt: DELIVERED_AT } }
    const server = openTracking(delivered, [], { [`POST /api/orders/${delivered.id}/rating`]: () => [201, { order: rated }] })
    const prompt = within(await screen.findByRole('region', { name: 'Rate this delivery' }))
    const group = prompt.getByRole('group', { name: 'How was Ravi?' })
    expect(within(group).getAllByRole('radio')).toHaveLength(5)
    fireEvent.click(prompt.getByRole('button', { name: 'Send Rating' }))
    expect(prompt.getByRole('alert').textContent).toBe('Choose 1 to 5 stars')
    fireEvent.click(within(group).getByRole('radio', { name: '4 stars' }))
    fireEvent.change(prompt.getByLabelText('Comment (optional)'), { target: { value: 'Quick and careful' } })
    fireEvent.click(prompt.getByRole('button', { name: 'Send Rating' }))
    expect(await screen.findByText('Thanks for your rating.')).toBeDefined()
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ stars: 4, comment: 'Quick and careful' })
  })

  test("'Not now' puts it away, and My Orders keeps a Rate action that opens it again", async () => {
    openTracking(delivered)
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }))
    expect(screen.queryByRole('region', { name: 'Rate this delivery' })).toBeNull()
    cleanup()
    openTracking(delivered)
    await screen.findByRole('region', { name: 'Your Runner' })
    expect(screen.queryByRole('region', { name: 'Rate this delivery' })).toBeNull()
    cleanup()

    fakeApi({
      'GET /api/orders': () => [
        200,
        [delivered, { ...delivered, id: 'order-rated-0000RATED001', myRating: { stars: 5, comment: null, createdAt: DELIVERED_AT } }],
      ],
    })
    renderScreen(MyOrdersPage, { path: '/orders', user: aBuyer(), clock: soon() })
    const card = await screen.findByRole('article', { name: 'Order #1234ABCD' })
    expect(within(screen.getByRole('article', { name: 'Order #RATED001' })).queryByRole('button', { name: /^Rate/ })).toBeNull()
    fireEvent.click(within(card).getByRole('button', { name: 'Rate Order #1234ABCD' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Rate Order #1234ABCD' }))
    expect(dialog.getAllByRole('radio')).toHaveLength(5)
  })

  test('not once the order has been rated, nor 7 days after delivery', async () => {
    openTracking({ ...delivered, myRating: { stars: 5, comment: null, createdAt: DELIVERED_AT } })
    await screen.findByRole('region', { name: 'Your Runner' })
    expect(screen.queryByRole('region', { name: 'Rate this delivery' })).toBeNull()
    cleanup()
    openTracking(delivered, [], {}, manualClock(Date.parse(DELIVERED_AT) + 7 * 24 * 60 * 60_000))
    await screen.findByRole('region', { name: 'Your Runner' })
    expect(screen.queryByRole('region', { name: 'Rate this delivery' })).toBeNull()
  })
})

describe('the ratings given', () => {
  const mine = { stars: 5, comment: 'Kept the eggs safe', createdAt: DELIVERED_AT }

  test("once rated: what the buyer gave, and the runner's rating only once the server lets it out", async () => {
    openTracking({ ...delivered, myRating: mine })
    const ratings = within(await screen.findByRole('region', { name: 'Ratings' }))
    expect(ratings.getByText('You rated Ravi')).toBeDefined()
    expect(ratings.getByRole('img', { name: '5 of 5 stars' })).toBeDefined()
    expect(ratings.getByText('Kept the eggs safe')).toBeDefined()
    expect(ratings.getByText('Not yet: you will see it here once they have.')).toBeDefined()
    cleanup()

    openTracking({ ...delivered, myRating: mine, theirRating: { stars: 4, comment: 'Friendly', createdAt: DELIVERED_AT } })
    const both = within(await screen.findByRole('region', { name: 'Ratings' }))
    expect(both.getByText('Ravi rated you')).toBeDefined()
    expect(both.getByRole('img', { name: '4 of 5 stars' })).toBeDefined()
    expect(both.getByText('Friendly')).toBeDefined()
  })
})

describe('problem reports', () => {
  const open: Problem = {
    id: 'problem-1',
    orderId: delivered.id,
    kind: 'missing_items',
    details: 'No curry leaves',
    reportedBy: 'buyer',
    status: 'resolved',
    resolution: 'Refunded the tip',
    refund: { amount: '5.00' },
    photoUrl: null,
    createdAt: DELIVERED_AT,
    resolvedAt: DELIVERED_AT,
  }

  test('the list says each report and its status; the form asks for a kind and details, then sends them', async () => {
    const made: Problem = {
      ...open,
      id: 'problem-2',
      kind: 'damaged',
      details: 'The eggs broke',
      status: 'open',
      resolution: null,
      refund: null,
      resolvedAt: null,
    }
    const server = openTracking(delivered, [open], { [`POST /api/orders/${delivered.id}/problems`]: () => [201, { problem: made }] })
    const card = within(await screen.findByRole('region', { name: 'Problems' }))
    const listed = within(await card.findByRole('list', { name: 'Reported problems' }))
    expect(listed.getByText('Items missing')).toBeDefined()
    expect(listed.getByText('Resolved')).toBeDefined()
    expect(listed.getByText('Refunded $5.00 to the card')).toBeDefined()

    fireEvent.click(card.getByRole('button', { name: 'Report a problem' }))
    const form = within(card.getByRole('form', { name: 'Report a problem' }))
    expect(form.queryByRole('option', { name: 'Could not reach the buyer' })).toBeNull()
    fireEvent.click(form.getByRole('button', { name: 'Send Report' }))
    expect(form.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Choose what went wrong', 'Say what happened'])
    fireEvent.change(form.getByLabelText('What went wrong?'), { target: { value: 'damaged' } })
    fireEvent.change(form.getByLabelText('Details'), { target: { value: 'The eggs broke' } })
    fireEvent.click(form.getByRole('button', { name: 'Send Report' }))
    expect(await card.findByText('Thanks. Kirana support will look into it, and the other party has been told.')).toBeDefined()
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ kind: 'damaged', details: 'The eggs broke' })
  })
})
