import { Link } from '@tanstack/react-router'
import { itemsLabel } from '../../../modules/orders/contract'
import { cartItemCount } from '../../features/cart/cart-storage'
import { useCart } from '../../features/cart/use-cart'
import { Icon } from '../../ui/icon'

/** The catalog's cart button: this store's cart, with how many things are in it. */
export function CartLink({ storeId }: { storeId: string }) {
  const lines = useCart(storeId)
  const count = cartItemCount(lines)
  return (
    <Link to="/cart" search={{ storeId }} className="icon-button shop-header__button" aria-label={`Cart, ${itemsLabel(lines)}`}>
      <Icon name="bag" />
      {count > 0 && (
        <span className="count-badge" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  )
}
