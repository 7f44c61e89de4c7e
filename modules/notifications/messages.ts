import { openStatus, windowLabel } from '../catalog/index'
import { type GroceryPayment, type OrderRow, orderContract, type RefundedPart } from '../orders/index'
import { holdWindows } from '../payments/index'
import { bankFailureWords } from '../payouts/index'
import { ACCEPTED_GROCERY_PAYMENT_METHODS, decimalAmount, formatCents, RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../shared/index'

const { itemsLabel, NO_SHOW_AFTER_HOURS, REFUNDED_PART_NAMES, SUBSTITUTION_WAIT_MS } = orderContract

/** The words of each message: plain, and specific to the order: the store, the amount, what happens next. */

/** A scheduled order's window as its buyer chose it, in the store's time: 'Sat 10:00–12:00'. */
const scheduledLabel = (order: OrderRow) =>
  order.scheduledFor && order.scheduledUntil
    ? windowLabel({ start: order.scheduledFor, end: order.scheduledUntil }, order.storeTimeZone)
    : 'as soon as possible'

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`
const methods = new Intl.ListFormat('en-US', { type: 'disjunction' }).format(ACCEPTED_GROCERY_PAYMENT_METHODS)

export const newOrderNearby = (order: OrderRow, miles: number) => ({
  title: `New order near you: ${order.storeName}`,
  body: `${itemsLabel(order.items)}, ${miles.toFixed(1)} mi away. Earn ${formatCents(order.totalCents)} (fee and tip). Accept it in Kirana before another runner does.`,
})

/** A scheduled order reaches the runners near its store, OFFER_LEAD_MINUTES before its window. */
export const offersOpen = (order: OrderRow) => ({
  title: `Finding a runner for ${order.storeName}`,
  body: `Runners near ${order.storeName} can now accept your order for ${scheduledLabel(order)}. We'll tell you when one does; if none accepts within ${RUNNER_ACCEPTANCE_WINDOW_MINUTES} minutes, the hold on your card is released.`,
})

/** How the groceries are paid, as the buyer chose: at the door, or by card at the receipt's total within the hold. */
type GroceryWay = Pick<GroceryPayment, 'method' | 'holdCents'>

/**
 * The evening before a scheduled order's offers lapse in the night (a 07:00–09:00 window's at
 * 5:30 AM): when runners see it, and when it is cancelled if none takes it, while the buyer can
 * still move it to a later window.
 */
export const offersOvernight = (order: OrderRow, now: Date) => {
  const opens = openStatus.openingText(order.offersOpenAt, order.storeTimeZone, now)
  const lapses = openStatus.openingText(holdWindows.holdExpiresAt(order.offersOpenAt), order.storeTimeZone, now)
  return {
    title: `Your ${scheduledLabel(order)} order: runners see it at ${opens}`,
    body: `Runners near ${order.storeName} can accept your order from ${opens}. If none has by ${lapses}, it is cancelled and the hold on your card released, and we'll tell you. To give runners longer while you sleep, move it to a later window in Kirana tonight.`,
  }
}

export const orderAccepted = (order: OrderRow, runnerName: string, groceries: GroceryWay) => ({
  title: `${runnerName} is shopping your order`,
  body: `${runnerName} accepted your ${order.storeName} order. Your card was charged ${formatCents(order.totalCents)} (fee and tip); ${
    groceries.method === 'card'
      ? `the groceries are charged to your card at the receipt's total, within the ${formatCents(groceries.holdCents)} held.`
      : 'pay for the groceries at the door.'
  }`,
})

export const orderPickedUp = (order: OrderRow, runnerName: string) => ({
  title: 'Your groceries are on the way',
  body: `${runnerName} picked up your order at ${order.storeName} and is heading to you.`,
})

export const orderDelivered = (order: OrderRow, runnerName: string, groceries: Pick<GroceryPayment, 'method' | 'collectAtDoorCents'>) => ({
  title: `Delivered: your ${order.storeName} order`,
  body:
    groceries.method === 'at_door'
      ? `Enjoy! If you have not yet, pay ${runnerName} for the groceries: ${methods}.`
      : groceries.collectAtDoorCents > 0
        ? `Enjoy! If you have not yet, pay ${runnerName} the ${formatCents(groceries.collectAtDoorCents)} left for the groceries: ${methods}.`
        : "Enjoy! The groceries are paid by card in the app, at the receipt's total: nothing to pay at the door.",
})

/** `runnersTold`: how many runners near the store were offered the order, which is why one that expired went untaken. */
export function orderCancelled(order: OrderRow, runnersTold = 0) {
  const hold = `${formatCents(order.totalCents)}`
  switch (order.cancelReason) {
    case 'capture_failed':
      return {
        title: 'Your order was cancelled',
        body: `Your card was declined when a runner accepted your ${order.storeName} order, so the order was cancelled. Nothing was charged.`,
      }
    case 'support':
      return { title: 'Your order was cancelled', body: `Kirana support cancelled your ${order.storeName} order and released the ${hold} hold on your card.` }
    case 'nothing_found':
      return {
        title: `Nothing found at ${order.storeName}`,
        body: `Your runner couldn't find any of your items at ${order.storeName}, so the order was cancelled. The ${hold} fee and tip are refunded to your card, and nothing is owed for groceries.`,
      }
    default:
      return {
        title: 'No runner this time',
        body: `${
          runnersTold > 0
            ? `${plural(runnersTold, 'runner')} near ${order.storeName} saw your order${order.scheduledFor ? ` for ${scheduledLabel(order)}` : ''}, but none accepted it within ${RUNNER_ACCEPTANCE_WINDOW_MINUTES} minutes${order.scheduledFor ? ' of offers opening' : ''}`
            : `No runner was available near ${order.storeName} within ${RUNNER_ACCEPTANCE_WINDOW_MINUTES} minutes of ${order.scheduledFor ? `offers opening for your order for ${scheduledLabel(order)}` : 'your order'}`
        }, so we released the ${hold} hold on your card. You were not charged.`,
      }
  }
}

