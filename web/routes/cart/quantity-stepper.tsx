import { useLingui } from '@lingui/react/macro'
import { type CartLine, changeQuantity } from '../../features/cart/cart-storage'
import { Icon } from '../../ui/icon'

/** Minus and plus around the quantity; minus at 1 takes the line out, so it shows a bin there. */
export function QuantityStepper({ storeId, line }: { storeId: string; line: CartLine }) {
  const { t } = useLingui()
  const itemName = line.name
  return (
    <fieldset className="stepper" aria-label={t`Quantity of ${itemName}`}>
      <button type="button" className="icon-button stepper__button" aria-label={t`Decrease ${itemName}`} onClick={() => changeQuantity(storeId, line.id, -1)}>
        <Icon name={line.quantity === 1 ? 'trash' : 'minus'} />
      </button>
      <output className="stepper__value" aria-live="polite">
        {line.quantity}
      </output>
      <button type="button" className="icon-button stepper__button" aria-label={t`Increase ${itemName}`} onClick={() => changeQuantity(storeId, line.id, 1)}>
        <Icon name="plus" />
      </button>
    </fieldset>
  )
}
