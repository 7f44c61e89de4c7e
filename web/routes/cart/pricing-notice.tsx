import type { GroceryPaymentMethod } from '../../../modules/cart-checkout/contract'
import { ACCEPTED_GROCERY_PAYMENT_METHODS } from '../../../modules/shared/contract'

const methods = `${ACCEPTED_GROCERY_PAYMENT_METHODS.slice(0, -1).join(', ')} or ${ACCEPTED_GROCERY_PAYMENT_METHODS.at(-1)}`

/** How the groceries are paid for, after the runner pays the store: to the runner at the door (spec 001 §1), or by card at the receipt's total (issue 29). */
const PAID: Record<GroceryPaymentMethod, string> = {
  at_door: `you pay the runner for the groceries at the door by ${methods}`,
  card: "your card is charged the receipt's total for the groceries",
}

/** Item prices are estimates: the store's price is what is paid, in the way the buyer chose. */
export function PricingNotice({ groceryPayment }: { groceryPayment: GroceryPaymentMethod }) {
  return (
    <aside className="saffron-note pricing-notice" aria-label="Item pricing">
      <p>
        <strong>Item prices are estimates.</strong> Your runner pays the store's price, and {PAID[groceryPayment]}.
      </p>
    </aside>
  )
}
