import { describe, expect, spyOn, test } from 'bun:test'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { fakeApi } from '../../testing/fake-api'
import { aCardGroceryPayment, anAvailableOrder, aRunner, someAvailability, somePreferences, someStats } from '../../testing/order-fixtures'
import { renderScreen } from '../../testing/render-screen'
import { toasts } from '../../testing/screen-queries'
import { RunnerDashboardPage } from '../runner-dashboard'

// Offers whose groceries the buyer pays in the app (issue 29): marked, and refused without payouts.
const byCard = anAvailableOrder({
  id: 'offer-card',
  storeName: 'Patel Family Grocers',
  groceryPayment: aCardGroceryPayment(),
})
const atDoor = anAvailableOrder({ id: 'offer-door', storeName: 'Apna Bazar' })
const PAYOUTS_MESSAGE =
  'The groceries of this order are paid in the app, so we pay you back for them: set up payouts on the Earnings screen before you accept it.'

function runnerServer(accept: Parameters<typeof fakeApi>[0][string], more: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    ...more,
    'GET /api/runner/availability': () => [200, someAvailability()],
    'GET /api/runner/stats': () => [200, someStats()],
    'GET /api/runner/preferences': () => [200, somePreferences()],
    'GET /api/orders': () => [200, []],
    'GET /api/orders/pending': () => [200, { orders: [byCard, atDoor], online: true, searchedFrom: '08817', radiusMiles: 10, nextCursor: null }],
    'PATCH /api/orders/offer-card/accept': accept,
  })
}

/** The dashboard once every read it makes has answered, so no answer lands after the test looks. */
async function openDashboard() {
  const rendered = renderScreen(RunnerDashboardPage, { path: '/runner', user: aRunner() })
  await waitFor(() => {
    expect(screen.getByRole('heading', { level: 1 })).toBeDefined()
    expect(rendered.queryClient.isFetching()).toBe(0)
  })
}

describe('offers with the groceries paid in the app', () => {
  test('are marked on their card; an order paid at the door is not', async () => {
    runnerServer(() => [500, {}])
    await openDashboard()
    const card = await screen.findByRole('article', { name: byCard.storeName })
    expect(within(card).getByText('Groceries paid in the app')).toBeDefined()
    expect(within(screen.getByRole('article', { name: atDoor.storeName })).queryByText('Groceries paid in the app')).toBeNull()
  })

  test("accepting one without payouts: the server's 409 message, and a button that starts setting payouts up", async () => {
    const server = runnerServer(() => [409, { code: 'PAYOUTS_NOT_ENABLED', message: PAYOUTS_MESSAGE }])
    await openDashboard()
    expect(screen.queryByRole('button', { name: 'Set Up Payouts' })).toBeNull()
    fireEvent.click(within(await screen.findByRole('article', { name: byCard.storeName })).getByRole('button', { name: 'Accept Order' }))
    await toasts().findByText('Set Up Payouts First')
    expect(toasts().getByText(PAYOUTS_MESSAGE)).toBeDefined()
    const notice = screen.getByText('Set up payouts to accept this order').closest<HTMLElement>('[role="alert"]')!
    expect(within(notice).getByText(PAYOUTS_MESSAGE)).toBeDefined()
    expect(within(notice).getByRole('button', { name: 'Set Up Payouts' })).toBeDefined()
    // Not the race with another runner: the offer still waits, and the list is not fetched again for it.
    expect(screen.getByRole('article', { name: byCard.storeName })).toBeDefined()
    expect(toasts().queryByText('Order No Longer Available')).toBeNull()
    expect(server.callsTo('GET /api/orders/pending')).toHaveLength(1)
  })

  test("'Set Up Payouts' asks for the one-time link and opens the payout form, as Earnings does", async () => {
    const server = runnerServer(() => [409, { code: 'PAYOUTS_NOT_ENABLED', message: PAYOUTS_MESSAGE }], {
      'POST /api/runner/payouts/onboarding': () => [200, { url: '/payouts/onboarding?link=one-time' }],
    })
    const assign = spyOn(window.location, 'assign').mockImplementation(() => {})
    try {
      await openDashboard()
      fireEvent.click(within(await screen.findByRole('article', { name: byCard.storeName })).getByRole('button', { name: 'Accept Order' }))
      fireEvent.click(await screen.findByRole('button', { name: 'Set Up Payouts' }))
      await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/payouts/onboarding?link=one-time'))
      expect(server.callsTo('POST /api/runner/payouts/onboarding')).toHaveLength(1)
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Opening the payout form...' }).disabled).toBe(true)
    } finally {
      assign.mockRestore()
    }
  })

  test('a payout form that cannot be opened says so under the button, which works again', async () => {
    const error = spyOn(console, 'error').mockImplementation(() => {})
    runnerServer(() => [409, { code: 'PAYOUTS_NOT_ENABLED', message: PAYOUTS_MESSAGE }], {
      'POST /api/runner/payouts/onboarding': () => [409, { code: 'EMAIL_REQUIRED', message: 'Add your email to your profile first.' }],
    })
    try {
      await openDashboard()
      fireEvent.click(within(await screen.findByRole('article', { name: byCard.storeName })).getByRole('button', { name: 'Accept Order' }))
      fireEvent.click(await screen.findByRole('button', { name: 'Set Up Payouts' }))
      await screen.findByText('Add your email to your profile first.')
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Set Up Payouts' }).disabled).toBe(false)
    } finally {
      error.mockRestore()
    }
  })
})
