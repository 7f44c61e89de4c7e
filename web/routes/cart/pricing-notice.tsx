import { ACCEPTED_GROCERY_PAYMENT_METHODS } from '../../../modules/shared/contract'

const methods = `${ACCEPTED_GROCERY_PAYMENT_METHODS.slice(0, -1).join(', ')} or ${ACCEPTED_GROCERY_PAYMENT_METHODS.at(-1)}`

/** Spec 001 §1: only the fee and tip are paid online; the groceries are paid to the runner. */
export function PricingNotice() {
  return (
    <aside className="pricing-notice" aria-label="Item pricing">
      <p>
        <strong>Item prices are estimates.</strong> Your runner pays the store's price, and you pay the runner for the groceries at the door by {methods}.
      </p>
    </aside>
  )
}
