import { DEFAULT_ESTIMATED_GROCERY_CENTS, MAX_TIP_CENTS, PLATFORM_FEE_CENTS } from '../../../modules/shared/contract'
import { centsToDecimal, decimalToCents } from '../../../modules/shared/contract'
import type { CartLine } from './cart-storage'

/** Spec 001 §5: a custom tip is read as a number; anything invalid (or negative, or absurd) is 0. */
export function parseTipCents(input: string): number {
  const text = input.trim().replace(/^\$/, '')
  if (!/^\d*(\.\d*)?$/.test(text) || text === '' || text === '.') return 0
  const cents = Math.round(Number(text) * 100)
  return Number.isFinite(cents) && cents <= MAX_TIP_CENTS ? cents : 0
}

/** What the groceries might cost, from the lines that have a price; the spec's default when none has. */
export function estimatedGroceryCents(lines: readonly CartLine[]): number {
  const priced = lines.filter((line) => decimalToCents(line.price) !== null)
  if (priced.length === 0) return DEFAULT_ESTIMATED_GROCERY_CENTS
  return priced.reduce((sum, line) => sum + decimalToCents(line.price)! * line.quantity, 0)
}

/** Paid online now: the platform fee plus the tip. Groceries are paid to the runner. */
export const payNowCents = (tipCents: number) => PLATFORM_FEE_CENTS + tipCents

export const cartItemCount = (lines: readonly CartLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0)

export { centsToDecimal }
