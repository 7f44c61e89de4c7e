import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { payNowCents } from '../../../modules/cart-checkout/contract'
import { centsToDecimal } from '../../../modules/shared/contract'
import { clearCart } from '../../features/cart/cart-storage'
import { clearPendingOrder, type StoredPendingOrder } from '../../features/cart/pending-order'
import { createPaymentIntent } from '../../features/cart-checkout/api/create-payment-intent'
import { placeOrder } from '../../features/cart-checkout/api/place-order'
import type { CardConfirmer } from '../../features/cart-checkout/card-confirmer'
import { newCheckoutId } from '../../features/cart-checkout/checkout-id'
import { orderQueryOptions } from '../../features/orders/api/orders'
import { isOnline, needsConnection } from '../../lib/online'
import { useToast } from '../../ui/toast'
import { type CheckoutBlocker, type CheckoutStep, describeFailure } from './checkout-failure'

/**
 * One attempt at paying: its id makes every retry of the intent the same intent, and once the
 * card is authorized the intent is kept, so a retry after a lost answer only places the order.
 */
type Attempt = { checkoutId: string; authorizedIntentId: string | null }
const newAttempt = (): Attempt => ({ checkoutId: newCheckoutId(), authorizedIntentId: null })

/**
 * Checkout's flow (spec 001 §2): create the intent, confirm the card, then turn the authorization
 * into an order; on success the store's cart and the pending order are cleared and the buyer sees
 * the confirmation. A second press while one is under way does nothing.
 */
export function usePlaceOrder(pending: StoredPendingOrder, tipCents: number) {
  const confirmerRef = useRef<CardConfirmer | null>(null)
  const attempt = useRef<Attempt | null>(null)
  attempt.current ??= newAttempt()
  const inFlight = useRef(false)
  const [busy, setBusy] = useState(false)
  const [blocker, setBlocker] = useState<CheckoutBlocker | null>(null)
  const { toast, dismiss } = useToast()
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  async function submit() {
    const card = confirmerRef.current
    if (inFlight.current) return
    // Before the card: offline, the card form may never have loaded, and nothing else would say why.
    if (!isOnline()) return toast(needsConnection('Placing an order'))
    if (!card || !card.check()) return
    inFlight.current = true
    setBusy(true)
    setBlocker(null)
    dismiss()
    const current = attempt.current!
    let step: CheckoutStep = 'intent'
    try {
      let paymentIntentId = current.authorizedIntentId
      if (!paymentIntentId) {
        const intent = await createPaymentIntent({
          amount: centsToDecimal(payNowCents(tipCents)),
          checkoutId: current.checkoutId,
          storeId: pending.storeId,
        })
        step = 'card'
        await card.confirm(intent.clientSecret)
        paymentIntentId = current.authorizedIntentId = intent.paymentIntentId
      }
      step = 'order'
      const order = await placeOrder({
        paymentIntentId,
        orderData: {
          storeId: pending.storeId,
          items: pending.items.map(({ id, quantity, comment, substitution }) => ({
            id,
            quantity,
            substitution,
            ...(comment.trim() && { comment: comment.trim() }),
          })),
          tip: pending.tip,
          deliveryInstructions: pending.deliveryInstructions || null,
          scheduledFor: pending.scheduledFor,
          timeSlot: pending.timeSlot,
        },
        storeData: { id: pending.storeId, name: pending.storeName, address: pending.storeAddress, phone: pending.storePhone },
      })
      clearCart(pending.storeId)
      clearPendingOrder()
      queryClient.setQueryData(orderQueryOptions(order.id).queryKey, order)
      void queryClient.invalidateQueries({ queryKey: ['orders', 'list'] })
      // Replacing checkout in history: going back from the confirmation must not offer to pay again.
      void navigate({ to: '/order-confirmation', search: { orderId: order.id }, replace: true })
    } catch (error) {
      const report = describeFailure(step, error)
      if (report.startOver) attempt.current = newAttempt()
      if (report.toast) toast(report.toast)
      setBlocker(report.blocker ?? null)
      inFlight.current = false
      setBusy(false)
    }
  }

  return { confirmerRef, busy, blocker, submit }
}
