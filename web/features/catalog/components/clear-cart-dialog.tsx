import { useRef } from 'react'
import { Dialog } from '../../../ui/dialog'

type Props = { onKeep: () => void; onConfirm: () => void }

/**
 * Spec 001 §2: opening a store while another store's cart has items asks first. Focus starts
 * on the safe choice; Escape or a tap outside keeps the cart.
 */
export function ClearCartDialog({ onKeep, onConfirm }: Props) {
  const keep = useRef<HTMLButtonElement>(null)
  return (
    <Dialog
      title="Clear Cart Items?"
      description="Your cart has items from another store. Each order comes from one store, so continuing clears your current cart. This action cannot be undone."
      onClose={onKeep}
      initialFocus={keep}
    >
      <button ref={keep} type="button" className="button" onClick={onKeep}>
        Keep Current Cart
      </button>
      <button type="button" className="button button--primary" onClick={onConfirm}>
        Clear Cart &amp; Continue
      </button>
    </Dialog>
  )
}
