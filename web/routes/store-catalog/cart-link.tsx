import { Link } from '@tanstack/react-router'
import { cartItemCount } from '../../features/cart/cart-storage'
import { useCart } from '../../features/cart/use-cart'
import { Icon } from '../../ui/icon'

/** The catalog's cart button: this store's cart, with how many things are in it. */
export function CartLink({ storeId }: { storeId: string }) {
  const count = cartItemCount(useCart(storeId))
  return (
    <Link to="/cart" search={{ storeId }} className="icon-button shop-header__button" aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}>
      <Icon name="bag" />
      {count > 0 && (
        <span className="count-badge" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  )
}
