/** Money moves as integer cents; dollars appear only at the edges (display and the API's decimal strings). */

/** 1234 → '12.34' */
export const centsToDecimal = (cents: number) => (cents / 100).toFixed(2)

/** 1234 → '$12.34' */
export const formatCents = (cents: number) => `$${centsToDecimal(cents)}`

/** '12.34' or 12.34 → 1234; null when it is not an amount of money. */
export function decimalToCents(amount: string | number | null | undefined): number | null {
  if (amount === null || amount === undefined) return null
  const text = String(amount).trim()
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null
  const [whole, fraction = ''] = text.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}
