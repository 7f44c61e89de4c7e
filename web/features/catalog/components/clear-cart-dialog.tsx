import { ConfirmDialog } from '../../../ui/dialog'

type Props = { onKeep: () => void; onConfirm: () => void }

/**
 * Spec 001 §2: opening a store while another store's cart has items asks first. Focus starts
 * on the safe choice; Escape or a tap outside keeps the cart.
 */
export function ClearCartDialog({ onKeep, onConfirm }: Props) {
  return (
    <ConfirmDialog
      title="Clear Cart Items?"
      description="Your cart has items from another store. Each order comes from one store, so continuing clears your current cart. This action cannot be undone."
      keepLabel="Keep Current Cart"
      onKeep={onKeep}
      confirmLabel="Clear Cart & Continue"
      onConfirm={onConfirm}
      tone="primary"
    />
  )
}
