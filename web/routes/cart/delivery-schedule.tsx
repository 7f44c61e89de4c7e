import { useId } from 'react'
import type { CartDetails } from '../../features/cart/cart-details'

type DeliveryType = CartDetails['deliveryType']

/**
 * ASAP is the only delivery today; the scheduled option is shown, greyed out, so buyers know it
 * is coming. Where it goes and what the runner should know sit in the same card.
 */
export function DeliverySchedule(props: {
  deliverTo: string
  deliveryType: DeliveryType
  onDeliveryTypeChange: (type: DeliveryType) => void
  instructions: string
  onInstructionsChange: (text: string) => void
}) {
  const { deliverTo, deliveryType, onDeliveryTypeChange, instructions, onInstructionsChange } = props
  const id = useId()
  return (
    <section className="card card--compact cart-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Delivery Schedule</h2>
      <fieldset className="delivery-options">
        <legend className="visually-hidden">When to deliver</legend>
        <label className="delivery-option">
          <input type="radio" name={`${id}-when`} checked={deliveryType === 'asap'} onChange={() => onDeliveryTypeChange('asap')} />
          <span>
            <strong>ASAP</strong>
            <span className="meta meta--small">Typically Same Day</span>
          </span>
        </label>
        <label className="delivery-option delivery-option--disabled">
          <input type="radio" name={`${id}-when`} disabled aria-disabled="true" aria-describedby={`${id}-soon`} />
          <span>
            <strong>Schedule for later</strong>
            <span className="meta meta--small" id={`${id}-soon`}>
              Coming soon
            </span>
          </span>
        </label>
      </fieldset>
      {deliverTo && (
        <p className="delivery-address">
          <span>Delivering to</span> {deliverTo}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-instructions`}>Delivery instructions (optional)</label>
        <textarea
          id={`${id}-instructions`}
          rows={2}
          maxLength={500}
          placeholder="Gate code, apartment, where to leave the bags..."
          value={instructions}
          onChange={(event) => onInstructionsChange(event.target.value)}
        />
      </div>
    </section>
  )
}
