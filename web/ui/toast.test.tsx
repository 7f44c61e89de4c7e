import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { clockAtom } from '../lib/clock'
import { manualClock } from '../testing/manual-clock'
import { Toaster, useToast, type Toast } from './toast'

afterEach(cleanup)

/** The Toaster beside buttons that show the given toasts, on a clock the test moves. */
function renderToaster(toasts: Record<string, Omit<Toast, 'id'>>) {
  const clock = manualClock()
  const store = createStore()
  store.set(clockAtom, clock)
  function Page() {
    const { toast } = useToast()
    return (
      <>
        {Object.entries(toasts).map(([label, next]) => (
          <button key={label} type="button" onClick={() => toast(next)}>
            {label}
          </button>
        ))}
        <Toaster />
      </>
    )
  }
  render(
    <Provider store={store}>
      <Page />
    </Provider>,
  )
  return clock
}

const shown = () => screen.queryByRole('region', { name: 'Notifications' })?.textContent ?? ''

describe('Toaster', () => {
  test('a toast without a duration stays until it is dismissed', () => {
    const clock = renderToaster({ Save: { title: 'Saved' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    clock.advance(60_000)
    expect(shown()).toContain('Saved')
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }))
    expect(shown()).toBe('')
  })

  test('a toast with a duration closes by itself once that time has passed', () => {
    const clock = renderToaster({ Far: { title: 'Too far', duration: 8000, variant: 'destructive' } })
    fireEvent.click(screen.getByRole('button', { name: 'Far' }))
    expect(screen.getByRole('alert').textContent).toContain('Too far')
    clock.advance(7999)
    expect(shown()).toContain('Too far')
    clock.advance(1)
    expect(shown()).toBe('')
  })

  test('a timed toast replaced by another does not take the new one with it', () => {
    const clock = renderToaster({ Far: { title: 'Too far', duration: 8000 }, Save: { title: 'Saved' } })
    fireEvent.click(screen.getByRole('button', { name: 'Far' }))
    clock.advance(4000)
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    clock.advance(8000)
    expect(shown()).toContain('Saved')
  })
})
