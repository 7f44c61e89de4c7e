import { fireEvent, render, screen } from '@testing-library/react'
import { type ReactNode, useState } from 'react'
import { LanguageProvider } from '../i18n/language-provider'

/**
 * A page with one button that opens a dialog, pressed with focus on it as a person would, so the
 * dialog has somewhere to give focus back. `dialog` draws it, given how to close it. Returns the opener.
 */
export function openDialogFrom(openerLabel: string, dialog: (close: () => void) => ReactNode) {
  function Page() {
    const [open, setOpen] = useState(false)
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          {openerLabel}
        </button>
        {open && dialog(() => setOpen(false))}
      </>
    )
  }
  // As the app draws it: a dialog's words are looked up in the language on screen.
  render(<Page />, { wrapper: LanguageProvider })
  const opener = screen.getByRole('button', { name: openerLabel })
  opener.focus()
  fireEvent.click(opener)
  return opener
}
