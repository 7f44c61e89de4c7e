import { Link } from '@tanstack/react-router'
import { cartBadge } from '../../features/cart/cart-storage'
import { Icon } from '../../ui/icon'
import { useCartValue } from './use-cart-value'

/** Shown only while some cart has items; it opens the last cart that has any (spec 001 §2). */
export function CartButton() {
  const { quantity, items, storeId } = useCartValue(cartBadge)
  if (quantity === 0 || !storeId) return null
  return (
    <Link to="/cart" search={{ storeId }} className="icon-button top-bar__icon-button" aria-label={`Cart, ${items}`}>
      <Icon name="cart" />
      <span className="count-badge" aria-hidden="true">
        {quantity > 99 ? '99+' : quantity}
      </span>
    </Link>
  )
}
