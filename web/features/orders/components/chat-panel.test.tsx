import { afterEach, describe, expect, test } from 'bun:test'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { showLanguage } from '../../../i18n/language'
import { OrderTrackingPage } from '../../../routes/order-tracking'
import { deferred, fakeApi } from '../../../testing/fake-api'
import { followsOrderStreams } from '../../../testing/fake-event-source'
import { aBuyer } from '../../../testing/fixtures'
import { aMessage, anAcceptedOrder } from '../../../testing/order-fixtures'
import { renderScreen } from '../../../testing/render-screen'
import { settled } from '../../../testing/settled'

const order = anAcceptedOrder()
const messagesPath = `/api/orders/${order.id}/messages`
const fromBuyer = (text: string, id = 'message-sent') =>
  aMessage({ id, senderId: 'user-1', senderRole: 'buyer', message: text, createdAt: '2026-01-05T10:12:00.000Z' })

async function openChat(handlers: Parameters<typeof fakeApi>[0] = {}) {
  const server = fakeApi({
    [`GET /api/orders/${order.id}`]: () => [200, { order }],
    [`GET ${messagesPath}`]: () => [200, { messages: [aMessage()] }],
    ...handlers,
  })
  renderScreen(OrderTrackingPage, { path: '/order/$id', url: `/order/${order.id}`, user: aBuyer() })
  return server
}

const toggle = () => screen.findByRole('button', { name: /Chat with Ravi/ })
const field = () => screen.getByLabelText<HTMLTextAreaElement>('Message to Ravi')
const log = () => within(screen.getByRole('log', { name: 'Messages with Ravi' }))

const events = followsOrderStreams()

