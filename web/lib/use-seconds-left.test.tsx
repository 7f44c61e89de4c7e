import { describe, expect, test } from 'bun:test'
import { render } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { manualClock } from '../testing/manual-clock'
import { clockAtom } from './clock'
import { useSecondsLeft } from './use-seconds-left'

describe('useSecondsLeft', () => {
  test('a new deadline counts from the render that brings it: no render in between still says 0', () => {
    const clock = manualClock()
    const store = createStore()
    store.set(clockAtom, clock)
    const rendered: number[] = []
    function Countdown({ deadline }: { deadline: number }) {
      const seconds = useSecondsLeft(deadline)
      rendered.push(seconds)
      return <p>{seconds}</p>
    }
    const screen = render(
      <Provider store={store}>
        <Countdown deadline={clock.now()} />
      </Provider>,
    )
    expect(rendered).toEqual([0])
    // The server asks for a 5-minute wait: every render from now on holds the button back.
    rendered.length = 0
    screen.rerender(
      <Provider store={store}>
        <Countdown deadline={clock.now() + 300_000} />
      </Provider>,
    )
    expect(rendered.length).toBeGreaterThan(0)
    expect(rendered.every((seconds) => seconds === 300)).toBe(true)
    expect(screen.container.textContent).toBe('300')
  })
})
