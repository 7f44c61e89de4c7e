import { type I18n, i18n as shownI18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { ACCEPTED_GROCERY_PAYMENT_METHODS, type Language } from '../../modules/shared/contract'
import { formatList } from '../i18n/format'
import { PLATFORM_FEE } from './service-facts'

/** The apps keep their names in every language; cash is a word. */
const CASH = msg({ comment: 'A way to pay the runner for the groceries', message: 'Cash' })

/**
 * The sentences about the service's money that screens repeat, in the language of `i18n`: what a
 * runner earns, and the two ways to pay for the groceries, with the ways to pay listed as the
 * language lists them ("Cash, Zelle, Venmo, or Apple Pay"). Screens use `useServiceWords`; a
 * helper outside a component passes nothing and gets the language on screen.
 */
export function serviceWords(i18n: I18n = shownI18n) {
  const names = ACCEPTED_GROCERY_PAYMENT_METHODS.map((method) => (method === 'Cash' ? i18n._(CASH) : method))
  // Through formatList: a browser without the language's list data (Chromium has no Punjabi) still joins them in it.
  const methods = formatList(names, 'disjunction', i18n.locale as Language)
  const fee = PLATFORM_FEE
  return {
    fee,
    methods,
    /** The ways side by side, as a choice's label names them: "Cash, Zelle, Venmo, Apple Pay". */
    methodsSideBySide: formatList(names, 'unit', i18n.locale as Language),
    runnerEarnings: i18n._(msg`Platform fee (${fee}) plus tip`),
    groceryPaymentWays: i18n._(
      msg`Pay for the groceries at the door by ${methods}, or by card in the app: your card is held for an estimate and charged only the receipt's total.`,
    ),
  }
}

/** `serviceWords` in the language on screen; a switch re-renders whoever uses them. */
export function useServiceWords() {
  return serviceWords(useLingui().i18n)
}