export const orderReleasedByRunner = (order: OrderRow) => ({
  title: 'Your runner gave up your order',
  body: `Your runner could not do your ${order.storeName} order, so it was cancelled and the ${formatCents(order.totalCents)} fee and tip are refunded to your card. Nothing is owed for groceries.`,
})

export const orderCancelledAsNoShow = (order: OrderRow) => ({
  title: 'Order cancelled: you did not pick it up',
  body: `The buyer cancelled the ${order.storeName} order you accepted, since it was not picked up within ${NO_SHOW_AFTER_HOURS} hours. The fee and tip went back to them.`,
})

export const orderWithdrawn = (order: OrderRow) => ({
  title: 'Order no longer available',
  body: `${order.cancelReason === 'buyer' ? 'The buyer cancelled' : 'Kirana support cancelled'} the ${order.storeName} order near you. Nothing for you to do.`,
})

/** A chat message, the words themselves as the body (a long one cut short: the chat has it all). */
export const orderMessage = (order: OrderRow, senderName: string, words: string) => ({
  title: `${senderName}, about the ${order.storeName} order`,
  body: words.length > 140 ? `${words.slice(0, 139)}…` : words,
})

export const substitutionProposed = (
  order: OrderRow,
  runnerName: string,
  item: { name: string },
  replacement: { name: string; priceCents: number | null },
) => ({
  title: `Replace ${item.name}?`,
  body: `${order.storeName} has no ${item.name}. ${runnerName} suggests ${replacement.name}${replacement.priceCents === null ? '' : ` (${formatCents(replacement.priceCents)})`}. Approve or reject it in Kirana within ${SUBSTITUTION_WAIT_MS / 60_000} minutes, or it counts as a no.`,
})

/** The buyer's answer on a replacement, for the runner still in the aisle. */
export const substitutionDecided = (
  order: OrderRow,
  buyerName: string,
  item: { name: string },
  replacement: { name: string; status: 'approved' | 'rejected' | 'proposed' },
) =>
  replacement.status === 'approved'
    ? { title: `${buyerName} approved ${replacement.name}`, body: `Buy ${replacement.name} in place of ${item.name} for the ${order.storeName} order.` }
    : { title: `${buyerName} said no to ${replacement.name}`, body: `Leave ${item.name} out of the ${order.storeName} order; do not buy ${replacement.name}.` }

/**
 * The buyer's agreed total, as the runner hears it: what they collect at the door. Paid in the app,
 * that is nothing, or only what the total came to above the hold when the buyer pays that at the
 * door (an extra charge still under way counts as paid: its decline is told on its own).
 */
export const groceryTotalConfirmed = (order: OrderRow, buyerName: string, payment: Pick<GroceryPayment, 'method' | 'collectAtDoorCents'>) => {
  const totalCents = order.actualGroceryCents ?? 0
  const title = `${buyerName} confirmed the grocery total`
  const confirmed = `${buyerName} confirmed ${formatCents(totalCents)} for the ${order.storeName} groceries`
  if (payment.method === 'at_door')
    return { title, body: `${buyerName} agreed to pay you ${formatCents(totalCents)} for the ${order.storeName} groceries at the door.` }
  if (payment.collectAtDoorCents === 0) return { title, body: `${confirmed}, paid by card in the app: nothing to collect at the door.` }
  const byCard = decimalAmount(totalCents - payment.collectAtDoorCents)
  return { title, body: `${confirmed}: $${byCard} is paid by card in the app; collect ${formatCents(payment.collectAtDoorCents)} at the door: ${methods}.` }
}

