import type { Order } from '../../../modules/orders/contract'
import { Button } from '../../ui/button'
import { Card } from '../../ui/card'
import { useMayOrderAgain, useOrderAgain } from '../use-order-again'

/**
 * 'Order again' on an ended order's tracking: after a declined card, to check out with another
 * one; after a delivery or any other end, to buy the same groceries again.
 */
export function OrderAgain({ order }: { order: Order }) {
  const mayOrderAgain = useMayOrderAgain(order)
  const { orderAgain, pending } = useOrderAgain(order)
  if (!mayOrderAgain) return null
  const declined = order.cancelReason === 'capture_failed'
  return (
    <Card compact className="stack stack--snug buyer-order-actions" aria-label="Order again">
      <p>
        {declined
          ? 'Put the same items back in your cart and check out with another card.'
          : `Put the same items from ${order.storeName} in your cart, at today's prices.`}
      </p>
      <Button type="button" variant="primary" disabled={pending} onClick={() => void orderAgain()}>
        {pending ? 'Filling your cart...' : 'Order again'}
      </Button>
    </Card>
  )
}
