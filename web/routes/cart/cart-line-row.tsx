import { Trans } from '@lingui/react/macro'
import { decimalToCents, formatCents } from '../../../modules/shared/contract'
import { type CartLine, removeFromCart } from '../../features/cart/cart-storage'
import { PricedItemLine } from '../../features/catalog/components/item-price'
import { Icon } from '../../ui/icon'
import { QuantityStepper } from './quantity-stepper'
import { RunnerNote } from './runner-note'
import { SubstitutionChoice } from './substitution-choice'

export function CartLineRow({ storeId, line }: { storeId: string; line: CartLine }) {
  const unitCents = decimalToCents(line.price)
  const quantity = line.quantity
  const lineTotal = unitCents === null ? null : formatCents(unitCents * quantity)
  return (
    <li className="cart-line">
      <PricedItemLine as="div" item={line} aside={<QuantityStepper storeId={storeId} line={line} />}>
        {lineTotal !== null && quantity > 1 && (
          <p className="meta meta--small">
            <Trans>
              ≈ {lineTotal} for {quantity}
            </Trans>
          </p>
        )}
        <SubstitutionChoice storeId={storeId} line={line} />
      </PricedItemLine>
      <div className="cart-line__tools">
        <RunnerNote storeId={storeId} line={line} />
        <button type="button" className="cart-action cart-action--danger" onClick={() => removeFromCart(storeId, line.id)}>
          <Icon name="trash" />
          <Trans comment="{0} is the product's name, read aloud only">
            Remove<span className="visually-hidden"> {line.name}</span>
          </Trans>
        </button>
      </div>
    </li>
  )
}
