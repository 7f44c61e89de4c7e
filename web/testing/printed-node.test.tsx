import { describe, expect, test } from 'bun:test'
import { render, screen } from '@testing-library/react'
import { PRINTED_NODE_LIMIT, printedNode } from './printed-node'

/** The message a failed expectation gives. */
function failureOf(expectation: () => void): string {
  try {
    expectation()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('the expectation passed')
}

describe('a node in a failed expectation', () => {
  test('prints as its HTML', () => {
    render(
      <section aria-label="Notifications">
        <p className="toast__title">Too far</p>
      </section>,
    )
    const title = screen.getByText('Too far')
    expect(printedNode(title)).toBe('<p class="toast__title">Too far</p>')
    expect(printedNode(title.firstChild!)).toBe('#text "Too far"')
    const message = failureOf(() => expect(title).toBeNull())
    expect(message).toContain('Received: <p class="toast__title">Too far</p>')
    expect(message.length).toBeLessThan(1_000)
  })

  test('is cut at 2 KB, saying how much more there was, however big the page', () => {
    render(
      <ul>
        {Array.from({ length: 2_000 }, (_, index) => `Item ${index}`).map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>,
    )
    const list = screen.getByRole('list')
    const printed = printedNode(list)
    expect(printed).toStartWith('<ul><li>Item 0</li>')
    expect(printed).toEndWith(`… (${list.outerHTML.length - PRINTED_NODE_LIMIT} more characters)`)
    expect(printed.length).toBeLessThan(PRINTED_NODE_LIMIT + 40)
    expect(failureOf(() => expect({ shown: screen.getByText('Item 7') }).toBeNull()).length).toBeLessThan(1_000)
    expect(failureOf(() => expect(document).toBeNull()).length).toBeLessThan(PRINTED_NODE_LIMIT + 1_000)
  })
})
