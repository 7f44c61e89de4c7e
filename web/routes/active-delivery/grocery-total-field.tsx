import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { GROCERY_TOTAL_WARN_MIN_CENTS, GROCERY_TOTAL_WARN_RATIO, MAX_ACTUAL_GROCERY_DOLLARS } from '../../../modules/runner/contract'
import { decimalToCents, formatCents } from '../../../modules/shared/contract'
import { Field } from '../../ui/form'

/** The total as the API takes it ('42.50'), or undefined when left empty. */
export const groceryTotalValue = (text: string) => text.trim().replace(/^\$/, '') || undefined

/**
 * Why the typed total cannot be sent, or null when it can. Empty is no problem to show: when the
 * total is required, the field's hint says so and the pick-up waits for it (groceryTotalReady).
 */
export function groceryTotalProblem(text: string): MessageDescriptor | null {
  const value = groceryTotalValue(text)
  if (value === undefined) return null
  const cents = decimalToCents(value)
  if (cents === null) return msg`Enter the total in dollars, like 42.50`
  const most = `$${MAX_ACTUAL_GROCERY_DOLLARS.toLocaleString('en-US')}`
  if (cents > MAX_ACTUAL_GROCERY_DOLLARS * 100) return msg`Enter a total of at most ${most}`
  return null
}

/** Whether the pick-up may send the typed total: a valid amount, or nothing when none is required. */
export const groceryTotalReady = (text: string, required: boolean) => groceryTotalProblem(text) === null && (!required || groceryTotalValue(text) !== undefined)

/**
 * What a valid typed total is worth a second look for, before pick-up: far above the estimate, or
 * for a card order above the hold on the customer's card. Warnings only; the runner may go on.
 */
export function groceryTotalWarnings(text: string, { estimateCents, holdCents }: { estimateCents: number; holdCents: number | null }): MessageDescriptor[] {
  const value = groceryTotalValue(text)
  const cents = value === undefined || groceryTotalProblem(text) ? null : decimalToCents(value)
  if (cents === null) return []
  const warnings: MessageDescriptor[] = []
  const total = formatCents(cents)
  if (cents > estimateCents * GROCERY_TOTAL_WARN_RATIO && cents - estimateCents >= GROCERY_TOTAL_WARN_MIN_CENTS) {
    const estimate = formatCents(estimateCents)
    warnings.push(msg`${total} is far above the ${estimate} estimate: check it against the receipt.`)
  }
  if (holdCents !== null && cents > holdCents) {
    const difference = formatCents(cents - holdCents)
    const hold = formatCents(holdCents)
    warnings.push(msg`That is ${difference} more than the ${hold} held on the customer's card: they will choose to pay the difference by card or at the door.`)
  }
  return warnings
}

type Props = {
  value: string
  onChange: (value: string) => void
  error: string | null
  /** The groceries are paid in the app: the card is charged this total, so the pick-up needs it. */
  byCard: boolean
  /** No line is found: the order ends as nothing found, with no total and no receipt. */
  nothingFound: boolean
  /** The hold on the customer's card for the groceries (a card order), in cents. */
  holdCents: number | null
  /** Second looks the typed total is worth (groceryTotalWarnings). */
  warnings: readonly string[]
}

/**
 * What the groceries came to at the register: optional when the customer pays the runner at the
 * door, required when their card pays for the groceries, unless nothing was found.
 */
export function GroceryTotalField({ value, onChange, error, byCard, nothingFound, holdCents, warnings }: Props) {
  const { t } = useLingui()
  const required = byCard && !nothingFound
  const hold = holdCents === null ? null : formatCents(holdCents)
  const label = byCard ? t`Actual grocery total` : t`Actual grocery total (optional)`
  // Nothing found is not a pick-up: nothing is bought, so there is no receipt and no total to charge.
  const hint = nothingFound
    ? t`Every item is marked not found: with nothing found there is no total or receipt to enter.`
    : !byCard
      ? t`From the store receipt. The customer pays you this at the door.`
      : hold
        ? t`From the store receipt. Required: the customer's card is charged this total (${hold} is held on it).`
        : t`From the store receipt. Required: the customer's card is charged this total.`
  return (
    <>
      <Field label={label} error={error ?? undefined} hint={hint}>
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
              required={required}
              aria-invalid={invalid}
              aria-describedby={describedBy}
            />
          </div>
        )}
      </Field>
      <div role="status" className="stack stack--snug">
        {warnings.map((warning) => (
          <p key={warning} className="form-notice form-notice--info">
            {warning}
          </p>
        ))}
      </div>
    </>
  )
}
