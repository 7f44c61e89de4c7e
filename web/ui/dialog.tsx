import { type KeyboardEvent, type ReactNode, type RefObject, type SyntheticEvent, useEffect, useId, useRef } from 'react'
import { createPortal } from 'react-dom'
import { Button } from './button'

const FOCUSABLE = 'button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])'

type DialogProps = {
  title: string
  /** What the choice means; screen readers read it with the title. */
  description: ReactNode
  /** Escape, the phone's back gesture or a tap outside: the safe way out. */
  onClose: () => void
  /** Where focus starts; the first control unless given. */
  initialFocus?: RefObject<HTMLElement | null>
  /** Where focus goes on closing when what opened the dialog is gone (the choice removed it). */
  fallbackFocus?: RefObject<HTMLElement | null>
  /** The dialog's buttons. */
  children: ReactNode
}

/**
 * A modal dialog, open while mounted: labelled by its title and described by its text. It is the
 * native <dialog> opened with showModal(), so the browser keeps it on top, makes the page behind
 * it inert (focus cannot reach it) and turns Escape or the back gesture into `cancel`. A tap on
 * the backdrop closes it, and focus goes back to what opened it. A sheet from the bottom on
 * phones, a centred box on wider screens.
 */
export function Dialog({ title, description, onClose, initialFocus, fallbackFocus, children }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  // Whether the browser made the dialog modal; where it did not (an old browser, happy-dom in the
  // UI tests), the dialog keeps focus inside and hears Escape itself.
  const modalByBrowser = useRef(false)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (typeof element.showModal === 'function') element.showModal()
    else element.setAttribute('open', '')
    modalByBrowser.current = element.matches(':modal')
    // Browsers differ on what showModal() focuses (the first control, or the dialog itself): say it.
    const first = initialFocus?.current ?? element.querySelector<HTMLElement>(FOCUSABLE) ?? element
    first.focus()
    return () => {
      element.close()
      ;(opener?.isConnected && opener !== document.body ? opener : fallbackFocus?.current)?.focus()
    }
    // Only on opening: focus must not jump back to the start while the person moves through the dialog.
  }, [])

  const onCancel = (event: SyntheticEvent) => {
    // The dialog stays open until its owner unmounts it, so what is on screen follows the owner's state.
    event.preventDefault()
    onClose()
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (modalByBrowser.current) return
    if (event.key === 'Escape') {
      event.preventDefault()
      onClose()
    } else if (event.key === 'Tab') {
      const focusable = Array.from(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])
      const [first, last] = [focusable[0], focusable.at(-1)]
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last?.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first?.focus()
      }
    }
  }

  return createPortal(
    // A click whose target is the <dialog> itself landed on its backdrop, the body filling the box:
    // the pointer's shortcut out, as Escape is the keyboard's.
    <dialog
      ref={dialog}
      className="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      tabIndex={-1}
      onCancel={onCancel}
      onKeyDown={onKeyDown}
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className="dialog__body">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <div id={descriptionId} className="dialog__text">
          {description}
        </div>
        <div className="dialog__actions">{children}</div>
      </div>
    </dialog>,
    document.body,
  )
}

type ConfirmDialogProps = Pick<DialogProps, 'title' | 'description' | 'fallbackFocus'> & {
  /** The safe answer: also what Escape and a tap outside mean, and where focus starts. */
  keepLabel: string
  onKeep: () => void
  confirmLabel: string
  onConfirm: () => void
  /** Danger for what loses something (an order, a cart); primary for a step forward. */
  tone: 'danger' | 'primary'
  /** The confirmation is under way: it cannot be pressed twice. */
  busy?: boolean
}

/** A question with a safe answer and a going-ahead one, the shape every confirmation here has. */
export function ConfirmDialog({ keepLabel, onKeep, confirmLabel, onConfirm, tone, busy = false, ...dialog }: ConfirmDialogProps) {
  const keep = useRef<HTMLButtonElement>(null)
  return (
    <Dialog {...dialog} onClose={onKeep} initialFocus={keep}>
      <Button ref={keep} type="button" onClick={onKeep}>
        {keepLabel}
      </Button>
      <Button type="button" variant={tone} disabled={busy} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </Dialog>
  )
}
