import type { Database } from '../../db/database'
import { recipients, userContacts } from '../accounts/index'
import { findOrderMessage } from '../conversation/index'
import { findOrder, type OrderEvent, type OrderRow, orderOutbox } from '../orders/index'
import { groceries, idempotencyKeys } from '../payments/index'
import { offeredAmong } from '../runner/index'
import { type Clock, DELIVERY_RADIUS_MILES, describeForLog, hitRateLimit } from '../shared/index'
import { trustOutbox } from '../trust/index'
import { type NotificationType, ORDER_LINKS } from './contract'
import { type Draft, inTheirLanguages } from './drafts'
import * as text from './messages'
import { dispatchPayoutEvents } from './payout-dispatch'
import type { PushSender } from './push-sender'
import { type DispatchDeps, type NewNotification, passOver, pushPending, recipientsOf, writeAndPush, writeNotifications } from './records'
import type { Words } from './words'

/**
 * The key of one event for one person: a record per (user, key), so a retry tells no one twice.
 * Events that happen many times in an order (a chat message, a proposed replacement) add the
 * event's own id.
 */
export const eventKey = (orderId: string, type: OrderEvent['type'], occurrence?: number) =>
  `order:${orderId}:${type}${occurrence === undefined ? '' : `:${occurrence}`}`

const keyOf = (event: OrderEvent) => eventKey(event.orderId, event.type, event.subjectId === null ? undefined : event.id)

/** A lively chat buzzes a phone at most once a minute per order; every message is still in the list. */
const CHAT_PUSHES = { limit: 1, windowMs: 60_000 }

const { phoneVerifiedAmong, verifiedRunnersNear } = recipients

/** The first names each side is told by: null when the profile has none, for the reader's own words ('Your runner') to stand in. */
const runnerName = async (db: Database, order: OrderRow) =>
  order.runnerId ? ((await userContacts(db, [order.runnerId])).get(order.runnerId)?.firstName ?? null) : null
const buyerName = async (db: Database, order: OrderRow) => (await userContacts(db, [order.buyerId])).get(order.buyerId)?.firstName ?? null
const yourRunner = (words: Words, name: string | null) => name ?? words.say('name.your_runner')
const yourBuyer = (words: Words, name: string | null) => name ?? words.say('name.your_buyer')

/**
 * Whether the buyer's notice of the order's ending already says its fee and tip are refunded
 * (orderCancelled, orderReleasedByRunner), so that refund is not told a second time. The buyer's
 * own cancel has no such notice, nor has a no-show (that notice is the runner's).
 */
const endingToldTheRefund = (order: OrderRow) =>
  order.status === 'cancelled' &&
  (order.cancelReason === 'runner_released' || order.cancelReason === 'nothing_found' || (order.cancelReason === 'support' && order.reofferedAt !== null))

/** Where a notification about an order takes its reader: the buyer's tracking, the runner's delivery, else (an offer) the dashboard. */
const orderUrl = (order: OrderRow, userId: string) =>
  userId === order.buyerId ? ORDER_LINKS.tracking(order.id) : userId === order.runnerId ? ORDER_LINKS.delivery(order.id) : ORDER_LINKS.offers

type Write = Draft['write']

