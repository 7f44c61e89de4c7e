import { describe, expect, test } from 'bun:test'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { AVAILABILITY_EXAMPLE } from '../../../modules/runner/contract'
import { type Answer, deferred, fakeApi, neverAnswers } from '../../testing/fake-api'
import { type ManualClock, manualClock } from '../../testing/manual-clock'
import { aRunner, someAvailability, somePreferences, someStats } from '../../testing/order-fixtures'
import { renderScreen } from '../../testing/render-screen'
import { RunnerDashboardPage } from '../runner-dashboard'

type Handlers = Parameters<typeof fakeApi>[0]

/** A runner's server: online, nothing waiting, and the given preferences. */
function runnerServer(overrides: Handlers = {}) {
  return fakeApi({
    'GET /api/runner/availability': () => [200, someAvailability()],
    'GET /api/runner/stats': () => [200, someStats()],
    'GET /api/orders': () => [200, []],
    'GET /api/orders/pending': () => [200, { orders: [], online: true, searchedFrom: '08817', radiusMiles: 10, nextCursor: null }],
    'GET /api/runner/preferences': () => [200, somePreferences()],
    ...overrides,
  })
}

const openDashboard = (clock?: ManualClock) => renderScreen(RunnerDashboardPage, { path: '/runner', user: aRunner(), clock })
const section = () => screen.getByRole('region', { name: 'Delivery area and hours' })
const radius = () => within(section()).getByLabelText('How far you travel to a store') as HTMLSelectElement
const hours = () => within(section()).getByLabelText('Your hours') as HTMLInputElement
const save = () => within(section()).getByRole('button', { name: /Save area and hours|Saving/ })
const preferencesShown = () => screen.findByLabelText('How far you travel to a store')

