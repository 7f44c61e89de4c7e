import { describe, expect, test } from 'bun:test'
import { fireEvent, render, screen } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { LanguageProvider } from '../i18n/language-provider'
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
    { wrapper: LanguageProvider },
  )
  return clock
}

const shown = () => screen.queryByRole('region', { name: 'Notifications' })?.textContent ?? ''

describe('Toaster', () => {
  test.each([
    { kind: 'a toast without a duration', toast: { title: 'Saved' }, role: 'status', closesAfter: 5000 },
    {
      kind: 'a failure toast with its own duration',
      toast: { title: 'Too far', duration: 8000, variant: 'destructive' as const },
      role: 'alert',
      closesAfter: 8000,
    },
  ])('$kind closes by itself after $closesAfter ms', ({ toast, role, closesAfter }) => {
    const clock = renderToaster({ Show: toast })
    fireEvent.click(screen.getByRole('button', { name: 'Show' }))
    expect(screen.getByRole(role).textContent).toContain(toast.title)
    clock.advance(closesAfter - 1)
    expect(shown()).toContain(toast.title)
    clock.advance(1)
    expect(shown()).toBe('')
  })

  test('a toast can be dismissed before it closes by itself', () => {
    renderToaster({ Save: { title: 'Saved' } })
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

  test("a toast an answer shows, outside any event, counts from the render that shows it, however late React's effects run", async () => {
    const clock = manualClock()
    const store = createStore()
    store.set(clockAtom, clock)
    let show = (_next: Omit<Toast, 'id'>) => {}
    function Page() {
      show = useToast().toast
      return <Toaster />
    }
    render(
      <Provider store={store}>
        <Page />
      </Provider>,
      { wrapper: LanguageProvider },
    )
    const region = screen.getByRole('region', { name: 'Notifications' })
    const appeared = new Promise<void>((resolve) =>
      new MutationObserver((_, observer) => {
        observer.disconnect()
        resolve()
      }).observe(region, { childList: true, subtree: true }),
    )
    // As a fetch's answer does: React renders it in a task of its own, and may run its effects in a
    // later one. On a busy machine the test sees the toast and moves the clock in between.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false
    try {
      show({ title: 'Too far', duration: 8000, variant: 'destructive' })
      await appeared
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true
    }
    clock.advance(7999)
    expect(shown()).toContain('Too far')
    clock.advance(1)
    expect(shown()).toBe('')
  })
})
