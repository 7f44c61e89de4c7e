import { describe, expect, test } from 'bun:test'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Order, OrderItemView } from '../../modules/orders/contract'
import { deferred, fakeApi } from '../testing/fake-api'
import { followsOrderStreams } from '../testing/fake-event-source'
import { aBuyer } from '../testing/fixtures'
import { manualClock } from '../testing/manual-clock'
import { anAcceptedOrder, aRunner } from '../testing/order-fixtures'
import { renderScreen } from '../testing/render-screen'
import { ActiveDeliveryPage } from './active-delivery'
import { OrderTrackingPage } from './order-tracking'

const order = anAcceptedOrder()
const dalPath = `/api/orders/${order.id}/items/line-dal`
const withDal = (dal: Partial<OrderItemView>): Order => ({ ...order, items: order.items.map((item) => (item.id === 'line-dal' ? { ...item, ...dal } : item)) })
/** Proposed at 10:05 on the manual clock's day: unanswered, it counts as a no at 10:10. */
const ANSWER_BY = '2026-01-05T10:10:00.000Z'
const proposed = withDal({
  state: 'substituted',
  substitution: { name: 'Swad Toor Dal (4 lb)', price: '8.49', note: 'Same size', status: 'proposed', answerBy: ANSWER_BY },
})

const trackingLine = (name: string) => screen.getByText(name, { selector: '.tracking-item__name' }).closest('li')!
const shoppingLine = (name: string) => screen.getByText(name, { selector: '.shopping-line__name' }).closest('li')!

const events = followsOrderStreams()

describe('substitutions on tracking', () => {
  test('a replacement proposed live waits for Approve or Reject; both are held while the answer is sent, and the approval shows', async () => {
    const answer = deferred<[number, unknown]>()
    const server = fakeApi({
      [`GET /api/orders/${order.id}`]: () => [200, { order }],
      [`POST ${dalPath}/substitution`]: () => answer.promise,
    })
    renderScreen(OrderTrackingPage, { path: '/order/$id', url: `/order/${order.id}`, user: aBuyer() })
    await screen.findByText('Toor Dal (4 lb)', { selector: '.tracking-item__name' })
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull()

    events.latest()!.push('order', proposed)
    const group = await screen.findByRole('group', { name: 'Replace Toor Dal (4 lb) with Swad Toor Dal (4 lb)?' })
    const dal = within(trackingLine('Toor Dal (4 lb)'))
    expect(dal.getByText('Swad Toor Dal (4 lb)').closest('.replacement-note')?.textContent).toBe(
      'Replacement: Swad Toor Dal (4 lb) · $8.49“Same size”Waiting for you to answer',
    )
    fireEvent.click(within(group).getByRole('button', { name: 'Approve' }))
    await within(group).findByRole('button', { name: 'Approving...' })
    expect(within(group).getByRole<HTMLButtonElement>('button', { name: 'Reject' }).disabled).toBe(true)
    expect(server.callsTo(`POST ${dalPath}/substitution`)[0]?.body).toEqual({ decision: 'approve' })

    answer.resolve([
      200,
      { order: withDal({ state: 'substituted', substitution: { ...proposed.items[0]!.substitution!, status: 'approved', answerBy: null } }) },
    ])
    await waitFor(() => expect(dal.getByText('Approved')).toBeDefined())
    expect(screen.queryByRole('group', { name: /^Replace / })).toBeNull()
  })

  test('a replacement proposed live shows at the top of tracking and as a toast, with its name and price, counting down to its 5 minutes', async () => {
    const clock = manualClock(Date.parse('2026-01-05T10:06:00.000Z'))
    fakeApi({ [`GET /api/orders/${order.id}`]: () => [200, { order }] })
    renderScreen(OrderTrackingPage, { path: '/order/$id', url: `/order/${order.id}`, user: aBuyer(), clock })
    await screen.findByText('Toor Dal (4 lb)', { selector: '.tracking-item__name' })
    expect(screen.queryByRole('region', { name: /suggests a replacement/ })).toBeNull()

    events.latest()!.push('order', proposed)
    const request = await screen.findByRole('region', { name: 'Ravi suggests a replacement' })
    expect(document.querySelector('.tracking-layout')!.firstElementChild).toBe(request)
    expect(request.textContent).toContain('The store has no Toor Dal (4 lb). Ravi suggests Swad Toor Dal (4 lb) ($8.49).')
    expect(within(request).getByRole('timer').textContent).toBe('Answer within 4m 00s, or it counts as a no and Toor Dal (4 lb) is left out.')
    expect(within(request).getByRole('group', { name: 'Replace Toor Dal (4 lb) with Swad Toor Dal (4 lb)?' })).toBeDefined()
    const toast = (await screen.findByText('Replace Toor Dal (4 lb)?', { selector: '.toast__title' })).closest('.toast')!
    expect(toast.textContent).toContain('Ravi suggests Swad Toor Dal (4 lb) ($8.49). Answer at the top of this page.')

    clock.advance(3 * 60_000 + 30_000)
    expect(within(request).getByRole('timer').textContent).toBe('Answer within 30s, or it counts as a no and Toor Dal (4 lb) is left out.')
    clock.advance(30_000)
    expect(within(request).getByRole('timer').textContent).toBe('No answer yet: unless you approve it before Ravi picks up, Toor Dal (4 lb) is left out.')
  })

  test('Reject leaves the line not available; a refusal is said plainly', async () => {
    let reply: [number, unknown] = [409, { message: 'This replacement is not waiting for an answer any more.', code: 'SUBSTITUTION_NOT_PENDING' }]
    fakeApi({
      [`GET /api/orders/${order.id}`]: () => [200, { order: proposed }],
      [`POST ${dalPath}/substitution`]: () => reply,
    })
    renderScreen(OrderTrackingPage, { path: '/order/$id', url: `/order/${order.id}`, user: aBuyer() })
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }))
    expect((await screen.findByRole('alert')).textContent).toBe('This replacement is not waiting for an answer any more.')

    reply = [200, { order: withDal({ state: 'not_found', substitution: { ...proposed.items[0]!.substitution!, status: 'rejected', answerBy: null } }) }]
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    const dal = within(trackingLine('Toor Dal (4 lb)'))
    await dal.findByText('Rejected')
    expect(dal.getByText('Not available at store')).toBeDefined()
  })
})

