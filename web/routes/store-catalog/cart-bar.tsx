import { Link } from '@tanstack/react-router'
import { cartItemCount } from '../../features/cart/cart-storage'
import { useCart } from '../../features/cart/use-cart'
import { ActionBar } from '../../ui/action-bar'

/** Once something is in the cart, the way to it rides along the bottom, under the thumb. */
export function CartBar({ storeId }: { storeId: string }) {
  const count = cartItemCount(useCart(storeId))
  if (count === 0) return null
  return (
    <ActionBar className="cart-bar">
      <Link to="/cart" search={{ storeId }} className="button button--primary button--large cart-bar__link">
        View Cart{' '}
        <span className="cart-bar__count">
          {count} {count === 1 ? 'item' : 'items'}
        </span>
      </Link>
    </ActionBar>
  )
}
