import { useId } from 'react'
import type { GroceryPaymentMethod } from '../../../../modules/cart-checkout/contract'
import { ACCEPTED_GROCERY_PAYMENT_METHODS, formatCents } from '../../../../modules/shared/contract'
import { failureMessage } from '../../../lib/form-errors'
import { Card } from '../../../ui/card'
import { type HoldLine, useGroceryHoldEstimate } from '../api/grocery-hold-estimate'

/** The spec's words for each way (issue 29). */
const CHOICES: { method: GroceryPaymentMethod; label: string }[] = [
  { method: 'at_door', label: `At the door (${ACCEPTED_GROCERY_PAYMENT_METHODS.join(', ')})` },
  { method: 'card', label: 'By card in the app' },
]

type Props = {
  storeId: string
  lines: readonly HoldLine[]
  value: GroceryPaymentMethod
  onChange: (method: GroceryPaymentMethod) => void
  disabled?: boolean
}

/**
 * "Pay for groceries": to the runner at the door (the default), or by card, held at checkout.
 * By card, the hold is said before paying, as the server sizes it for these lines.
 */
export function GroceryPaymentChoice({ storeId, lines, value, onChange, disabled = false }: Props) {
  const id = useId()
  const byCard = value === 'card'
  const hold = useGroceryHoldEstimate(storeId, lines, { enabled: byCard })
  return (
    <Card compact className="cart-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Pay for groceries</h2>
      <fieldset className="delivery-options" disabled={disabled} aria-describedby={byCard ? `${id}-hold` : undefined}>
        <legend className="visually-hidden">How to pay for the groceries</legend>
        {CHOICES.map(({ method, label }) => (
          <label key={method} className="choice-tile delivery-option">
            <input type="radio" name={`${id}-groceries`} checked={value === method} onChange={() => onChange(method)} />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      {byCard && (
        <p id={`${id}-hold`} className="meta" role="status">
          {hold.data
            ? `We'll hold up to ${formatCents(hold.data.holdCents)} on your card. You're charged only what the receipt says.`
            : hold.isError
              ? failureMessage(hold.error, 'We could not work out the grocery hold. Please try again.')
              : 'Working out the grocery hold...'}
        </p>
      )}
    </Card>
  )
}
