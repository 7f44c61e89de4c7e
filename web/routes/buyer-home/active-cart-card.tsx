import { Trans, useLingui } from '@lingui/react/macro'
import { useCartValue } from '../../app/app-chrome/use-cart-value'
import { activeCart } from '../../features/cart/cart-storage'
import { useStore } from '../../features/catalog/api/store'
import { readCachedStore } from '../../features/catalog/store-cache'
import { itemsLabel } from '../../features/orders/order-figures'
import { ButtonLink } from '../../ui/button'
import { Card } from '../../ui/card'
import { IconTile } from '../../ui/icon'

/** Spec 001 §2: shown while a cart has items; the first such cart. */
export function ActiveCartCard() {
  const cart = useCartValue(activeCart)
  return cart && <ActiveCart storeId={cart.storeId} lines={cart.lines} />
}

function ActiveCart({ storeId, lines }: { storeId: string; lines: readonly { quantity: number }[] }) {
  const { t } = useLingui()
  const count = itemsLabel(lines)
  const cached = readCachedStore(storeId)
  // A cart whose store this browser never cached (another tab, cleared storage) asks the server for its name.
  const fetched = useStore(storeId, { enabled: !cached })
  const storeName = cached?.name ?? fetched.data?.name ?? (fetched.isError ? t`Your store` : t`Loading store…`)
  return (
    <Card compact className="stack active-cart" aria-labelledby="active-cart-heading">
      <div className="row row--center">
        <IconTile name="cart" className="active-cart__icon" />
        <div>
          <h2 id="active-cart-heading" className="kicker">
            <Trans>Active Cart</Trans>
          </h2>
          <p className="card__name">{storeName}</p>
          <p className="meta">{count}</p>
        </div>
      </div>
      <div className="active-cart__actions">
        <ButtonLink to="/store/$id" params={{ id: storeId }} size="small">
          <Trans>Add Items</Trans>
        </ButtonLink>
        <ButtonLink to="/cart" search={{ storeId }} variant="primary" size="small">
          <Trans>View Cart</Trans>
        </ButtonLink>
      </div>
    </Card>
  )
}
