import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { ConfirmDialog } from '../../ui/dialog'

/** Clearing loses every line and note, so it asks first; keeping them is where focus starts. */
export function ClearCartButton({ items, onConfirm }: { items: string; onConfirm: () => void }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const close = () => setOpen(false)
  return (
    <>
      <button type="button" className="cart-action cart-action--danger" onClick={() => setOpen(true)}>
        <Trans>Clear Cart</Trans>
      </button>
      {open && (
        <ConfirmDialog
          title={t`Clear Cart?`}
          description={t`All ${items} and your notes for the runner will be removed. This cannot be undone.`}
          keepLabel={t`Keep Items`}
          onKeep={close}
          confirmLabel={t`Clear Cart`}
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
