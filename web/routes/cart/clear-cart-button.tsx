import { useEffect, useId, useRef, useState } from 'react'

/**
 * Clearing loses every line and note, so it asks first. A native modal dialog keeps focus inside,
 * closes on Escape, and returns focus to the button.
 */
export function ClearCartButton({ itemCount, onConfirm }: { itemCount: number; onConfirm: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="cart-action cart-action--danger" onClick={() => setOpen(true)}>
        Clear Cart
      </button>
      {open && <ConfirmClear itemCount={itemCount} onClose={() => setOpen(false)} onConfirm={onConfirm} />}
    </>
  )
}

function ConfirmClear({ itemCount, onClose, onConfirm }: { itemCount: number; onClose: () => void; onConfirm: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const id = useId()
  useEffect(() => {
    dialog.current?.showModal()
  }, [])
  return (
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onClose={onClose}>
      <h2 id={`${id}-title`}>Clear Cart?</h2>
      <p id={`${id}-text`}>
        All {itemCount} {itemCount === 1 ? 'item' : 'items'} and your notes for the runner will be removed. This cannot be undone.
      </p>
      <div className="confirm-dialog__actions">
        <button type="button" className="button" onClick={() => dialog.current?.close()} autoFocus>
          Keep Items
        </button>
        <button
          type="button"
          className="button confirm-dialog__confirm"
          onClick={() => {
            onConfirm()
            dialog.current?.close()
          }}
        >
          Clear Cart
        </button>
      </div>
    </dialog>
  )
}
