import { itemsLabel } from '../../../modules/orders/contract'
import { useCartValue } from '../../app/app-chrome/use-cart-value'
import { activeCart } from '../../features/cart/cart-storage'
import { useStore } from '../../features/catalog/api/store'
import { readCachedStore } from '../../features/catalog/store-cache'
import { ButtonLink } from '../../ui/button'
import { Card } from '../../ui/card'
import { IconTile } from '../../ui/icon'

/** Spec 001 §2: shown while a cart has items; the first such cart. */
export function ActiveCartCard() {
  const cart = useCartValue(activeCart)
  return cart && <ActiveCart storeId={cart.storeId} count={itemsLabel(cart.lines)} />
}

function ActiveCart({ storeId, count }: { storeId: string; count: string }) {
  const cached = readCachedStore(storeId)
  // A cart whose store this browser never cached (another tab, cleared storage) asks the server for its name.
  const fetched = useStore(storeId, { enabled: !cached })
  const storeName = cached?.name ?? fetched.data?.name ?? (fetched.isError ? 'Your store' : 'Loading store…')
  return (
    <Card compact className="stack active-cart" aria-labelledby="active-cart-heading">
      <div className="row row--center">
        <IconTile name="cart" className="active-cart__icon" />
        <div>
          <h2 id="active-cart-heading" className="kicker">
            Active Cart
          </h2>
          <p className="card__name">{storeName}</p>
          <p className="meta">{count}</p>
        </div>
      </div>
      <div className="active-cart__actions">
        <ButtonLink to="/store/$id" params={{ id: storeId }} size="small">
          Add Items
        </ButtonLink>
        <ButtonLink to="/cart" search={{ storeId }} variant="primary" size="small">
          View Cart
        </ButtonLink>
      </div>
    </Card>
  )
}