describe('Delivery area and hours on the runner dashboard', () => {
  test('loading, then what the runner chose: the distance from their address and the hours with their format', async () => {
    const answered = deferred<Answer>()
    runnerServer({ 'GET /api/runner/preferences': () => answered.promise })
    openDashboard()
    await screen.findByRole('status', { name: 'Loading your delivery area and hours' })
    answered.resolve([200, somePreferences({ radiusMiles: 4, availability: 'mon-fri 17:00-21:00' })])
    await preferencesShown()
    expect(radius().value).toBe('4')
    expect([...radius().options].map((option) => option.textContent)).toEqual(['1 mile', ...[2, 3, 4, 5, 6, 7, 8, 9, 10].map((miles) => `${miles} miles`)])
    expect(hours().value).toBe('mon-fri 17:00-21:00')
    expect(within(section()).getByText('Counted from your address (08817) to the store, where your trip starts.')).toBeDefined()
    expect(within(section()).getByText(`Days and hours like "${AVAILABILITY_EXAMPLE}". Leave empty to work any hour.`, { exact: false })).toBeDefined()
  })

  test("saves through PATCH: 'Saving...' while it goes, then says what was saved and asks for the offers again", async () => {
    const saved = deferred<Answer>()
    const server = runnerServer({ 'PATCH /api/runner/preferences': () => saved.promise })
    openDashboard()
    await preferencesShown()
    fireEvent.change(radius(), { target: { value: '5' } })
    fireEvent.change(hours(), { target: { value: 'mon-fri 17:00-21:00; sat 10:00-18:00' } })
    fireEvent.click(save())
    await waitFor(() => expect(save().textContent).toBe('Saving...'))
    expect((save() as HTMLButtonElement).disabled).toBe(true)
    expect(server.callsTo('PATCH /api/runner/preferences').map((call) => call.body)).toEqual([
      { radiusMiles: 5, availability: 'mon-fri 17:00-21:00; sat 10:00-18:00' },
    ])
    const pendingBefore = server.callsTo('GET /api/orders/pending').length
    saved.resolve([200, somePreferences({ radiusMiles: 5, availability: 'mon-fri 17:00-21:00; sat 10:00-18:00' })])
    await within(section()).findByText('Saved. You are offered orders within 5 miles, during mon-fri 17:00-21:00; sat 10:00-18:00.')
    expect(save().textContent).toBe('Save area and hours')
    await waitFor(() => expect(server.callsTo('GET /api/orders/pending').length).toBeGreaterThan(pendingBefore))
  })

  test('empty hours are sent as none: any hour', async () => {
    const server = runnerServer({
      'GET /api/runner/preferences': () => [200, somePreferences({ availability: 'sat 10:00-18:00' })],
      'PATCH /api/runner/preferences': ({ body }) => [200, somePreferences(body)],
    })
    openDashboard()
    await preferencesShown()
    fireEvent.change(hours(), { target: { value: '  ' } })
    fireEvent.click(save())
    await within(section()).findByText('Saved. You are offered orders within 10 miles, at any hour.')
    expect(server.callsTo('PATCH /api/runner/preferences').map((call) => call.body)).toEqual([{ radiusMiles: 10, availability: null }])
  })

  test('hours the parser cannot read are refused under the field with its message, before anything is sent', async () => {
    const server = runnerServer()
    openDashboard()
    await preferencesShown()
    fireEvent.change(hours(), { target: { value: 'mon-fri 9-5' } })
    fireEvent.click(save())
    expect((await within(section()).findByRole('alert')).textContent).toBe('"9" in "mon-fri 9-5" is not a time like 09:00 or 21:30.')
    expect(hours().getAttribute('aria-invalid')).toBe('true')
    expect(server.callsTo('PATCH /api/runner/preferences')).toHaveLength(0)
  })

  test("the server's refusal shows under its field; any other failure above the button", async () => {
    let answer: Answer = [400, { message: 'No.', code: 'VALIDATION_ERROR', errors: { availability: 'Those hours overlap.' } }]
    runnerServer({ 'PATCH /api/runner/preferences': () => answer })
    openDashboard()
    await preferencesShown()
    fireEvent.change(hours(), { target: { value: 'sat 10:00-18:00' } })
    fireEvent.click(save())
    expect((await within(section()).findByRole('alert')).textContent).toBe('Those hours overlap.')
    answer = [500, { message: 'Something went wrong' }]
    fireEvent.click(save())
    await within(section()).findByText('Something went wrong')
    expect(hours().getAttribute('aria-invalid')).toBe('false')
  })

  test('a failed load says so and tries again; an address with no location says why nothing is pushed', async () => {
    let answer: () => Answer | Promise<Answer> = () => [500, { message: 'down' }]
    runnerServer({ 'GET /api/runner/preferences': () => answer() })
    openDashboard()
    await within(await screen.findByRole('region', { name: 'Delivery area and hours' })).findByText('Your delivery area and hours could not be loaded')
    answer = () => [200, somePreferences({ radiusFrom: null })]
    fireEvent.click(within(section()).getByRole('button', { name: 'Try Again' }))
    await preferencesShown()
    expect(within(section()).getByText(/Your address has no location yet, so new orders are not sent to you/)).toBeDefined()
    expect(within(section()).getByRole('link', { name: 'Add your address' }).getAttribute('href')).toBe('/profile')
  })

  test("the Online switch says 'Offline outside your hours' when the hours put the runner offline", async () => {
    runnerServer({
      'GET /api/runner/availability': () => [200, someAvailability({ online: false, outsideHours: true })],
      'GET /api/runner/preferences': neverAnswers,
    })
    openDashboard()
    const online = await screen.findByRole('switch', { name: 'Online' })
    await waitFor(() => expect(online.getAttribute('aria-checked')).toBe('false'))
    expect(screen.getByText('Offline outside your hours. Switch on to work until midnight.')).toBeDefined()
  })

  test('offline outside the hours, the switch says when the hours next put the runner online, in their own time', async () => {
    // Monday 5 January, 10:00 in New York; the hours start again at 17:00.
    const clock = manualClock(Date.parse('2026-01-05T15:00:00.000Z'))
    runnerServer({
      'GET /api/runner/availability': () => [
        200,
        someAvailability({ online: false, outsideHours: true, timeZone: 'America/New_York', nextChange: '2026-01-05T22:00:00.000Z' }),
      ],
      'GET /api/runner/preferences': neverAnswers,
    })
    openDashboard(clock)
    expect(await screen.findByText('Offline outside your hours; online again at 5 PM today. Switch on to work until midnight.')).toBeDefined()
  })
})
