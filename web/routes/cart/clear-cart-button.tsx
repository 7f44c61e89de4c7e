import { useRef, useState } from 'react'
import { Dialog } from '../../ui/dialog'

/** Clearing loses every line and note, so it asks first; keeping them is where focus starts. */
export function ClearCartButton({ itemCount, onConfirm }: { itemCount: number; onConfirm: () => void }) {
  const [open, setOpen] = useState(false)
  const keep = useRef<HTMLButtonElement>(null)
  const close = () => setOpen(false)
  return (
    <>
      <button type="button" className="cart-action cart-action--danger" onClick={() => setOpen(true)}>
        Clear Cart
      </button>
      {open && (
        <Dialog
          title="Clear Cart?"
          description={`All ${itemCount} ${itemCount === 1 ? 'item' : 'items'} and your notes for the runner will be removed. This cannot be undone.`}
          onClose={close}
          initialFocus={keep}
        >
          <button ref={keep} type="button" className="button" onClick={close}>
            Keep Items
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => {
              onConfirm()
              close()
            }}
          >
            Clear Cart
          </button>
        </Dialog>
      )}
    </>
  )
}