/** Who hears of an event, and what each is told (issue table: who hears what), in words written later in each reader's language. */
async function messagesFor(db: Database, clock: Clock, event: OrderEvent, order: OrderRow): Promise<Draft[]> {
  const key = keyOf(event)
  const note = (userId: string, type: NotificationType, write: Write): Draft => ({
    userId,
    write,
    data: { type, orderId: order.id, url: orderUrl(order, userId) },
    dedupeKey: key,
  })
  const toBuyer = async (type: NotificationType, write: Write) =>
    (await phoneVerifiedAmong(db, [order.buyerId])).has(order.buyerId) ? [note(order.buyerId, type, write)] : []
  const toRunner = async (type: NotificationType, write: Write) => {
    const runnerId = order.runnerId
    return runnerId && (await phoneVerifiedAmong(db, [runnerId])).has(runnerId) ? [note(runnerId, type, write)] : []
  }
  /** Who hears of what one party did (a message, a report): the other one, buyer or runner, if there is one with a verified phone. */
  const otherPartyOf = async (actorId: string) => {
    const fromBuyer = actorId === order.buyerId
    const recipient = fromBuyer ? order.runnerId : order.buyerId
    return recipient && (await phoneVerifiedAmong(db, [recipient])).has(recipient) ? { recipient, fromBuyer } : null
  }

  switch (event.type) {
    case 'rescheduled':
      // The buyer moved it themselves; runners hear of it again when its new offers open.
      return []
    case 'offers_overnight':
      return toBuyer('offers_overnight', (words) => text.offersOvernight(words, order, clock.now()))
    case 'placed':
    case 'offers_opened':
    case 'reoffered': {
      // A scheduled order's buyer hears that runners are being offered it now; a given-up one's, that another runner is being looked for.
      const buyer =
        event.type === 'offers_opened'
          ? await toBuyer('offers_open', (words) => text.offersOpen(words, order))
          : event.type === 'reoffered'
            ? await toBuyer('order_reoffered', (words) => text.orderReoffered(words, order))
            : []
      // Within the widest radius first (the SQL box), then each runner's own radius, switch and hours; never the runner who gave it up (the event's subject).
      const nearby = (await verifiedRunnersNear(db, { latitude: order.storeLatitude, longitude: order.storeLongitude }, DELIVERY_RADIUS_MILES)).filter(
        (runner) => runner.id !== order.buyerId && runner.id !== event.subjectId,
      )
      const offered = await offeredAmong(db, clock, nearby)
      return [
        ...buyer,
        ...nearby
          .filter((runner) => offered.has(runner.id))
          .map((runner) => note(runner.id, 'new_order_nearby', (words) => text.newOrderNearby(words, order, runner.distance))),
      ]
    }
    case 'accepted': {
      const [runner, groceries] = [await runnerName(db, order), await orderOutbox.groceryPaymentOfOrder(db, order)]
      return toBuyer('order_accepted', (words) => text.orderAccepted(words, order, yourRunner(words, runner), groceries))
    }
    case 'picked_up': {
      const runner = await runnerName(db, order)
      return toBuyer('order_picked_up', (words) => text.orderPickedUp(words, order, yourRunner(words, runner)))
    }
    case 'delivered': {
      const [runner, groceries] = [await runnerName(db, order), await orderOutbox.groceryPaymentOfOrder(db, order)]
      return toBuyer('order_delivered', (words) => text.orderDelivered(words, order, yourRunner(words, runner), groceries))
    }
    case 'cancelled': {
      // A paid order ended before pick-up: the runner gave it up (the buyer hears it is withdrawn, and refunded), or never came (the runner hears the buyer cancelled).
      if (order.cancelReason === 'runner_released') {
        const cardDeclined = await groceries.renewalDeclined(db, order.id)
        return toBuyer('order_withdrawn', (words) => text.orderReleasedByRunner(words, order, cardDeclined))
      }
      if (order.cancelReason === 'runner_no_show') return toRunner('order_cancelled', (words) => text.orderCancelledAsNoShow(words, order))
      // The runners told of its last offering: at placement, or (scheduled) when its offers opened, or, given up, its latest re-offer,
      // never the runner who gave it up nor runners told only of an offering another runner took since. The buyer is not among them.
      const reoffer = order.reofferedAt ? await orderOutbox.lastOrderEventBefore(db, order.id, 'reoffered', event.id) : null
      const offerings = reoffer ? [keyOf(reoffer)] : [eventKey(order.id, 'placed'), eventKey(order.id, 'offers_opened')]
      const told = [...new Set((await Promise.all(offerings.map((key) => recipientsOf(db, key)))).flat())].filter((id) => id !== order.buyerId)
      // An order that expired says why: offered to runners who let it go, or no runner near at all.
      const buyer = order.cancelReason === 'buyer' ? [] : await toBuyer('order_cancelled', (words) => text.orderCancelled(words, order, told.length))
      if (order.cancelReason !== 'buyer' && order.cancelReason !== 'support') return buyer
      // Withdrawn by a person while it waited: the runners told of it are told it is gone (still only those with a verified phone).
      const reachable = await phoneVerifiedAmong(db, told)
      return [...buyer, ...told.filter((id) => reachable.has(id)).map((id) => note(id, 'order_withdrawn', (words) => text.orderWithdrawn(words, order)))]
    }
    case 'message': {
      const message = event.subjectId ? await findOrderMessage(db, event.subjectId) : null
      const to = message && (await otherPartyOf(message.senderId))
      if (!message || !to) return []
      const sender = (await userContacts(db, [message.senderId])).get(message.senderId)?.firstName ?? null
      const senderIn = (words: Words) => (to.fromBuyer ? yourBuyer(words, sender) : yourRunner(words, sender))
      return [note(to.recipient, 'order_message', (words) => text.orderMessage(words, order, senderIn(words), message.message))]
    }
    case 'substitution_proposed': {
      // Told only while it still waits: a replacement taken back or already answered needs no question.
      const item = order.items.find((line) => line.id === event.subjectId)
      if (item?.substitution?.status !== 'proposed') return []
      const [runner, replacement] = [await runnerName(db, order), item.substitution]
      return toBuyer('substitution_proposed', (words) => text.substitutionProposed(words, order, yourRunner(words, runner), item, replacement))
    }
    case 'substitution_decided': {
      const item = order.items.find((line) => line.id === event.subjectId)
      if (!item?.substitution || item.substitution.status === 'proposed') return []
      const [buyer, replacement] = [await buyerName(db, order), item.substitution]
      return toRunner('substitution_decided', (words) => text.substitutionDecided(words, order, yourBuyer(words, buyer), item, replacement))
    }
    case 'grocery_total_confirmed': {
      const [buyer, payment] = [await buyerName(db, order), await orderOutbox.groceryPaymentOfOrder(db, order)]
      return toRunner('grocery_total_confirmed', (words) => text.groceryTotalConfirmed(words, order, yourBuyer(words, buyer), payment))
    }
    case 'grocery_charge_declined': {
      // Both sides hear what is now paid at the door.
      const atDoorCents = (await orderOutbox.groceryPaymentOfOrder(db, order)).collectAtDoorCents
      if (atDoorCents === 0) return []
      const [buyer, runner] = [await buyerName(db, order), await runnerName(db, order)]
      return [
        ...(await toRunner('grocery_charge_declined', (words) => text.groceryChargeDeclinedToRunner(words, order, yourBuyer(words, buyer), atDoorCents))),
        ...(await toBuyer('grocery_charge_declined', (words) => text.groceryChargeDeclinedToBuyer(words, order, yourRunner(words, runner), atDoorCents))),
      ]
    }
    case 'rating_revealed': {
      const ratings = await trustOutbox.revealedRatings(db, order.id)
      const names = await userContacts(
        db,
        ratings.map((rating) => rating.raterId),
      )
      const reachable = await phoneVerifiedAmong(
        db,
        ratings.map((rating) => rating.rateeId),
      )
      return ratings
        .filter((rating) => reachable.has(rating.rateeId))
        .map((rating) => {
          const rater = names.get(rating.raterId)?.firstName ?? null
          const raterIn = (words: Words) => (rating.raterId === order.buyerId ? yourBuyer(words, rater) : yourRunner(words, rater))
          return note(rating.rateeId, 'rating_revealed', (words) => text.ratingRevealed(words, order, raterIn(words), rating.stars))
        })
    }
    case 'problem_reported': {
      // The other party hears of it, whichever of the two reported it; support reads it in the CLI.
      const problem = event.subjectId ? await trustOutbox.problemToTell(db, event.subjectId) : null
      const to = problem && (await otherPartyOf(problem.reporterId))
      if (!problem || !to) return []
      return [note(to.recipient, 'problem_reported', (words) => text.problemReported(words, order, to.fromBuyer ? 'buyer' : 'runner', problem.kind))]
    }
    case 'refund_issued': {
      // The buyer hears of money back on their card; a problem's refund is told with the problem's resolving, and an ending's with the ending.
      const refund = event.subjectId ? await orderOutbox.refundToTell(db, order, event.subjectId) : null
      if (!refund || (await trustOutbox.isProblemRefund(db, order.id, refund.idempotencyKey))) return []
      if (refund.idempotencyKey === idempotencyKeys.owedRefund(order.id) && endingToldTheRefund(order)) return []
      return (await phoneVerifiedAmong(db, [order.buyerId])).has(order.buyerId)
        ? [note(order.buyerId, 'refund_issued', (words) => text.refundIssued(words, order, refund))]
        : []
    }
    case 'problem_resolved': {
      // Both sides hear how it ended: the buyer what came back to their card, the runner what it does to their earnings.
      const problem = event.subjectId ? await trustOutbox.problemToTell(db, event.subjectId) : null
      if (!problem) return []
      const parties = order.runnerId ? [order.buyerId, order.runnerId] : [order.buyerId]
      const reachable = await phoneVerifiedAmong(db, parties)
      return parties
        .filter((id) => reachable.has(id))
        .map((id) => note(id, 'problem_resolved', (words) => text.problemResolved(words, order, id === order.buyerId ? 'buyer' : 'runner', problem)))
    }
  }
}

