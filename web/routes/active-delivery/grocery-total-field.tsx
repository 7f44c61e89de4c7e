import { MAX_ACTUAL_GROCERY_DOLLARS } from '../../../modules/runner/contract'
import { decimalToCents } from '../../../modules/shared/contract'
import { Field } from '../../ui/form'

/** The total as the API takes it ('42.50'), or undefined when left empty. */
export const groceryTotalValue = (text: string) => text.trim().replace(/^\$/, '') || undefined

/** Why the typed total cannot be sent, or null when it can (empty is fine: the field is optional). */
export function groceryTotalProblem(text: string): string | null {
  const value = groceryTotalValue(text)
  if (value === undefined) return null
  const cents = decimalToCents(value)
  if (cents === null) return 'Enter the total in dollars, like 42.50'
  if (cents > MAX_ACTUAL_GROCERY_DOLLARS * 100) return `Enter a total of at most $${MAX_ACTUAL_GROCERY_DOLLARS.toLocaleString('en-US')}`
  return null
}

type Props = { value: string; onChange: (value: string) => void; error: string | null }

/** What the groceries came to at the register, if the runner wants the customer to see it; optional. */
export function GroceryTotalField({ value, onChange, error }: Props) {
  return (
    <Field label="Actual grocery total (optional)" error={error ?? undefined} hint="From the store receipt. The customer pays you this at the door.">
      {({ id, describedBy, invalid }) => (
        <div className="money-input">
          <span aria-hidden="true">$</span>
          <input
            id={id}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={invalid}
            aria-describedby={describedBy}
          />
        </div>
      )}
    </Field>
  )
}
