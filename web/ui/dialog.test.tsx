import { describe, expect, mock, test } from 'bun:test'
import { fireEvent, render, screen } from '@testing-library/react'
import { useRef, useState } from 'react'
import { openDialogFrom } from '../testing/open-dialog'
import { Dialog } from './dialog'

/** A page whose button opens a dialog with a link and two buttons, none chosen to start. */
function renderWithOpener() {
  const onClose = mock(() => {})
  const opener = openDialogFrom('Open', (hide) => {
    const close = () => {
      onClose()
      hide()
    }
    return (
      <Dialog title="Leave this page?" description={<p>Your note will be lost.</p>} onClose={close}>
        <a href="/help">Help</a>
        <button type="button" onClick={close}>
          Stay
        </button>
        <button type="button">Leave</button>
      </Dialog>
    )
  })
  return { opener, onClose, dialog: screen.getByRole('dialog', { name: 'Leave this page?' }) }
}

describe('Dialog', () => {
  test('a native <dialog>, open, modal, labelled by its title and described by its text, with focus on its first control', () => {
    const { dialog } = renderWithOpener()
    expect(dialog).toBeInstanceOf(HTMLDialogElement)
    expect((dialog as HTMLDialogElement).open).toBe(true)
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('Your note will be lost.')
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Help' }))
  })

  // happy-dom's showModal() only sets `open`: the dialog's own trap stands in, as in a browser without modal dialogs.
  test('where the browser does not make it modal, Tab from the last control wraps to the first, and Shift+Tab from the first to the last', () => {
    const { dialog } = renderWithOpener()
    screen.getByRole('button', { name: 'Leave' }).focus()
    fireEvent.keyDown(dialog, { key: 'Tab' })
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Help' }))
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Leave' }))
  })

  test('Escape closes it and focus goes back to the opener', () => {
    const { dialog, opener, onClose } = renderWithOpener()
    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  test("the browser's cancel (Escape or the back gesture on a modal dialog) closes it and focus goes back to the opener", () => {
    const { dialog, opener, onClose } = renderWithOpener()
    fireEvent(dialog, new Event('cancel', { cancelable: true }))
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  test('a tap on the backdrop closes it; a tap inside does not', () => {
    const { dialog, onClose } = renderWithOpener()
    fireEvent.click(screen.getByText('Your note will be lost.'))
    expect(onClose).not.toHaveBeenCalled()
    // The dialog's body fills the box, so the browser reports a tap on the backdrop as a click on the <dialog> itself.
    fireEvent.click(dialog)
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  test('when the choice removes what opened it, focus goes to the fallback instead of being lost', () => {
    function Page() {
      const [removed, setRemoved] = useState(false)
      const [open, setOpen] = useState(false)
      const heading = useRef<HTMLHeadingElement>(null)
      return (
        <>
          <h2 ref={heading} tabIndex={-1}>
            Order #1
          </h2>
          {!removed && (
            <button type="button" onClick={() => setOpen(true)}>
              Cancel
            </button>
          )}
          {open && !removed && (
            <Dialog title="Cancel this order?" description="The hold is released." onClose={() => setOpen(false)} fallbackFocus={heading}>
              <button type="button" onClick={() => setRemoved(true)}>
                Cancel Order
              </button>
            </Dialog>
          )}
        </>
      )
    }
    render(<Page />)
    const opener = screen.getByRole('button', { name: 'Cancel' })
    opener.focus()
    fireEvent.click(opener)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Order' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Order #1' }))
  })
})