/**
 * Writes and pushes a round of an event's records: at once, but a chat message's first written,
 * then pushed only if its recipient had no push about this order's chat within the minute.
 */
async function tell({ db, clock, push }: DispatchDeps, event: OrderEvent, round: readonly NewNotification[]) {
  if (event.type !== 'message') return writeAndPush(db, clock, push, round)
  const key = keyOf(event)
  const written = await writeNotifications(db, clock, round)
  for (const { userId } of round) {
    const allowed = (await hitRateLimit(db, clock, `push:order_message:${event.orderId}:${userId}`, CHAT_PUSHES)).allowed
    if (!allowed) await passOver(db, clock, key, userId)
  }
  await pushPending(db, clock, push, key)
  return written
}

/** People told per round of a fan-out: their records written and pushed, then a pause. */
const TOLD_AT_ONCE = 100

/**
 * After a round, the fan-out rests as long as the round took (wall time, not the order's clock):
 * it holds at most half of the event loop and of the database's time, however loaded the machine,
 * so signed-in reads beside a fan-out to thousands keep their p99. A fan-out of one round never
 * waits.
 */
const giveWay = (roundStartedAt: number) => Bun.sleep(performance.now() - roundStartedAt)

/** Pushes what is left unpushed (of one event, or of all), a round at a time. */
async function pushTheRest(db: Database, clock: Clock, push: PushSender, dedupeKey?: string, stopping = () => false) {
  while (!stopping()) {
    const started = performance.now()
    const pushed = await pushPending(db, clock, push, dedupeKey, TOLD_AT_ONCE)
    if (pushed === 0) return
    if (pushed === TOLD_AT_ONCE) await giveWay(started)
  }
}

