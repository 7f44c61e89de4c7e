import { Trans, useLingui } from '@lingui/react/macro'
import type { GroceryPaymentMethod } from '../../../modules/cart-checkout/contract'
import { useGroceryPaymentMethods } from '../../features/cart-checkout/grocery-payment-methods'

/**
 * Item prices are estimates: the store's price is what is paid, in the way the buyer chose: to
 * the runner at the door (spec 001 §1), or by card at the receipt's total (issue 29).
 */
export function PricingNotice({ groceryPayment }: { groceryPayment: GroceryPaymentMethod }) {
  const { t } = useLingui()
  const methods = useGroceryPaymentMethods('disjunction')
  return (
    <aside className="saffron-note pricing-notice" aria-label={t`Item pricing`}>
      <p>
        {groceryPayment === 'at_door' ? (
          <Trans>
            <strong>Item prices are estimates.</strong> Your runner pays the store's price, and you pay the runner for the groceries at the door by {methods}.
          </Trans>
        ) : (
          <Trans>
            <strong>Item prices are estimates.</strong> Your runner pays the store's price, and your card is charged the receipt's total for the groceries.
          </Trans>
        )}
      </p>
    </aside>
  )
}
