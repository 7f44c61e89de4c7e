import { useId, useState } from 'react'
import { type CartLine, setComment } from '../../features/cart/cart-storage'
import { Icon } from '../../ui/icon'

/** The line's comment for the runner, saved as it is typed so leaving the page loses nothing. */
export function RunnerNote({ storeId, line }: { storeId: string; line: CartLine }) {
  const [open, setOpen] = useState(false)
  const fieldId = useId()
  return (
    <div className="runner-note">
      <button type="button" className="cart-action" aria-expanded={open} aria-controls={open ? fieldId : undefined} onClick={() => setOpen((shown) => !shown)}>
        <Icon name="pencil" />
        {open ? 'Done' : line.comment ? 'Edit note' : 'Add note for runner'}
      </button>
      {open ? (
        <div className="runner-note__field">
          <label htmlFor={fieldId}>Note for runner</label>
          <textarea
            id={fieldId}
            rows={2}
            maxLength={200}
            placeholder="e.g. Pick ripe ones, or a similar brand if it's out"
            value={line.comment}
            onChange={(event) => setComment(storeId, line.id, event.target.value)}
            // Opened on purpose, so typing can start at once.
            autoFocus
          />
        </div>
      ) : (
        line.comment && <p className="runner-note__text">Note: {line.comment}</p>
      )}
    </div>
  )
}
