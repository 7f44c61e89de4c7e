/** What a person types into the embedded card form, and how it becomes what the gateway reads. */
import { t } from '@lingui/core/macro'

export type CardText = { number: string; expiry: string; cvc: string }
export type CardField = keyof CardText
export type CardFieldErrors = Partial<Record<CardField, string>>

const MAX_CARD_DIGITS = 19
const digitsOf = (text: string, max: number) => text.replace(/\D/g, '').slice(0, max)

/** '4242424242424242' → '4242 4242 4242 4242', as printed on the card. */
export const formatCardNumber = (text: string) => digitsOf(text, MAX_CARD_DIGITS).replace(/(\d{4})(?=\d)/g, '$1 ')

/** '1229' → '12 / 29'; the slash appears once the year starts, so deleting back over it just works. */
export function formatExpiry(text: string) {
  const digits = digitsOf(text, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits
}

export const formatCvc = (text: string) => digitsOf(text, 4)

/** '12 / 29' → { month: 12, year: 29 }; null until both are there. The gateway reads a two-digit year as 20YY. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const digits = digitsOf(text, 4)
  if (digits.length !== 4) return null
  return { month: Number(digits.slice(0, 2)), year: Number(digits.slice(2)) }
}

/** What is plainly missing, checked before an intent is made, in the language on screen; the gateway judges the rest (check digit, expiry, CVC length). */
export function missingCardFields(card: CardText): CardFieldErrors {
  const errors: CardFieldErrors = {}
  if (digitsOf(card.number, MAX_CARD_DIGITS).length === 0) errors.number = t`Enter your card number.`
  if (!parseExpiry(card.expiry)) errors.expiry = t`Enter the expiry date as MM / YY.`
  if (formatCvc(card.cvc).length === 0) errors.cvc = t`Enter the security code from the back of your card.`
  return errors
}

/** The gateway names its fields as Stripe does; the expiry is one field here. */
const FIELD_OF: Record<string, CardField> = { cardNumber: 'number', expMonth: 'expiry', expYear: 'expiry', cvc: 'cvc' }

export function cardFieldErrors(serverErrors: Record<string, string> | undefined): CardFieldErrors {
  const errors: CardFieldErrors = {}
  for (const [name, message] of Object.entries(serverErrors ?? {})) {
    const field = FIELD_OF[name]
    if (field) errors[field] ??= message
  }
  return errors
}

/**
 * What a Promo Mode test card fills in besides its number: test cards take any future expiry and
 * any CVC (spec 001 §2), so the end of the year after next, and three digits.
 */
export function sampleCardDetails(now: Date): Pick<CardText, 'expiry' | 'cvc'> {
  const year = String((now.getFullYear() + 2) % 100).padStart(2, '0')
  return { expiry: formatExpiry(`12${year}`), cvc: '123' }
}