/**
 * Works through the orders' outbox: for each event, writes the records (first, so nothing is
 * lost while a device is offline) and pushes them, 100 people a round with a rest between rounds
 * (giveWay), then does the move's follow-up (tracking's, see OrderTracking.followUp) and marks the
 * event done. Safe to run on several instances at once and to run again after a crash: records
 * are unique per user and event, each is claimed (as it is written, or after) before it is
 * pushed, and a follow-up done twice comes out the same.
 */
export async function dispatchOrderEvents({ db, clock, push, stopping = () => false }: DispatchDeps) {
  let events = 0
  let written = 0
  for (;;) {
    const batch = await orderOutbox.undispatchedOrderEvents(db)
    if (batch.length === 0) return { events, written }
    for (const event of batch) {
      if (stopping()) return { events, written }
      const order = await findOrder(db, event.orderId)
      if (order) {
        const key = keyOf(event)
        const notes = await inTheirLanguages(db, await messagesFor(db, clock, event, order))
        let roundStartedAt = performance.now()
        for (let start = 0; start < notes.length; start += TOLD_AT_ONCE) {
          if (start > 0) await giveWay(roundStartedAt)
          roundStartedAt = performance.now()
          written += await tell({ db, clock, push }, event, notes.slice(start, start + TOLD_AT_ONCE))
        }
        // Records an earlier, interrupted run wrote but did not push.
        await pushTheRest(db, clock, push, key)
        // The people told first; then what the move left for after its commit (a pick-up's prediction from the route service).
        await orderOutbox.followUpOrderEvent(db, event, order)
      }
      await orderOutbox.markOrderEventDispatched(db, clock, event.id)
      events++
    }
  }
}

/**
 * Runs dispatches one at a time in this process, however often it is woken: a wake during a run
 * asks for one more run, not for a queue of them. Stopping (as the process shuts down) ends the run
 * in flight after the event it is telling, before the database closes under it, and starts none
 * after: what is left waits in the outbox for the next process.
 */
export function dispatcher(deps: DispatchDeps) {
  let running: Promise<void> | null = null
  let again = false
  let stopped = false
  const runDeps = { ...deps, stopping: () => stopped }
  const run = () => {
    if (stopped) return Promise.resolve()
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        try {
          await dispatchOrderEvents(runDeps)
          await dispatchPayoutEvents(runDeps)
          await pushTheRest(deps.db, deps.clock, deps.push, undefined, runDeps.stopping)
        } catch (error) {
          console.error(`Notifications: dispatching failed, to be retried: ${describeForLog(error, { frames: false })}`)
        }
      } while (again && !stopped)
      running = null
    })()
    return running
  }
  const stop = () => {
    stopped = true
    return running ?? Promise.resolve()
  }
  return { run, stop }
}