/** A grocery charge declined (the hold's capture, or the extra above it): what the card did not take, the runner collects at the door, as their screen says. */
export const groceryChargeDeclinedToRunner = (order: OrderRow, buyerName: string, atDoorCents: number) => ({
  title: `Collect ${formatCents(atDoorCents)} at the door`,
  body: `${buyerName}'s card was declined for the ${order.storeName} groceries, so they pay you ${formatCents(atDoorCents)} at the door: ${methods}.`,
})

/** The same decline as the buyer hears it: what they now pay the runner at the door. */
export const groceryChargeDeclinedToBuyer = (order: OrderRow, runnerName: string, atDoorCents: number) => ({
  title: `Card declined: pay ${formatCents(atDoorCents)} at the door`,
  body: `Your card was declined for the ${order.storeName} groceries. Pay ${runnerName} ${formatCents(atDoorCents)} for them at the door: ${methods}.`,
})

/** Both have rated: each hears what the other gave them. */
export const ratingRevealed = (order: OrderRow, raterName: string, stars: number) => ({
  title: `${raterName} rated you ${plural(stars, 'star')}`,
  body: `You both rated the ${order.storeName} order, so your ratings are now shown to each other.`,
})

export const problemReported = (order: OrderRow, reporter: 'buyer' | 'runner', kind: string) => ({
  title: `Problem reported: ${order.storeName} order`,
  body: `The ${reporter} reported "${kind}" on the ${order.storeName} order. Kirana support will look into it; you can see the report in the order.`,
})

/** Money back on the buyer's card, named by the charge it came from: the fee and tip, the groceries, or the extra grocery charge. */
export const refundIssued = (order: OrderRow, refund: { amountCents: number; part: RefundedPart; reason: string }) => ({
  title: `${formatCents(refund.amountCents)} refunded to your card`,
  body: `Kirana refunded ${formatCents(refund.amountCents)} of the ${REFUNDED_PART_NAMES[refund.part]} of your ${order.storeName} order (${refund.reason}). Your bank usually shows it within 5 to 10 business days.`,
})

/** What a problem's refund does to the runner: of the fee and tip, their earnings; of the groceries, what they are paid back for them, unless Kirana bore it. */
function refundToRunner(refund: { part: RefundedPart; fromRunner: boolean }) {
  if (refund.part === 'charge') return ', which comes off your earnings on this order.'
  return refund.fromRunner ? ', which comes off what you are paid back for them.' : '; Kirana bears it, so what you are paid back for them is unchanged.'
}

/** A problem support resolved, as the order's buyer or runner hears it: the note, and what was refunded, of which charge, if anything. */
export function problemResolved(
  order: OrderRow,
  to: 'buyer' | 'runner',
  problem: { kind: string; resolution: string | null; refund: { amountCents: number; part: RefundedPart; fromRunner: boolean } | null },
) {
  const { refund } = problem
  const refunded = refund ? `${formatCents(refund.amountCents)}` : null
  const ofWhat = refund ? ` of the ${REFUNDED_PART_NAMES[refund.part]}` : ''
  const money =
    to === 'buyer'
      ? refund
        ? `${refunded}${ofWhat} was refunded to your card.`
        : 'Nothing was refunded.'
      : refund
        ? `The buyer was refunded ${refunded}${ofWhat}${refundToRunner(refund)}`
        : 'Your earnings on this order are unchanged.'
  return {
    title: refunded && to === 'buyer' ? `Problem resolved: ${refunded} refunded` : `Problem resolved: ${order.storeName} order`,
    body: `Kirana support resolved "${problem.kind}" on the ${order.storeName} order${problem.resolution ? `: ${problem.resolution}` : ''}. ${money}`,
  }
}

export const payoutSent = (amountCents: number) => ({
  title: `${formatCents(amountCents)} is on its way to you`,
  body: `Kirana sent ${formatCents(amountCents)} of your earnings to your payout account. Your bank usually shows it within two business days.`,
})

/** A payout to the runner's bank came back: how much, why in words, and what brings it back. */
export const payoutReturned = (amountCents: number, failureCode: string | null) => ({
  title: `${formatCents(amountCents)} came back from your bank`,
  body: `Your bank sent back a payout of ${formatCents(amountCents)}: ${bankFailureWords(failureCode)}. Your payouts are on hold until you set them up with another bank account on Earnings; then we send it again.`,
})

/** The money that came back, sent again to the bank account the runner gave since. */
export const payoutResent = (amountCents: number, bankLast4: string | null) => ({
  title: `${formatCents(amountCents)} was sent again`,
  body: `The ${formatCents(amountCents)} your old bank account sent back was paid to your bank account${bankLast4 ? ` ending ${bankLast4}` : ''}.`,
})

export const payoutAccountRestricted = (reason: string | null) => ({
  title: 'Your payouts are on hold',
  body: `${reason ?? 'Your payout account needs attention.'} Open Earnings and set up payouts again to get paid.`,
})
