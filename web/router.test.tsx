import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import { onlineManager, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import { orderQueryOptions } from './features/orders/api/orders'
import { LanguageProvider } from './i18n/language-provider'
import { currentUserQueryOptions } from './lib/current-user'
import { UNEXPECTED_ANSWER_MESSAGE } from './lib/http'
import { createQueryClient } from './query-client'
import { createAppRouter } from './router'
import { fakeApi } from './testing/fake-api'
import { aBuyer } from './testing/fixtures'
import { anOrder, aRunner } from './testing/order-fixtures'

function openApp(url: string, queryClient = createQueryClient()) {
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }))
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    { wrapper: LanguageProvider },
  )
  return { router, queryClient }
}

const buyer = aBuyer()
let consoleError: ReturnType<typeof spyOn>
beforeEach(() => {
  localStorage.clear()
  consoleError = spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  consoleError.mockRestore()
  // Back online as the device would come: the screen still open follows it.
  act(() => onlineManager.setOnline(true))
})

describe('route loaders', () => {
  test("an answer outside the contract shows the route's error screen, saying to refresh, instead of the screen", async () => {
    const { status, ...renamed } = anOrder({ id: 'order-1', buyerId: buyer.id })
    fakeApi({
      'GET /api/auth/session': () => [200, { user: buyer, requiresProfileCompletion: false }],
      'GET /api/orders/order-1': () => [200, { order: { ...renamed, state: status } }],
    })
    openApp('/orders/order-1')
    expect(await screen.findByText(UNEXPECTED_ANSWER_MESSAGE)).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy()
  })

  test('offline, a loader asks nothing and the screen shows what the device kept', async () => {
    onlineManager.setOnline(false)
    const { calls } = fakeApi({})
    const orderCalls = () => calls.filter((call) => call.path.startsWith('/api/orders'))
    const queryClient = createQueryClient()
    queryClient.setQueryData(currentUserQueryOptions().queryKey, { user: buyer, requiresProfileCompletion: false })
    queryClient.setQueryData(orderQueryOptions('order-1').queryKey, anOrder({ id: 'order-1', buyerId: buyer.id }))
    openApp('/orders/order-1', queryClient)
    expect((await screen.findAllByText('Patel Family Grocers')).length).toBeGreaterThan(0)
    expect(orderCalls()).toEqual([])
  })
})

describe('/earnings', () => {
  test("its loader warms the runner's statement, and a return it does not know of checks nothing", async () => {
    const runner = aRunner()
    const server = fakeApi({
      'GET /api/auth/session': () => [200, { user: runner, requiresProfileCompletion: false }],
      'GET /api/runner/payouts': () => [
        200,
        {
          account: { status: 'none', payoutsEnabled: false, restrictedReason: null, restrictedCode: null, returnCode: null, bankLast4: null },
          balance: { pendingCents: 700, heldCents: 0, availableCents: 0, inTransitCents: 0, returnedCents: 0, paidCents: 0 },
          earnings: [],
          nextCursor: null,
        },
      ],
    })
    openApp('/earnings?payouts=somewhere')
    await screen.findByRole('button', { name: 'Set up payouts' })
    expect(within(screen.getByRole('region', { name: 'Payouts' })).getByRole('status').textContent).toBe('')
    expect(server.callsTo('GET /api/runner/payouts')).toHaveLength(1)
  })
})

describe('home, at a path with no screen of its own', () => {
  test('someone who only delivers lands on the runner dashboard, not the buyer home', async () => {
    fakeApi({ 'GET /api/auth/session': () => [200, { user: aRunner(), requiresProfileCompletion: false }] })
    const { router } = openApp('/')
    await waitFor(() => expect(router.state.location.pathname).toBe('/runner'))
    expect(screen.queryByRole('heading', { name: /^Hello/ })).toBeNull()
  })

  test('someone who buys, whether or not they deliver too, lands on the buyer home', async () => {
    fakeApi({
      'GET /api/auth/session': () => [200, { user: aRunner({ roles: ['buyer', 'runner'] }), requiresProfileCompletion: false }],
      'GET /api/stores/nearby': () => [200, []],
    })
    const { router } = openApp('/')
    await screen.findByRole('heading', { name: /^Hello/ })
    expect(router.state.location.pathname).toBe('/')
  })
})
