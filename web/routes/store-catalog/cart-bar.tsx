import { useLingui } from '@lingui/react/macro'
import { useCart } from '../../features/cart/use-cart'
import { itemsLabel } from '../../features/orders/order-figures'
import { ActionBar } from '../../ui/action-bar'
import { ButtonLink } from '../../ui/button'

/** Once something is in the cart, the way to it rides along the bottom, under the thumb. */
export function CartBar({ storeId }: { storeId: string }) {
  const lines = useCart(storeId)
  // The hook's t makes this a reader of the language, so a switch re-renders the count too.
  const { t } = useLingui()
  if (lines.length === 0) return null
  return (
    <ActionBar className="cart-bar">
      <ButtonLink to="/cart" search={{ storeId }} variant="primary" size="large" className="cart-bar__link">
        {t`View Cart`} <span className="cart-bar__count">{itemsLabel(lines)}</span>
      </ButtonLink>
    </ActionBar>
  )
}
