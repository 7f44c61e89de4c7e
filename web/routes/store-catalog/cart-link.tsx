import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { cartItemCount } from '../../features/cart/cart-storage'
import { useCart } from '../../features/cart/use-cart'
import { itemsLabel } from '../../features/orders/order-figures'
import { Icon } from '../../ui/icon'

/** The catalog's cart button: this store's cart, with how many things are in it. */
export function CartLink({ storeId }: { storeId: string }) {
  const { t } = useLingui()
  const lines = useCart(storeId)
  const items = itemsLabel(lines)
  const count = cartItemCount(lines)
  return (
    <Link to="/cart" search={{ storeId }} className="icon-button shop-header__button" aria-label={t`Cart, ${items}`}>
      <Icon name="bag" />
      {count > 0 && (
        <span className="count-badge" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  )
}
