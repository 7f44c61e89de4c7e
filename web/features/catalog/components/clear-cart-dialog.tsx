import { useLingui } from '@lingui/react/macro'
import { ConfirmDialog } from '../../../ui/dialog'

type Props = { onKeep: () => void; onConfirm: () => void }

/**
 * Spec 001 §2: opening a store while another store's cart has items asks first. Focus starts
 * on the safe choice; Escape or a tap outside keeps the cart.
 */
export function ClearCartDialog({ onKeep, onConfirm }: Props) {
  const { t } = useLingui()
  return (
    <ConfirmDialog
      title={t`Clear Cart Items?`}
      description={t`Your cart has items from another store. Each order comes from one store, so continuing clears your current cart. This action cannot be undone.`}
      keepLabel={t`Keep Current Cart`}
      onKeep={onKeep}
      confirmLabel={t`Clear Cart & Continue`}
      onConfirm={onConfirm}
      tone="primary"
    />
  )
}
