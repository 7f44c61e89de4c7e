import { describe, expect, mock, test } from 'bun:test'
import { fireEvent, screen, within } from '@testing-library/react'
import { deferred, fakeApi } from '../../../testing/fake-api'
import { aBuyer } from '../../../testing/fixtures'
import { renderScreen } from '../../../testing/render-screen'
import { someWindows } from '../../../testing/window-fixtures'
import type { DeliveryWindows } from '../api/delivery-windows'
import { WindowPicker } from './window-picker'

const ROUTE = 'GET /api/stores/store-patel/delivery-windows'
const onChange = mock()

function openPicker(value: string | null = null) {
  onChange.mockClear()
  renderScreen(() => <WindowPicker storeId="store-patel" value={value} onChange={onChange} />, { path: '/cart', user: aBuyer() })
}

describe('the delivery window picker', () => {
  test("lists the windows by the store's day, a full one disabled and marked 'Full', each radio named with its day", async () => {
    fakeApi({ [ROUTE]: () => [200, someWindows()] })
    openPicker()
    const group = await screen.findByRole('group', { name: 'Delivery window' })
    const days = within(group).getAllByRole('group')
    // 19:00 in Edison is midnight UTC: still Friday's window.
    expect(days.map((day) => day.querySelector('legend')?.textContent)).toEqual(['Friday, Nov 27', 'Saturday, Nov 28'])
    expect(
      within(days[0]!)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Fri 17:00–19:00', 'Fri 19:00–21:00 Full'])
    const full = screen.getByRole<HTMLInputElement>('radio', { name: 'Fri 19:00–21:00 Full' })
    expect(full.disabled).toBe(true)
    expect(screen.getAllByRole('radio').filter((radio) => !(radio as HTMLInputElement).disabled)).toHaveLength(3)

    fireEvent.click(screen.getByRole('radio', { name: 'Sat 10:00–12:00' }))
    expect(onChange).toHaveBeenCalledWith(someWindows().windows[2])
  })

  test('one name for every radio, so arrow keys go from day to day; the chosen window is checked', async () => {
    fakeApi({ [ROUTE]: () => [200, someWindows()] })
    openPicker(someWindows().windows[2]!.start)
    const radios = await screen.findAllByRole<HTMLInputElement>('radio')
    expect(new Set(radios.map((radio) => radio.name)).size).toBe(1)
    expect(radios.filter((radio) => radio.checked).map((radio) => radio.value)).toEqual([someWindows().windows[2]!.start])
  })

  test('says so while loading, and when the store has no window in the week', async () => {
    const answer = deferred<[number, DeliveryWindows]>()
    fakeApi({ [ROUTE]: () => answer.promise })
    openPicker()
    expect((await screen.findByRole('status')).textContent).toBe('Loading delivery windows...')
    answer.resolve([200, { timeZone: 'America/New_York', windows: [] }])
    expect(await screen.findByText('No delivery windows in the next 7 days')).toBeDefined()
    expect(screen.queryByRole('radio')).toBeNull()
  })

  test('a failed load can be tried again', async () => {
    let fail = true
    fakeApi({ [ROUTE]: () => (fail ? [500, { message: 'Server error' }] : [200, someWindows()]) })
    openPicker()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Delivery windows could not be loaded.')
    fail = false
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByRole('radio', { name: 'Sat 12:00–14:00' })).toBeDefined()
  })
})
