import { describe, expect, mock, test } from 'bun:test'
import { fireEvent, screen } from '@testing-library/react'
import { openDialogFrom } from '../../../testing/open-dialog'
import { ClearCartDialog } from './clear-cart-dialog'

/** A page with a button that opens the dialog, as 'Shop Now' does. */
function renderWithOpener() {
  const onConfirm = mock(() => {})
  const opener = openDialogFrom('Shop Now', (close) => <ClearCartDialog onKeep={close} onConfirm={onConfirm} />)
  return { opener, onConfirm, dialog: screen.getByRole('dialog', { name: 'Clear Cart Items?' }) }
}

const button = (name: string) => screen.getByRole('button', { name })

describe('ClearCartDialog', () => {
  test('a labelled, described modal whose focus starts on the safe choice', () => {
    const { dialog } = renderWithOpener()
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toContain('This action cannot be undone.')
    expect(document.activeElement).toBe(button('Keep Current Cart'))
  })

  test('Tab and Shift+Tab stay inside the dialog', () => {
    const { dialog } = renderWithOpener()
    button('Clear Cart & Continue').focus()
    fireEvent.keyDown(dialog, { key: 'Tab' })
    expect(document.activeElement).toBe(button('Keep Current Cart'))
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(button('Clear Cart & Continue'))
  })

  test('Escape keeps the cart, closes, and puts focus back on the opener', () => {
    const { opener, onConfirm, dialog } = renderWithOpener()
    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
    expect(onConfirm).not.toHaveBeenCalled()
  })

  test('a tap outside keeps the cart; Clear Cart & Continue confirms', () => {
    const { dialog, onConfirm } = renderWithOpener()
    // A tap on the backdrop reaches the <dialog> itself: its body fills the box.
    fireEvent.click(dialog)
    expect(screen.queryByRole('dialog')).toBeNull()

    fireEvent.click(button('Shop Now'))
    fireEvent.click(button('Clear Cart & Continue'))
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })
})
