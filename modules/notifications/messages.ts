import type { GroceryPayment, OrderRow, RefundedPart } from '../orders/index'
import { orderContract } from '../orders/index'
import { holdWindows } from '../payments/index'
import { decimalAmount, formatCents, RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../shared/index'
import type { Words } from './words'

const { NO_SHOW_AFTER_HOURS, SUBSTITUTION_WAIT_MS } = orderContract

/**
 * The words of each message: plain, and specific to the order: the store, the amount, what happens
 * next. Written in the reader's language (`words`, from locales/<language>.po); amounts are US
 * dollars with Latin digits in every language ('$12.50'), times are in the store's zone.
 */

/** A scheduled order's window as its buyer chose it, in the store's time: 'Sat 10:00–12:00'. */
const scheduledLabel = (words: Words, order: OrderRow) =>
  order.scheduledFor && order.scheduledUntil
    ? words.window({ start: order.scheduledFor, end: order.scheduledUntil }, order.storeTimeZone)
    : words.say('window.asap')

export const newOrderNearby = (words: Words, order: OrderRow, miles: number) => ({
  title: words.say('new_order_nearby.title', { store: order.storeName }),
  body: words.say('new_order_nearby.body', { items: words.items(order.items), miles: miles.toFixed(1), earn: formatCents(order.totalCents) }),
})

/** A scheduled order reaches the runners near its store, OFFER_LEAD_MINUTES before its window. */
export const offersOpen = (words: Words, order: OrderRow) => ({
  title: words.say('offers_open.title', { store: order.storeName }),
  body: words.say('offers_open.body', { store: order.storeName, window: scheduledLabel(words, order), minutes: RUNNER_ACCEPTANCE_WINDOW_MINUTES }),
})

/** How the groceries are paid, as the buyer chose: at the door, or by card at the receipt's total within the hold. */
type GroceryWay = Pick<GroceryPayment, 'method' | 'holdCents'>

/**
 * The evening before a scheduled order's offers lapse in the night (a 07:00–09:00 window's at
 * 5:30 AM): when runners see it, and when it is cancelled if none takes it, while the buyer can
 * still move it to a later window.
 */
export const offersOvernight = (words: Words, order: OrderRow, now: Date) => {
  const opens = words.at(order.offersOpenAt, order.storeTimeZone, now)
  const lapses = words.at(holdWindows.holdExpiresAt(order.offersOpenAt), order.storeTimeZone, now)
  return {
    title: words.say('offers_overnight.title', { window: scheduledLabel(words, order), opens }),
    body: words.say('offers_overnight.body', { store: order.storeName, opens, lapses }),
  }
}

export const orderAccepted = (words: Words, order: OrderRow, runnerName: string, groceries: GroceryWay) => ({
  title: words.say('order_accepted.title', { runner: runnerName }),
  body: words.say('order_accepted.body', {
    runner: runnerName,
    store: order.storeName,
    charged: formatCents(order.totalCents),
    groceries: groceries.method,
    hold: formatCents(groceries.holdCents),
  }),
})

export const orderPickedUp = (words: Words, order: OrderRow, runnerName: string) => ({
  title: words.say('order_picked_up.title'),
  body: words.say('order_picked_up.body', { runner: runnerName, store: order.storeName }),
})

export const orderDelivered = (words: Words, order: OrderRow, runnerName: string, groceries: Pick<GroceryPayment, 'method' | 'collectAtDoorCents'>) => ({
  title: words.say('order_delivered.title', { store: order.storeName }),
  body: words.say('order_delivered.body', {
    payment: groceries.method === 'at_door' ? 'at_door' : groceries.collectAtDoorCents > 0 ? 'rest' : 'card',
    runner: runnerName,
    left: formatCents(groceries.collectAtDoorCents),
    methods: words.methods,
  }),
})

/** `runnersTold`: how many runners near the store were offered the order, which is why one that expired went untaken. */
export function orderCancelled(words: Words, order: OrderRow, runnersTold: number) {
  const { say } = words
  const hold = formatCents(order.totalCents)
  const store = order.storeName
  switch (order.cancelReason) {
    case 'capture_failed':
      return { title: say('order_cancelled.title'), body: say('order_cancelled.declined', { store }) }
    case 'support':
      // A re-offered order was charged when its first runner accepted: support's cancel refunds it, there is no hold to release.
      return {
        title: say('order_cancelled.title'),
        body: order.reofferedAt ? say('order_cancelled.support_refunded', { store, amount: hold }) : say('order_cancelled.support', { store, hold }),
      }
    case 'nothing_found':
      return { title: say('nothing_found.title', { store }), body: say('nothing_found.body', { store, amount: hold }) }
    default: {
      const scheduled = order.scheduledFor !== null
      const body = `order_expired.${runnersTold > 0 ? 'seen' : 'unseen'}${scheduled ? '_scheduled' : ''}`
      const window = scheduled ? scheduledLabel(words, order) : ''
      return {
        title: say('order_expired.title'),
        body: say(body, { runners: runnersTold, store, window, minutes: RUNNER_ACCEPTANCE_WINDOW_MINUTES, hold }),
      }
    }
  }
}

/** `cardDeclined`: its grocery hold, too old for another runner, could not be authorized again, which is why it ended. */
export const orderReleasedByRunner = (words: Words, order: OrderRow, cardDeclined = false) => ({
  title: words.say('runner_gave_up.title'),
  body: words.say(cardDeclined ? 'runner_gave_up.card_declined' : 'runner_gave_up.body', { store: order.storeName, amount: formatCents(order.totalCents) }),
})

export const orderReoffered = (words: Words, order: OrderRow) => ({
  title: words.say('order_reoffered.title'),
  body: words.say('order_reoffered.body', { store: order.storeName, amount: formatCents(order.totalCents), minutes: RUNNER_ACCEPTANCE_WINDOW_MINUTES }),
})

export const orderCancelledAsNoShow = (words: Words, order: OrderRow) => ({
  title: words.say('no_show.title'),
  body: words.say('no_show.body', { store: order.storeName, hours: NO_SHOW_AFTER_HOURS }),
})

export const orderWithdrawn = (words: Words, order: OrderRow) => ({
  title: words.say('order_withdrawn.title'),
  body: words.say('order_withdrawn.body', { by: order.cancelReason === 'buyer' ? 'buyer' : 'support', store: order.storeName }),
})

/** A chat message, the words themselves as the body, never translated (a long one cut short: the chat has it all). */
export const orderMessage = (words: Words, order: OrderRow, senderName: string, message: string) => ({
  title: words.say('order_message.title', { sender: senderName, store: order.storeName }),
  body: message.length > 140 ? `${message.slice(0, 139)}…` : message,
})

export const substitutionProposed = (
  words: Words,
  order: OrderRow,
  runnerName: string,
  item: { name: string },
  replacement: { name: string; priceCents: number | null },
) => ({
  title: words.say('substitution_proposed.title', { item: item.name }),
  body: words.say('substitution_proposed.body', {
    store: order.storeName,
    item: item.name,
    runner: runnerName,
    replacement: replacement.name,
    priced: replacement.priceCents === null ? 'no' : 'yes',
    price: replacement.priceCents === null ? '' : formatCents(replacement.priceCents),
    minutes: SUBSTITUTION_WAIT_MS / 60_000,
  }),
})

/** The buyer's answer on a replacement, for the runner still in the aisle. */
export function substitutionDecided(
  words: Words,
  order: OrderRow,
  buyerName: string,
  item: { name: string },
  replacement: { name: string; status: 'approved' | 'rejected' | 'proposed' },
) {
  const answer = replacement.status === 'approved' ? 'substitution_approved' : 'substitution_rejected'
  const values = { buyer: buyerName, replacement: replacement.name, item: item.name, store: order.storeName }
  return { title: words.say(`${answer}.title`, values), body: words.say(`${answer}.body`, values) }
}

/**
 * The buyer's agreed total, as the runner hears it: what they collect at the door. Paid in the app,
 * that is nothing, or only what the total came to above the hold when the buyer pays that at the
 * door (an extra charge still under way counts as paid: its decline is told on its own).
 */
export function groceryTotalConfirmed(words: Words, order: OrderRow, buyerName: string, payment: Pick<GroceryPayment, 'method' | 'collectAtDoorCents'>) {
  const totalCents = order.actualGroceryCents ?? 0
  const values = { buyer: buyerName, total: formatCents(totalCents), store: order.storeName }
  const title = words.say('grocery_total.title', values)
  if (payment.method === 'at_door') return { title, body: words.say('grocery_total.at_door', values) }
  if (payment.collectAtDoorCents === 0) return { title, body: words.say('grocery_total.by_card', values) }
  return {
    title,
    body: words.say('grocery_total.split', {
      ...values,
      byCard: `$${decimalAmount(totalCents - payment.collectAtDoorCents)}`,
      atDoor: formatCents(payment.collectAtDoorCents),
      methods: words.methods,
    }),
  }
}

/** A grocery charge declined (the hold's capture, or the extra above it): what the card did not take, the runner collects at the door, as their screen says. */
export const groceryChargeDeclinedToRunner = (words: Words, order: OrderRow, buyerName: string, atDoorCents: number) => ({
  title: words.say('declined_to_runner.title', { amount: formatCents(atDoorCents) }),
  body: words.say('declined_to_runner.body', { buyer: buyerName, store: order.storeName, amount: formatCents(atDoorCents), methods: words.methods }),
})

/** The same decline as the buyer hears it: what they now pay the runner at the door. */
export const groceryChargeDeclinedToBuyer = (words: Words, order: OrderRow, runnerName: string, atDoorCents: number) => ({
  title: words.say('declined_to_buyer.title', { amount: formatCents(atDoorCents) }),
  body: words.say('declined_to_buyer.body', { runner: runnerName, store: order.storeName, amount: formatCents(atDoorCents), methods: words.methods }),
})

/** Both have rated: each hears what the other gave them. */
export const ratingRevealed = (words: Words, order: OrderRow, raterName: string, stars: number) => ({
  title: words.say('rating_revealed.title', { rater: raterName, stars }),
  body: words.say('rating_revealed.body', { store: order.storeName }),
})

export const problemReported = (words: Words, order: OrderRow, reporter: 'buyer' | 'runner', kind: string) => ({
  title: words.say('problem_reported.title', { store: order.storeName }),
  body: words.say('problem_reported.body', { reporter, kind: words.say('problem_kind', { kind }), store: order.storeName }),
})

/** Which charge a refund gave back from, in the reader's words: the fee and tip, the groceries, or the extra grocery charge. */
const partOf = (words: Words, part: RefundedPart) => words.say('refunded_part', { part })

/** Money back on the buyer's card, named by the charge it came from. The reason is support's own note, as written. */
export const refundIssued = (words: Words, order: OrderRow, refund: { amountCents: number; part: RefundedPart; reason: string }) => ({
  title: words.say('refund_issued.title', { amount: formatCents(refund.amountCents) }),
  body: words.say('refund_issued.body', {
    amount: formatCents(refund.amountCents),
    part: partOf(words, refund.part),
    store: order.storeName,
    reason: refund.reason,
  }),
})

type ProblemRefund = { amountCents: number; part: RefundedPart; fromRunner: boolean }

/** What a problem's refund means to its reader: the buyer's card, or the runner's earnings or what they are paid back for the groceries (unless Kirana bore it). */
function outcomeOf(words: Words, to: 'buyer' | 'runner', refund: ProblemRefund | null) {
  if (!refund) return words.say(to === 'buyer' ? 'problem_resolved.buyer_none' : 'problem_resolved.runner_none')
  const values = { amount: formatCents(refund.amountCents), part: partOf(words, refund.part) }
  if (to === 'buyer') return words.say('problem_resolved.buyer_refund', values)
  const from = refund.part === 'charge' ? 'charge' : refund.fromRunner ? 'runner' : 'kirana'
  return words.say('problem_resolved.runner_refund', { ...values, from })
}

/** A problem support resolved, as the order's buyer or runner hears it: the note, and what was refunded, of which charge, if anything. */
export function problemResolved(
  words: Words,
  order: OrderRow,
  to: 'buyer' | 'runner',
  problem: { kind: string; resolution: string | null; refund: ProblemRefund | null },
) {
  const { refund } = problem
  const values = {
    store: order.storeName,
    kind: words.say('problem_kind', { kind: problem.kind }),
    resolution: problem.resolution ?? '',
    outcome: outcomeOf(words, to, refund),
  }
  return {
    title:
      refund && to === 'buyer'
        ? words.say('problem_resolved.title_refunded', { amount: formatCents(refund.amountCents) })
        : words.say('problem_resolved.title', values),
    body: words.say(problem.resolution ? 'problem_resolved.body_noted' : 'problem_resolved.body', values),
  }
}

export const payoutSent = (words: Words, amountCents: number) => ({
  title: words.say('payout_sent.title', { amount: formatCents(amountCents) }),
  body: words.say('payout_sent.body', { amount: formatCents(amountCents) }),
})

/** A payout to the runner's bank came back: how much, why in words (the bank's failure code, never shown), and what brings it back. */
export const payoutReturned = (words: Words, amountCents: number, failureCode: string | null) => ({
  title: words.say('payout_returned.title', { amount: formatCents(amountCents) }),
  body: words.say('payout_returned.body', { amount: formatCents(amountCents), why: words.say('bank_failure', { code: failureCode ?? 'unknown' }) }),
})

/** The money that came back, sent again to the bank account the runner gave since. */
export const payoutResent = (words: Words, amountCents: number, bankLast4: string | null) => ({
  title: words.say('payout_resent.title', { amount: formatCents(amountCents) }),
  body: words.say(bankLast4 ? 'payout_resent.body_ending' : 'payout_resent.body', { amount: formatCents(amountCents), last4: bankLast4 ?? '' }),
})

/** Payouts stopped until the runner gives the gateway more: the Earnings screen says what, in the gateway's own terms. */
export const payoutAccountRestricted = (words: Words) => ({
  title: words.say('payout_restricted.title'),
  body: words.say('payout_restricted.body'),
})
