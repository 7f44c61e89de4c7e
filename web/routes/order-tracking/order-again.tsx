import { useNavigate } from '@tanstack/react-router'
import type { Order } from '../../../modules/orders/contract'
import { restoreCart } from '../../features/cart/cart-storage'
import { useCurrentUser } from '../../lib/current-user'

/**
 * 'Order again' after the card was declined at the charge (cancelReason capture_failed): the
 * order's items go back into that store's cart, as they were, and the buyer checks out again.
 */
export function OrderAgain({ order }: { order: Order }) {
  const navigate = useNavigate()
  const viewerId = useCurrentUser().data?.user?.id
  if (order.buyerId !== viewerId || order.cancelReason !== 'capture_failed') return null
  const orderAgain = () => {
    restoreCart(
      order.storeId,
      order.items.map(({ id, name, unit, quantity, price, priceUnit, isEstimatedPrice, comment, substitutionPreference }) => ({
        id,
        name,
        unit,
        quantity,
        price,
        priceUnit,
        isEstimatedPrice,
        comment,
        // The buyer's choice for an out-of-stock line stands for the new order too.
        substitution: substitutionPreference,
      })),
    )
    void navigate({ to: '/cart', search: { storeId: order.storeId } })
  }
  return (
    <section className="card card--compact stack stack--snug buyer-order-actions" aria-label="Order again">
      <p>Put the same items back in your cart and check out with another card.</p>
      <button type="button" className="button button--primary" onClick={orderAgain}>
        Order again
      </button>
    </section>
  )
}
