import { type CartLine, changeQuantity } from '../../features/cart/cart-storage'
import { Icon } from '../../ui/icon'

/** Minus and plus around the quantity; minus at 1 takes the line out, so it shows a bin there. */
export function QuantityStepper({ storeId, line }: { storeId: string; line: CartLine }) {
  return (
    <fieldset className="stepper" aria-label={`Quantity of ${line.name}`}>
      <button type="button" className="icon-button stepper__button" aria-label={`Decrease ${line.name}`} onClick={() => changeQuantity(storeId, line.id, -1)}>
        <Icon name={line.quantity === 1 ? 'trash' : 'minus'} />
      </button>
      <output className="stepper__value" aria-live="polite">
        {line.quantity}
      </output>
      <button type="button" className="icon-button stepper__button" aria-label={`Increase ${line.name}`} onClick={() => changeQuantity(storeId, line.id, 1)}>
        <Icon name="plus" />
      </button>
    </fieldset>
  )
}
