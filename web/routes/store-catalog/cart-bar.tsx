import { Link } from '@tanstack/react-router'
import { itemsLabel } from '../../../modules/orders/contract'
import { useCart } from '../../features/cart/use-cart'
import { ActionBar } from '../../ui/action-bar'

/** Once something is in the cart, the way to it rides along the bottom, under the thumb. */
export function CartBar({ storeId }: { storeId: string }) {
  const lines = useCart(storeId)
  if (lines.length === 0) return null
  return (
    <ActionBar className="cart-bar">
      <Link to="/cart" search={{ storeId }} className="button button--primary button--large cart-bar__link">
        View Cart <span className="cart-bar__count">{itemsLabel(lines)}</span>
      </Link>
    </ActionBar>
  )
}