describe("the runner's marks on the active delivery", () => {
  function markServer() {
    let stored = order
    return fakeApi({
      [`GET /api/orders/${order.id}`]: () => [200, { order: stored }],
      [`PATCH ${dalPath}`]: ({ body }) => {
        stored =
          body.state === 'substituted'
            ? withDal({
                state: 'substituted',
                substitution: {
                  name: body.replacement.name,
                  price: body.replacement.price ?? null,
                  note: body.replacement.note,
                  status: 'proposed',
                  answerBy: ANSWER_BY,
                },
              })
            : withDal({ state: body.state })
        return [200, { order: stored }]
      },
    })
  }

  async function openDal() {
    renderScreen(ActiveDeliveryPage, { path: '/delivery/$id', url: `/delivery/${order.id}`, user: aRunner() })
    await screen.findByText('Toor Dal (4 lb)', { selector: '.shopping-line__name' })
    expect(within(shoppingLine('Toor Dal (4 lb)')).getByText('If missing: ask the customer before replacing')).toBeDefined()
    fireEvent.click(within(shoppingLine('Toor Dal (4 lb)')).getByRole('button', { name: "Can't find it? (Toor Dal (4 lb))" }))
    return within(shoppingLine('Toor Dal (4 lb)'))
  }

  test('a replacement is named, priced in dollars and sent to the customer to answer', async () => {
    const server = markServer()
    const dal = await openDal()
    fireEvent.click(dal.getByRole('button', { name: 'Ask Customer' }))
    expect(dal.getByText('Name the replacement')).toBeDefined()
    fireEvent.change(dal.getByLabelText('Replacement'), { target: { value: 'Swad Toor Dal (4 lb)' } })
    fireEvent.change(dal.getByLabelText('Price in dollars (optional)'), { target: { value: '$8.49' } })
    fireEvent.change(dal.getByLabelText('Note for the customer (optional)'), { target: { value: 'Same size' } })
    fireEvent.click(dal.getByRole('button', { name: 'Ask Customer' }))
    await dal.findByText('Waiting for the customer to answer')
    expect(server.callsTo(`PATCH ${dalPath}`)[0]?.body).toEqual({
      state: 'substituted',
      replacement: { name: 'Swad Toor Dal (4 lb)', price: '8.49', note: 'Same size' },
    })
    expect(dal.queryByRole('checkbox')).toBeNull()
    expect(dal.queryByRole('button', { name: /Change/ })).toBeNull()
  })

  test('Mark Not Found marks the line at once, and Found It takes it back', async () => {
    const server = markServer()
    const dal = await openDal()
    fireEvent.click(dal.getByRole('button', { name: 'Mark Not Found' }))
    await dal.findByText('Not available')
    expect(server.callsTo(`PATCH ${dalPath}`)[0]?.body).toEqual({ state: 'not_found' })
    expect(document.querySelector('.delivery-card__count')?.textContent).toBe('0 of 3 found')

    fireEvent.click(dal.getByRole('button', { name: 'Change (Toor Dal (4 lb))' }))
    fireEvent.click(dal.getByRole('button', { name: 'Found It' }))
    await dal.findByText('Found')
    expect(document.querySelector('.delivery-card__count')?.textContent).toBe('1 of 3 found')
  })
})
