import { afterEach, beforeEach, describe, expect, spyOn, test } from 'bun:test'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { fakeWorker, installFakeServiceWorker, removeFakeServiceWorker } from '../../testing/fake-service-worker'
import { waitingWorkerAtom } from './service-worker'
import { UpdateBanner } from './update-banner'

const NOTICE = 'New version available! Update for the latest features.'

describe('UpdateBanner', () => {
  let store: ReturnType<typeof createStore>
  let container: ReturnType<typeof installFakeServiceWorker>

  beforeEach(() => {
    store = createStore()
    container = installFakeServiceWorker()
  })
  afterEach(() => {
    removeFakeServiceWorker()
  })

  const renderBanner = () =>
    render(
      <Provider store={store}>
        <UpdateBanner />
      </Provider>,
    )

  test('stays hidden while no new worker waits', () => {
    renderBanner()
    expect(screen.queryByText(NOTICE)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull()
  })

  test('appears as a status message when a worker is waiting', () => {
    renderBanner()
    act(() => store.set(waitingWorkerAtom, fakeWorker('installed') as unknown as ServiceWorker))
    expect(screen.getByRole('status').textContent).toContain(NOTICE)
    expect(screen.getByRole('button', { name: 'Update' })).toBeDefined()
  })

  test("'Update' tells the waiting worker to skip waiting, then reloads once it controls the page", () => {
    const waiting = fakeWorker('installed')
    store.set(waitingWorkerAtom, waiting as unknown as ServiceWorker)
    const reload = spyOn(window.location, 'reload').mockImplementation(() => {})
    renderBanner()

    fireEvent.click(screen.getByRole('button', { name: 'Update' }))
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' })
    expect(reload).not.toHaveBeenCalled()

    container.dispatchEvent(new Event('controllerchange'))
    expect(reload).toHaveBeenCalledTimes(1)
    reload.mockRestore()
  })

  test('dismissing hides it without updating', () => {
    const waiting = fakeWorker('installed')
    store.set(waitingWorkerAtom, waiting as unknown as ServiceWorker)
    renderBanner()

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss update notice' }))
    expect(screen.queryByText(NOTICE)).toBeNull()
    expect(store.get(waitingWorkerAtom)).toBeNull()
    expect(waiting.postMessage).not.toHaveBeenCalled()
  })
})
