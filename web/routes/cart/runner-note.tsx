import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { type CartLine, setComment } from '../../features/cart/cart-storage'
import { Icon } from '../../ui/icon'

/** The line's comment for the runner, saved as it is typed so leaving the page loses nothing. */
export function RunnerNote({ storeId, line }: { storeId: string; line: CartLine }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const fieldId = useId()
  const note = line.comment
  return (
    <div className="runner-note">
      <button type="button" className="cart-action" aria-expanded={open} aria-controls={open ? fieldId : undefined} onClick={() => setOpen((shown) => !shown)}>
        <Icon name="pencil" />
        {open ? t`Done` : line.comment ? t`Edit note` : t`Add note for runner`}
      </button>
      {open ? (
        <div className="runner-note__field">
          <label htmlFor={fieldId}>
            <Trans>Note for runner</Trans>
          </label>
          <textarea
            id={fieldId}
            rows={2}
            maxLength={200}
            placeholder={t`e.g. Pick ripe ones, or a similar brand if it's out`}
            value={line.comment}
            onChange={(event) => setComment(storeId, line.id, event.target.value)}
            // Opened on purpose, so typing can start at once.
            autoFocus
          />
        </div>
      ) : (
        note && (
          <p className="runner-note__text">
            <Trans>Note: {note}</Trans>
          </p>
        )
      )}
    </div>
  )
}
