import { describe, expect, test } from 'bun:test'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { followsOrderStreams } from '../../testing/fake-event-source'
import { openTracking } from '../../testing/open-tracking'
import { anOrder, refundedInFull } from '../../testing/order-fixtures'

followsOrderStreams()

// Given up by its runner and offered again: waiting for a runner, its fee and tip charged already.
const reoffered = anOrder({ paymentStatus: 'captured' })
const countdown = () => document.querySelector('.tracking-hero__countdown')?.textContent

describe('a re-offered order on tracking', () => {
  test('says it is looking for another runner, and that if none accepts the money comes back as a refund, never a released hold', async () => {
    const { clock } = await openTracking(reoffered)
    expect(document.querySelector('.tracking-hero__title')?.textContent).toBe('Looking for another runner')
    screen.getByText("Your runner couldn't do your order, so runners near Patel Family Grocers are being offered it now.")
    expect(countdown()).toBe('30m 00s left for another runner to accept. If none does, your order is cancelled and the $7.00 you paid is refunded in full.')
    expect(document.body.textContent).not.toContain('no cost')
    expect(document.body.textContent).not.toContain('card hold')

    const cancel = within(screen.getByRole('region', { name: 'Cancel order' }))
    cancel.getByText('Your runner gave this order up, and it is offered to other runners now. You can wait for one, or cancel for a full refund.')

    clock.advance(30 * 60_000)
    expect(countdown()).toBe('No other runner accepted in time, so your order is being cancelled and the $7.00 you paid refunded in full.')
  })

  test('Cancel asks first saying the fee and tip are refunded in full, and then says it is being refunded', async () => {
    const cancelled = refundedInFull(reoffered, 'buyer')
    const { server } = await openTracking(reoffered, undefined, { [`POST /api/orders/${reoffered.id}/cancel`]: () => [200, { order: cancelled }] })
    fireEvent.click(screen.getByRole('button', { name: /^Cancel order #/ }))
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel this order?' }))
    dialog.getByText('Your runner gave order #1234ABCD up. Cancelling ends it and refunds the $7.00 fee and tip in full.')
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel Order' }))
    await screen.findByText('Order #1234ABCD is cancelled and the $7.00 you paid is being refunded.')
    await waitFor(() => expect(document.querySelector('.tracking-hero__title')?.textContent).toBe('Cancelled'))
    screen.getAllByText('You cancelled this order after your runner gave it up. The fee and tip are refunded to your card in full.')
    expect(server.callsTo(`POST /api/orders/${reoffered.id}/cancel`)).toHaveLength(1)
  })

  test('an order waiting for its first runner still says the hold is released at no cost', async () => {
    await openTracking(anOrder())
    screen.getByText('No runner has accepted yet, so you can still cancel at no cost.')
    expect(countdown()).toContain('your card hold is released at no cost')
  })
})
