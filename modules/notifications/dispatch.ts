import type { Database } from '../../db/database'
import { phoneVerifiedAmong, userContacts, verifiedRunnersNear } from '../accounts/index'
import { findOrder, type OrderEvent, type OrderRow, orderOutbox } from '../orders/index'
import { offlineAmong } from '../runner/index'
import { type Clock, DELIVERY_RADIUS_MILES, describeForLog } from '../shared/index'
import type { NotificationType } from './contract'
import * as text from './messages'
import type { PushSender } from './push-sender'
import { type NewNotification, pushPending, recipientsOf, writeNotifications } from './records'

export type DispatchDeps = { db: Database; clock: Clock; push: PushSender }

/** The key of one event for one person: a record per (user, key), so a retry tells no one twice. */
export const eventKey = (orderId: string, type: OrderEvent['type']) => `order:${orderId}:${type}`

const runnerName = async (db: Database, order: OrderRow) =>
  (order.runnerId ? (await userContacts(db, [order.runnerId])).get(order.runnerId)?.firstName : null) ?? 'Your runner'

/** Who hears of an event, and what each is told (issue table: who hears what). */
async function messagesFor(db: Database, event: OrderEvent, order: OrderRow): Promise<NewNotification[]> {
  const key = eventKey(order.id, event.type)
  const note = (userId: string, type: NotificationType, words: { title: string; body: string }): NewNotification => ({
    userId,
    ...words,
    data: { type, orderId: order.id },
    dedupeKey: key,
  })
  const toBuyer = async (type: NotificationType, words: { title: string; body: string }) =>
    (await phoneVerifiedAmong(db, [order.buyerId])).has(order.buyerId) ? [note(order.buyerId, type, words)] : []

  switch (event.type) {
    case 'placed': {
      const nearby = (await verifiedRunnersNear(db, { latitude: order.storeLatitude, longitude: order.storeLongitude }, DELIVERY_RADIUS_MILES)).filter(
        (runner) => runner.id !== order.buyerId,
      )
      const offline = await offlineAmong(
        db,
        nearby.map((runner) => runner.id),
      )
      return nearby
        .filter((runner) => !offline.has(runner.id))
        .map((runner) => note(runner.id, 'new_order_nearby', text.newOrderNearby(order, runner.distance)))
    }
    case 'accepted':
      return toBuyer('order_accepted', text.orderAccepted(order, await runnerName(db, order)))
    case 'picked_up':
      return toBuyer('order_picked_up', text.orderPickedUp(order, await runnerName(db, order)))
    case 'delivered':
      return toBuyer('order_delivered', text.orderDelivered(order, await runnerName(db, order)))
    case 'cancelled': {
      if (order.cancelReason !== 'buyer') return toBuyer('order_cancelled', text.orderCancelled(order))
      // The runners told of the order are told it is gone (still only those with a verified phone).
      const told = await recipientsOf(db, eventKey(order.id, 'placed'))
      const reachable = await phoneVerifiedAmong(db, told)
      return told.filter((id) => reachable.has(id)).map((id) => note(id, 'order_withdrawn', text.orderWithdrawn(order)))
    }
  }
}

/** People told per round of a fan-out: their records in one insert, then their pushes, then the event loop's turn. */
const TOLD_AT_ONCE = 250

/** Lets requests waiting on the event loop go first: a fan-out to thousands never starves the routes. */
const nextTurn = () => new Promise<void>((resume) => setImmediate(resume))

/** Pushes what is left unpushed (of one event, or of all), a round at a time. */
async function pushTheRest(db: Database, clock: Clock, push: PushSender, dedupeKey?: string) {
  while ((await pushPending(db, clock, push, dedupeKey, TOLD_AT_ONCE)) > 0) await nextTurn()
}

/**
 * Works through the orders' outbox: for each event, writes the records (first, so nothing is
 * lost while a device is offline), pushes them, and marks the event done, 250 people a round
 * with the event loop's turn between rounds. Safe to run on several instances at once and to
 * run again after a crash: records are unique per user and event, and each is claimed before it
 * is pushed.
 */
export async function dispatchOrderEvents({ db, clock, push }: DispatchDeps) {
  let events = 0
  let written = 0
  for (;;) {
    const batch = await orderOutbox.undispatched(db)
    if (batch.length === 0) return { events, written }
    for (const event of batch) {
      const order = await findOrder(db, event.orderId)
      if (order) {
        const key = eventKey(order.id, event.type)
        const messages = await messagesFor(db, event, order)
        for (let start = 0; start < messages.length; start += TOLD_AT_ONCE) {
          written += await writeNotifications(db, clock, messages.slice(start, start + TOLD_AT_ONCE))
          await pushPending(db, clock, push, key, TOLD_AT_ONCE)
          await nextTurn()
        }
        // Records an earlier, interrupted run wrote but did not push.
        await pushTheRest(db, clock, push, key)
      }
      await orderOutbox.markDispatched(db, clock, event.id)
      events++
    }
  }
}

/**
 * Runs dispatches one at a time in this process, however often it is woken: a wake during a run
 * asks for one more run, not for a queue of them.
 */
export function dispatcher(deps: DispatchDeps) {
  let running: Promise<void> | null = null
  let again = false
  const run = () => {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        try {
          await dispatchOrderEvents(deps)
          await pushTheRest(deps.db, deps.clock, deps.push)
        } catch (error) {
          console.error(`Notifications: dispatching failed, to be retried: ${describeForLog(error, { frames: false })}`)
        }
      } while (again)
      running = null
    })()
    return running
  }
  return { run }
}
