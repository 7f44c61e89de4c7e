import { useEffect, useId, useRef, type KeyboardEvent } from 'react'
import { createPortal } from 'react-dom'

type Props = { onKeep: () => void; onConfirm: () => void }

/**
 * Spec 001 §2: opening a store while another store's cart has items asks first. A modal
 * dialog, shown while mounted: focus starts on the safe choice, stays inside, and goes back
 * where it was when the dialog closes; Escape or a tap outside keeps the cart.
 */
export function ClearCartDialog({ onKeep, onConfirm }: Props) {
  const dialogRef = useRef<HTMLDivElement>(null)
  const keepRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null
    keepRef.current?.focus()
    return () => returnTo?.focus()
  }, [])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      onKeep()
    } else if (event.key === 'Tab') {
      const focusable = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>('button:not(:disabled)') ?? [])
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
    <div className="dialog-backdrop" onClick={(event) => event.target === event.currentTarget && onKeep()}>
      <div ref={dialogRef} className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={descriptionId} onKeyDown={onKeyDown}>
        <h2 id={titleId} className="dialog__title">
          Clear Cart Items?
        </h2>
        <p id={descriptionId} className="dialog__text">
          Your cart has items from another store. Each order comes from one store, so continuing clears your current cart. This action cannot be undone.
        </p>
        <div className="dialog__actions">
          <button ref={keepRef} type="button" className="button" onClick={onKeep}>
            Keep Current Cart
          </button>
          <button type="button" className="button button--primary" onClick={onConfirm}>
            Clear Cart &amp; Continue
          </button>
        </div>
      </div>
    </div>,
    document.body,
  )
}
