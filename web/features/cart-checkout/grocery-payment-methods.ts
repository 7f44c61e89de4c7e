import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { ACCEPTED_GROCERY_PAYMENT_METHODS, type Language } from '../../../modules/shared/contract'
import { formatList } from '../../i18n/format'

/** Cash is a word in the reader's language; Zelle, Venmo and Apple Pay are the apps' own names. */
const CASH = msg`Cash`

/**
 * The ways to pay for groceries at the door, listed in the language on screen: 'disjunction'
 * reads "Cash, Zelle, Venmo, or Apple Pay", 'unit' lists them with commas alone.
 */
export function useGroceryPaymentMethods(type: 'disjunction' | 'unit'): string {
  const { i18n } = useLingui()
  const names = ACCEPTED_GROCERY_PAYMENT_METHODS.map((method) => (method === 'Cash' ? i18n._(CASH) : method))
  return formatList(names, type, i18n.locale as Language)
}
