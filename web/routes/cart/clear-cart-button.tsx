import { useState } from 'react'
import { ConfirmDialog } from '../../ui/dialog'

/** Clearing loses every line and note, so it asks first; keeping them is where focus starts. */
export function ClearCartButton({ items, onConfirm }: { items: string; onConfirm: () => void }) {
  const [open, setOpen] = useState(false)
  const close = () => setOpen(false)
  return (
    <>
      <button type="button" className="cart-action cart-action--danger" onClick={() => setOpen(true)}>
        Clear Cart
      </button>
      {open && (
        <ConfirmDialog
          title="Clear Cart?"
          description={`All ${items} and your notes for the runner will be removed. This cannot be undone.`}
          keepLabel="Keep Items"
          onKeep={close}
          confirmLabel="Clear Cart"
          onConfirm={() => {
            onConfirm()
            close()
          }}
          tone="danger"
        />
      )}
    </>
  )
}
