import { useLingui } from '@lingui/react/macro'
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
  const { t } = useLingui()
  if (!mayOrderAgain) return null
  const declined = order.cancelReason === 'capture_failed'
  const store = order.storeName
  return (
    <Card compact className="stack stack--snug buyer-order-actions" aria-label={t`Order again`}>
      <p>
        {declined
          ? t`Put the same items back in your cart and check out with another card.`
          : t`Put the same items from ${store} in your cart, at today's prices.`}
      </p>
      <Button type="button" variant="primary" disabled={pending} onClick={() => void orderAgain()}>
        {pending ? t`Filling your cart...` : t`Order again`}
      </Button>
    </Card>
  )
}
