/** Money moves as integer cents; dollars appear only at the edges (display and the API's decimal strings). */

/** 1234 → '12.34': the decimal string an API body carries (an order's totalAmount, a refund's amount). Never shown by hand with a '$'. */
export const decimalAmount = (cents: number) => (cents / 100).toFixed(2)

/** 1234 → '$12.34': every amount of money a person reads, on a screen, in a notification, a message or the CLI. */
export const formatCents = (cents: number) => `$${decimalAmount(cents)}`

/** '12.34' or 12.34 → 1234; null when it is not an amount of money. */
export function decimalToCents(amount: string | number | null | undefined): number | null {
  if (amount === null || amount === undefined) return null
  const text = String(amount).trim()
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null
  const [whole, fraction = ''] = text.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}
