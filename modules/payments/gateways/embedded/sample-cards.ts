import { badRequest, type Clock, type ErrorCode } from '../../../shared/index'

/** What a card number does at the embedded gateway: Stripe's documented test cards, and one of ours. */
export type CardBehaviour =
  | { outcome: 'authorize'; brand: string; captureDeclineCode?: string }
  | { outcome: 'decline'; brand: string; declineCode: string; message: string }

const DECLINED = 'Your card was declined.'

/** Stripe's test cards as Stripe documents them (docs.stripe.com/testing). */
const TEST_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': { outcome: 'authorize', brand: 'visa' },
  '5555555555554444': { outcome: 'authorize', brand: 'mastercard' },
  '378282246310005': { outcome: 'authorize', brand: 'amex' },
  '4000000000000002': { outcome: 'decline', brand: 'visa', declineCode: 'generic_decline', message: DECLINED },
  '4000000000009995': { outcome: 'decline', brand: 'visa', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { outcome: 'decline', brand: 'visa', declineCode: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { outcome: 'decline', brand: 'visa', declineCode: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  // Authorizes, but its capture is declined, and so is every later charge on it once saved (Stripe's
  // 0341: attaching it to a customer succeeds, charging it fails), so a failed capture and a
  // declined second hold can be tried end to end.
  '4000000000000341': { outcome: 'authorize', brand: 'visa', captureDeclineCode: 'generic_decline' },
}

/** Like Stripe in test mode, a real card number is refused rather than charged. */
const NOT_A_TEST_CARD: CardBehaviour = {
  outcome: 'decline',
  brand: 'unknown',
  declineCode: 'generic_decline',
  message: 'Your card was declined. Payments here are in test mode: use a test card such as 4242 4242 4242 4242.',
}

export type CardInput = { cardNumber: string; expMonth: number; expYear: number; cvc: string }

function passesLuhn(digits: string) {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return sum % 10 === 0
}

const fieldError = (field: keyof CardInput, message: string, code: ErrorCode) => badRequest(message, code, { [field]: message })

/**
 * Checks a card as Stripe's card form would before asking the bank: the number's length and
 * check digit, an expiry in the future, a CVC of the right length. Returns what the card does.
 */
export function cardBehaviour(card: CardInput, clock: Clock): CardBehaviour & { last4: string } {
  const digits = card.cardNumber.replace(/[\s-]/g, '')
  if (!/^\d{13,19}$/.test(digits)) throw fieldError('cardNumber', 'Your card number is incomplete.', 'incomplete_number')
  if (!passesLuhn(digits)) throw fieldError('cardNumber', 'Your card number is invalid.', 'invalid_number')
  const now = clock.now()
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear
  if (year < now.getUTCFullYear()) throw fieldError('expYear', "Your card's expiration year is in the past.", 'invalid_expiry_year_past')
  if (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1) {
    throw fieldError('expMonth', "Your card's expiration date is in the past.", 'invalid_expiry_month_past')
  }
  const behaviour = TEST_CARDS[digits] ?? NOT_A_TEST_CARD
  const cvcLength = behaviour.brand === 'amex' ? 4 : 3
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) throw fieldError('cvc', "Your card's security code is incomplete.", 'incomplete_cvc')
  return { ...behaviour, last4: digits.slice(-4) }
}
