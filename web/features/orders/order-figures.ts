import { t } from '@lingui/core/macro'
import type { EarningsStatus, Order } from '../../../modules/orders/contract'
import { isCharged } from '../../../modules/payments/contract'
import { decimalToCents, formatCents, type Language } from '../../../modules/shared/contract'
import { currentLanguage } from '../../i18n/language'
import { windowLabel } from '../../lib/window-words'

/** The screens' one way of counting what was ordered; the server's messages say it the same way. */
export { itemsLabel } from './order-words'

/** The order's dollar strings as cents; the API always sends valid amounts. */
export const orderCents = (amount: string) => decimalToCents(amount) ?? 0

/**
 * Where the online payment stands, in words that match what happened: a hold until a runner
 * accepts, a charge after, and for an order that ended unpaid or refunded, never a payment.
 */
export function paymentWords(order: Pick<Order, 'paymentStatus' | 'totalAmount' | 'refundedAmount'>): string {
  const total = formatCents(orderCents(order.totalAmount))
  switch (order.paymentStatus) {
    case 'authorized':
      return t`Your card is authorized for ${total} and charged when a runner accepts.`
    case 'captured':
      return t`${total} charged to your card when your runner accepted.`
    case 'cancelled':
      return t`Not charged: the hold was released.`
    case 'capture_failed':
      return t`Not charged: your card declined the charge.`
    case 'partially_refunded':
    case 'refunded': {
      const refunded = formatCents(orderCents(order.refundedAmount))
      return t`Refunded ${refunded}.`
    }
  }
}

/**
 * When the order is delivered, as every card and screen names it: its window in the store's time
 * ('Scheduled · Sat 10:00–12:00'), else the slot the buyer chose, else whether it is scheduled or ASAP (001 §2).
 */
export function deliveryWhen(order: Pick<Order, 'scheduledWindow' | 'timeSlot' | 'scheduledFor' | 'storeTimeZone'>): string {
  if (order.scheduledWindow) {
    const window = windowLabel(order.scheduledWindow, order.storeTimeZone)
    return t`Scheduled · ${window}`
  }
  // The server stores 'ASAP' as the slot of an order for now: it is said in the language on screen too.
  const asap = () => t({ comment: 'Delivery as soon as possible', message: 'ASAP' })
  if (order.timeSlot === 'ASAP') return asap()
  return order.timeSlot || (order.scheduledFor ? t`Scheduled` : asap())
}

/** The runner found none of the lines: not a delivery, and nothing is owed for groceries. */
export const nothingFound = (order: Pick<Order, 'items'>) => order.items.length > 0 && order.items.every((item) => item.isDelivered === false)

/** How the runner's screens mark an order whose groceries the buyer pays by card (issue 29). */
export const groceriesPaidInApp = () => t`Groceries paid in the app`

/** What the card paid for the groceries: the hold's capture, and the extra charge above it when the card took it. */
export const groceriesChargedCents = ({ groceryPayment }: Pick<Order, 'groceryPayment'>) =>
  groceryPayment.capturedCents + (groceryPayment.extraStatus === 'captured' ? groceryPayment.extraCents : 0)

/**
 * How the groceries are paid, where an order's payment is summed up beside the word "Groceries":
 * the card's hold until it is captured, then what the card was charged (and what is left to the
 * door); a hold released or declined says so.
 */
export function groceryPaymentWords(order: Pick<Order, 'groceryPayment'>): string {
  const { method, status, holdCents, collectAtDoorCents } = order.groceryPayment
  if (method !== 'card') return t({ comment: 'How the groceries are paid: to the runner at the door', message: 'at the door' })
  const hold = formatCents(holdCents)
  if (status && isCharged(status)) {
    const charged = formatCents(groceriesChargedCents(order))
    const atDoor = formatCents(collectAtDoorCents)
    return collectAtDoorCents > 0 ? t`by card: ${charged} charged, ${atDoor} at the door` : t`by card: ${charged} charged`
  }
  switch (status) {
    case 'capture_failed':
      return t`by card: declined, so paid at the door`
    case 'cancelled':
      return t`by card: the ${hold} hold was released`
    default:
      return t`by card (hold ${hold})`
  }
}

/** Whether any of the fee and tip came back: the runner's earnings are then less refunds. */
export const feeAndTipRefunded = (order: Pick<Order, 'refunds'>) => order.refunds.some((refund) => refund.part === 'charge')

/** What the runner fronts at the store before the buyer pays them back, as every runner screen names it. */
export const estimatedGroceryLabel = () => t`Est. grocery cost (you pay at the store)`

/**
 * What the order earns its runner, as the server has it from the payouts ledger: the fee and tip
 * less refunds and the platform's share; nothing for an order that ended without a delivery.
 */
export const runnerEarningsCents = (order: Pick<Order, 'earnings'>) => orderCents(order.earnings?.amount ?? '0')

/**
 * Said beside the runner's earnings: what the figure is, before delivery and after. Each note is
 * read when it is shown, so it comes in the language on screen while the screens that read it
 * keep reading plain strings.
 */
export const EARNINGS_NOTES: Record<EarningsStatus, string> = {
  get expected() {
    return t`once delivered`
  },
  get pending() {
    return t({ comment: 'Earnings not yet settled', message: 'pending' })
  },
  get held() {
    return t`held while a problem is open`
  },
  get available() {
    return t`available for your next payout`
  },
  get in_transit() {
    return t`on its way to your bank`
  },
  get returned() {
    return t`came back from your bank`
  },
  get paid() {
    return t`paid to your bank`
  },
  get none() {
    return t`none: the order was cancelled`
  },
}

/** 'Nov 23, 2026, 3:04 PM' in the viewer's time zone, in the language on screen ('23 नव॰ 2026, 3:04 pm'). */
export const formatOrderDate = (iso: string, language: Language = currentLanguage()) =>
  new Intl.DateTimeFormat(`${language}-u-nu-latn`, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))

/** The runner's name as the buyer sees it once one accepted: 'Ravi K.'. */
export function runnerName(order: Pick<Order, 'runnerFirstName' | 'runnerLastName'>): string | null {
  if (!order.runnerFirstName) return null
  return order.runnerLastName ? `${order.runnerFirstName} ${order.runnerLastName.charAt(0)}.` : order.runnerFirstName
}

/**
 * The live tracking screen of an order. It is built in another branch: until its route is
 * registered here the typed route table does not know the path, so it is a plain string.
 */
export const trackingPath = (orderId: string): string => `/order/${encodeURIComponent(orderId)}`