describe('the chat on tracking', () => {
  test("a cancelled order offers no 'Chat with Ravi': what was said stays readable, closed", async () => {
    const cancelled = { ...order, status: 'cancelled' as const, cancelReason: 'runner_no_show' as const, cancelledAt: '2026-01-05T12:10:00.000Z' }
    await openChat({ [`GET /api/orders/${order.id}`]: () => [200, { order: cancelled }] })
    const earlier = await screen.findByRole('button', { name: /Earlier messages with Ravi/ })
    expect(screen.queryByRole('button', { name: /Chat with/ })).toBeNull()
    fireEvent.click(earlier)
    expect(log().getByText('They have no Toor Dal in 4 lb. Two 2 lb bags?')).toBeDefined()
    expect(screen.getByText('This order was cancelled, so its chat is closed.')).toBeDefined()
    expect(screen.queryByLabelText('Message to Ravi')).toBeNull()
  })

  test('a cancelled order with no messages shows no chat', async () => {
    const cancelled = { ...order, status: 'cancelled' as const, cancelReason: 'runner_no_show' as const, cancelledAt: '2026-01-05T12:10:00.000Z' }
    const server = await openChat({
      [`GET /api/orders/${order.id}`]: () => [200, { order: cancelled }],
      [`GET ${messagesPath}`]: () => [200, { messages: [] }],
    })
    await waitFor(() => expect(server.callsTo(`GET ${messagesPath}`).length).toBeGreaterThan(0))
    await settled()
    expect(screen.queryByRole('button', { name: /Chat with|Earlier messages/ })).toBeNull()
  })

  test('counts unread messages until opened, then shows them with the field focused', async () => {
    await openChat()
    await waitFor(async () => expect((await toggle()).textContent).toContain('1 new message'))
    fireEvent.click(await toggle())
    expect((await toggle()).getAttribute('aria-expanded')).toBe('true')
    expect(log().getByText('They have no Toor Dal in 4 lb. Two 2 lb bags?')).toBeDefined()
    expect(document.activeElement).toBe(field())
    expect((await toggle()).textContent).not.toContain('new message')
  })

  test('a message from the stream appears in the open log, and counts while folded', async () => {
    await openChat()
    fireEvent.click(await toggle())
    await log().findByText('They have no Toor Dal in 4 lb. Two 2 lb bags?')
    events.latest()!.push('message', aMessage({ id: 'message-2', message: 'At the store now', createdAt: '2026-01-05T10:15:00.000Z' }))
    await log().findByText('At the store now')

    fireEvent.click(await toggle())
    events.latest()!.push('message', aMessage({ id: 'message-3', message: 'Found the okra', createdAt: '2026-01-05T10:16:00.000Z' }))
    await waitFor(async () => expect((await toggle()).textContent).toContain('1 new message'))
  })

  test('Enter sends, showing progress; the sent message joins the log once, even when the stream repeats it', async () => {
    const answer = deferred<[number, unknown]>()
    const server = await openChat({ [`POST ${messagesPath}`]: () => answer.promise })
    fireEvent.click(await toggle())
    fireEvent.change(field(), { target: { value: 'Yes, two 2 lb bags' } })
    fireEvent.keyDown(field(), { key: 'Enter' })
    await screen.findByRole('button', { name: 'Sending...' })
    expect(server.callsTo(`POST ${messagesPath}`)[0]?.body).toEqual({ message: 'Yes, two 2 lb bags' })

    answer.resolve([201, { message: fromBuyer('Yes, two 2 lb bags') }])
    await screen.findByRole('button', { name: 'Send' })
    expect(field().value).toBe('')
    events.latest()!.push('message', fromBuyer('Yes, two 2 lb bags'))
    await settled()
    expect(log().getAllByText('Yes, two 2 lb bags')).toHaveLength(1)
  })

  test('Shift+Enter does not send', async () => {
    const server = await openChat({ [`POST ${messagesPath}`]: () => [201, { message: fromBuyer('x') }] })
    fireEvent.click(await toggle())
    fireEvent.change(field(), { target: { value: 'Line one' } })
    fireEvent.keyDown(field(), { key: 'Enter', shiftKey: true })
    expect(server.callsTo(`POST ${messagesPath}`)).toHaveLength(0)
  })

  test('a refused send keeps the text and says why: the chat closed, or too many messages', async () => {
    let refusal: [number, unknown] = [409, { message: 'This order was cancelled, so its chat is closed.', code: 'CHAT_CLOSED' }]
    await openChat({ [`POST ${messagesPath}`]: () => refusal })
    fireEvent.click(await toggle())
    fireEvent.change(field(), { target: { value: 'Are you close?' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Not sent: This order was cancelled, so its chat is closed.')
    expect(field().value).toBe('Are you close?')
    expect(field().getAttribute('aria-invalid')).toBe('true')

    refusal = [429, { message: 'You are sending messages too fast. Please wait a moment.' }]
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Not sent: You are sending messages too fast. Please wait a moment.'))
    expect(field().value).toBe('Are you close?')
  })

  test('a counter shows the characters and the limit, an emoji counting as one', async () => {
    await openChat()
    fireEvent.click(await toggle())
    const counter = () => screen.getByText(/ \/ 1,000 characters$/)
    expect(counter().textContent).toBe('0 / 1,000 characters')
    expect(field().getAttribute('aria-describedby')).toBe(counter().id)
    fireEvent.change(field(), { target: { value: 'Got the ghee 👍🏽 and दूध' } })
    expect(counter().textContent).toBe('21 / 1,000 characters')
  })

  test('a paste past the limit is kept whole, said to be too long, and not sent', async () => {
    const server = await openChat()
    fireEvent.click(await toggle())
    const paste = 'Please check the list again. '.repeat(172).trim()
    fireEvent.change(field(), { target: { value: paste } })
    expect(field().value).toBe(paste)
    expect(screen.getByText(/ \/ 1,000 characters$/).textContent).toBe('4,987 / 1,000 characters')
    expect(screen.getByRole('alert').textContent).toBe('A message can be at most 1,000 characters')
    expect(field().getAttribute('aria-invalid')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(server.callsTo(`POST ${messagesPath}`)).toHaveLength(0)
    expect(field().value).toBe(paste)
  })

  test('an empty message is not sent', async () => {
    const server = await openChat()
    fireEvent.click(await toggle())
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Write a message')
    expect(server.callsTo(`POST ${messagesPath}`)).toHaveLength(0)
  })
})

describe('the chat in Hindi', () => {
  afterEach(async () => {
    await act(() => showLanguage('en'))
  })

  test('the heading, the unread count, the field and Send are in Hindi; what Ravi wrote stays as he wrote it', async () => {
    await act(() => showLanguage('hi'))
    await openChat()
    const heading = await screen.findByRole('button', { name: /Ravi से बात करें/ })
    await waitFor(() => expect(heading.textContent).toContain('1 नया संदेश'))
    fireEvent.click(heading)
    expect(within(screen.getByRole('log', { name: 'Ravi के साथ संदेश' })).getByText('They have no Toor Dal in 4 lb. Two 2 lb bags?')).toBeDefined()
    expect(screen.getByLabelText('Ravi को संदेश')).toBeDefined()
    expect(screen.getByRole('button', { name: 'भेजें' })).toBeDefined()
  })
})
