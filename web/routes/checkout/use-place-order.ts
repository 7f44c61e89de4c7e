import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { type GroceryPaymentMethod, payNowCents } from '../../../modules/cart-checkout/contract'
import { decimalAmount } from '../../../modules/shared/contract'
import { clearCart } from '../../features/cart/cart-storage'
import { clearPendingOrder, type StoredPendingOrder } from '../../features/cart/pending-order'
import { createPaymentIntent } from '../../features/cart-checkout/api/create-payment-intent'
import { deliveryWindowsQueryOptions } from '../../features/cart-checkout/api/delivery-windows'
import { placeOrder } from '../../features/cart-checkout/api/place-order'
import { type CardConfirmer, CardPaymentError } from '../../features/cart-checkout/card-confirmer'
import { newCheckoutId } from '../../features/cart-checkout/checkout-id'
import { ORDER_LISTS_KEY, orderQueryOptions } from '../../features/orders/api/orders'
import { isOnline, needsConnection } from '../../lib/online'
import { useToast } from '../../ui/toast'
import { type CheckoutBlocker, type CheckoutStep, describeFailure, type ScheduleProblem } from './checkout-failure'

/**
 * One attempt at paying: its id makes every retry of the intents the same intents, and once the
 * card is authorized they are kept, so a retry after a lost answer only places the order. It is
 * for one way of paying the groceries: choosing the other starts a new one.
 */
type Attempt = {
  checkoutId: string
  groceryPayment: GroceryPaymentMethod
  authorized: { paymentIntentId: string; groceryPaymentIntentId: string | undefined } | null
}
const newAttempt = (groceryPayment: GroceryPaymentMethod): Attempt => ({ checkoutId: newCheckoutId(), groceryPayment, authorized: null })

/** The order's lines as checkout sends them, to the intent (for the grocery hold) and to the order. */
const orderLines = (pending: StoredPendingOrder) =>
  pending.items.map(({ id, quantity, comment, substitution }) => ({ id, quantity, substitution, ...(comment.trim() && { comment: comment.trim() }) }))

/**
 * Checkout's flow (spec 001 §2): create the intent, confirm the card, then turn the authorization
 * into an order; on success the store's cart and the pending order are cleared and the buyer sees
 * the confirmation. With the groceries paid by card, the grocery hold is made and confirmed on the
 * same card between the two (issue 29); its decline is the server's to report, at the order, which
 * also releases the first hold. A second press while one is under way does nothing.
 */
export function usePlaceOrder(pending: StoredPendingOrder, tipCents: number, groceryPayment: GroceryPaymentMethod) {
  const confirmerRef = useRef<CardConfirmer | null>(null)
  const attempt = useRef<Attempt | null>(null)
  const inFlight = useRef(false)
  const [busy, setBusy] = useState(false)
  const [blocker, setBlocker] = useState<CheckoutBlocker | null>(null)
  const [groceryDeclined, setGroceryDeclined] = useState<string | null>(null)
  const [scheduleProblem, setScheduleProblem] = useState<ScheduleProblem | null>(null)
  const { toast, dismiss } = useToast()
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  async function submit() {
    const card = confirmerRef.current
    if (inFlight.current) return
    // Before the card: offline, the card form may never have loaded, and nothing else would say why.
    if (!isOnline()) return toast(needsConnection('order'))
    if (!card || !card.check()) return
    inFlight.current = true
    setBusy(true)
    setBlocker(null)
    setGroceryDeclined(null)
    setScheduleProblem(null)
    dismiss()
    if (attempt.current?.groceryPayment !== groceryPayment) attempt.current = newAttempt(groceryPayment)
    const current = attempt.current
    let step: CheckoutStep = 'intent'
    try {
      if (!current.authorized) {
        const intent = await createPaymentIntent({
          amount: decimalAmount(payNowCents(tipCents)),
          checkoutId: current.checkoutId,
          storeId: pending.storeId,
          ...(pending.scheduledFor && { scheduledFor: pending.scheduledFor }),
          ...(groceryPayment === 'card' && { groceryPayment, items: orderLines(pending) }),
        })
        step = 'card'
        await card.confirm(intent.clientSecret)
        if (intent.groceryIntent) await confirmGroceryHold(card, intent.groceryIntent.clientSecret)
        current.authorized = { paymentIntentId: intent.paymentIntentId, groceryPaymentIntentId: intent.groceryIntent?.id }
      }
      step = 'order'
      const order = await placeOrder({
        ...current.authorized,
        orderData: {
          storeId: pending.storeId,
          items: orderLines(pending),
          tip: pending.tip,
          deliveryInstructions: pending.deliveryInstructions || null,
          scheduledFor: pending.scheduledFor,
          // A window's slot is named by the server from the window; only ASAP is sent as a slot.
          ...(!pending.scheduledFor && { timeSlot: pending.timeSlot }),
        },
        storeData: { id: pending.storeId, name: pending.storeName, address: pending.storeAddress, phone: pending.storePhone },
      })
      clearCart(pending.storeId)
      clearPendingOrder()
      queryClient.setQueryData(orderQueryOptions(order.id).queryKey, order)
      void queryClient.invalidateQueries({ queryKey: ORDER_LISTS_KEY })
      // Replacing checkout in history: going back from the confirmation must not offer to pay again.
      void navigate({ to: '/order-confirmation', search: { orderId: order.id }, replace: true })
    } catch (error) {
      const report = describeFailure(step, error)
      if (report.startOver) attempt.current = null
      if (report.toast) toast(report.toast)
      setBlocker(report.blocker ?? null)
      setGroceryDeclined(report.groceryDeclined ?? null)
      setScheduleProblem(report.schedule ?? null)
      // The windows the buyer is offered next must be as they are now, the one that filled shown full.
      if (report.schedule) void queryClient.invalidateQueries({ queryKey: deliveryWindowsQueryOptions(pending.storeId).queryKey })
      inFlight.current = false
      setBusy(false)
    }
  }

  return { confirmerRef, busy, blocker, groceryDeclined, scheduleProblem, clearScheduleProblem: () => setScheduleProblem(null), submit }
}

/**
 * The grocery hold on the card just authorized. A decline goes on to the order: the server sees
 * it on the intent, refuses the order with GROCERY_HOLD_DECLINED and releases the first hold, so
 * nothing is left holding whichever way the buyer goes next.
 */
async function confirmGroceryHold(card: CardConfirmer, clientSecret: string) {
  try {
    await card.confirmAgain(clientSecret)
  } catch (error) {
    if (!(error instanceof CardPaymentError)) throw error
  }
}
