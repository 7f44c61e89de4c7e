import { Trans } from '@lingui/react/macro'
import { useItemsLabel } from '../../features/cart/items-label'
import { useCart } from '../../features/cart/use-cart'
import { ActionBar } from '../../ui/action-bar'
import { ButtonLink } from '../../ui/button'

/** Once something is in the cart, the way to it rides along the bottom, under the thumb. */
export function CartBar({ storeId }: { storeId: string }) {
  const lines = useCart(storeId)
  const itemsLabel = useItemsLabel()
  if (lines.length === 0) return null
  return (
    <ActionBar className="cart-bar">
      <ButtonLink to="/cart" search={{ storeId }} variant="primary" size="large" className="cart-bar__link">
        <Trans>View Cart</Trans> <span className="cart-bar__count">{itemsLabel(lines)}</span>
      </ButtonLink>
    </ActionBar>
  )
}
