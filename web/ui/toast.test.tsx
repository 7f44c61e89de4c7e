import { describe, expect, test } from 'bun:test'
import { fireEvent, render, screen } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { clockAtom } from '../lib/clock'
import { manualClock } from '../testing/manual-clock'
import { type Toast, Toaster, useToast } from './toast'

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
  test('a toast closes by itself after the default 5000 ms, and can be dismissed before that', () => {
    const clock = renderToaster({ Save: { title: 'Saved' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByRole('status').textContent).toContain('Saved')
    clock.advance(4999)
    expect(shown()).toContain('Saved')
    clock.advance(1)
    expect(shown()).toBe('')

    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }))
    expect(shown()).toBe('')
  })

  test('Escape dismisses the toast that has focus', () => {
    renderToaster({ Save: { title: 'Saved' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    fireEvent.keyDown(screen.getByRole('button', { name: 'Dismiss notification' }), { key: 'Escape' })
    expect(shown()).toBe('')
  })

  test('time spent hovered or focused does not count', () => {
    const clock = renderToaster({ Save: { title: 'Saved' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    clock.advance(3000)
    const toast = screen.getByRole('status')
    fireEvent.mouseEnter(toast)
    clock.advance(60_000)
    expect(shown()).toContain('Saved')
    fireEvent.mouseLeave(toast)
    clock.advance(1999)
    expect(shown()).toContain('Saved')

    fireEvent.focus(screen.getByRole('button', { name: 'Dismiss notification' }))
    clock.advance(60_000)
    expect(shown()).toContain('Saved')
    fireEvent.blur(screen.getByRole('button', { name: 'Dismiss notification' }))
    clock.advance(1)
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
    clock.advance(4500)
    expect(shown()).toContain('Saved')
    clock.advance(500)
    expect(shown()).toBe('')
  })
})
