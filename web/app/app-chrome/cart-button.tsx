import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { cartBadge } from '../../features/cart/cart-storage'
import { Icon } from '../../ui/icon'
import { useCartValue } from './use-cart-value'

/** Shown only while some cart has items; it opens the last cart that has any (spec 001 §2). */
export function CartButton() {
  const { t } = useLingui()
  const { quantity, items, storeId } = useCartValue(cartBadge)
  if (quantity === 0 || !storeId) return null
  // Units are said only when they differ from items: two bags of rice are 1 item (2 units).
  const label =
    quantity === items
      ? t`Cart, ${plural(items, { one: '# item', other: '# items' })}`
      : t`Cart, ${plural(items, { one: '# item', other: '# items' })} (${plural(quantity, { one: '# unit', other: '# units' })})`
  return (
    <Link to="/cart" search={{ storeId }} className="icon-button top-bar__icon-button" aria-label={label}>
      <Icon name="cart" />
      <span className="count-badge" aria-hidden="true">
        {quantity > 99 ? '99+' : quantity}
      </span>
    </Link>
  )
}
