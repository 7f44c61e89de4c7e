import { useLingui } from '@lingui/react/macro'
import { ACCEPTED_GROCERY_PAYMENT_METHODS } from '../../modules/shared/contract'
import { PLATFORM_FEE } from './service-facts'

/**
 * The sentences about money that the landing and the legal pages repeat (web/lib/service-facts
 * says them in English for the screens not yet in every language): what a runner earns, and the
 * two ways to pay for the groceries. The ways to pay are listed as the language lists them.
 */
export function useServiceWords() {
  const { t, i18n } = useLingui()
  const methods = new Intl.ListFormat(i18n.locale, { type: 'disjunction' }).format(ACCEPTED_GROCERY_PAYMENT_METHODS)
  const fee = PLATFORM_FEE
  return {
    fee,
    methods,
    runnerEarnings: t`Platform fee (${fee}) plus tip`,
    groceryPaymentWays: t`Pay for the groceries at the door by ${methods}, or by card in the app: your card is held for an estimate and charged only the receipt's total.`,
  }
}
