import { cron } from '@elysiajs/cron'
import { Elysia } from 'elysia'
import { whileHoldingLock } from '../db/advisory-lock'
import type { Database, DatabaseKind, Listen } from '../db/database'
import { ORDER_MESSAGE_CHANNEL } from '../modules/conversation/index'
import { dispatcher, type PushSender } from '../modules/notifications/index'
import { captureUnansweredGroceryTotals, orderOutbox, orderRecords, orderSupport, ordersPaymentListener, sweepExpiredOrders } from '../modules/orders/index'
import { groceries, intents, type PaymentGateway } from '../modules/payments/index'
import { payoutDesk, payoutOutbox } from '../modules/payouts/index'
import { settleInterruptedClaims } from '../modules/runner/index'
import { openDueOffers, tellOvernightOffers } from '../modules/scheduling/index'
import { type Clock, describeForLog, formatCents, pruneRateLimits } from '../modules/shared/index'
import { type DriveRouter, orderTracking } from '../modules/tracking/index'
import { orderTrust } from '../modules/trust/index'

export type JobDeps = { db: Database; dbKind: DatabaseKind; clock: Clock; gateway: PaymentGateway }
/** `router`: the ETA's, as the app was given it; orders has one tracking connection per process, so the jobs connect the same. */
export type JobsDeps = JobDeps & { listen: Listen; push: PushSender; router: DriveRouter; payoutRunMinutes: number; groceryConfirmHours: number }

/** The advisory lock the payment sweep runs under: whoever holds it keeps every instance's sweep away. */
export const PAYMENT_SWEEP_LOCK = 'kirana:payment-sweep'

/**
 * Opens the offers of scheduled orders whose lead time has come (their runners told once), tells
 * the buyers of those whose offers lapse overnight the evening before, then
 * settles every hold: releases orders no runner accepted within 30 minutes of their offers opening and authorizations
 * that never became an order, finishes captures a stopped process left half done, refunds what
 * paid orders ended before pick-up still owe, and captures the grocery holds whose total was
 * settled while the gateway was out of reach, and charges the extras left owed with them; it
 * also releases the grocery holds a renewal replaced whose release the gateway refused. One
 * instance at a time (an advisory lock).
 */
export async function sweepPayments({ db, dbKind, clock, gateway }: JobDeps) {
  const groceryDeps = { db, gateway, clock, listener: ordersPaymentListener(db, clock, gateway) }
  const run = await whileHoldingLock(db, dbKind, PAYMENT_SWEEP_LOCK, async () => ({
    offersOpened: await openDueOffers(db, clock),
    overnightTold: await tellOvernightOffers(db, clock),
    orders: await sweepExpiredOrders(db, gateway, clock),
    intents: await intents.releaseAbandonedIntents({ db, gateway, clock }),
    claims: await settleInterruptedClaims(db, gateway, clock),
    refunds: await orderSupport.settleOwedRefunds(db, gateway, clock),
    replacedGroceryHolds: await groceries.releaseReplacedHolds(groceryDeps),
    groceryCaptures: await groceries.captureOwed(groceryDeps),
    // After the captures: an extra charge waits for its hold's.
    groceryExtras: await groceries.chargeOwedExtras(groceryDeps),
  }))
  return run.ran ? run.result : null
}

/** The advisory lock the automatic grocery captures run under, one instance at a time (each capture's key keeps it once regardless). */
export const GROCERY_CAPTURE_LOCK = 'kirana:grocery-capture'

/** Captures the grocery holds whose total went unanswered GROCERY_CONFIRM_HOURS after delivery, at the runner's total. */
export async function captureGroceryTotals({ db, dbKind, clock, gateway }: JobDeps, confirmHours: number) {
  const run = await whileHoldingLock(db, dbKind, GROCERY_CAPTURE_LOCK, () => captureUnansweredGroceryTotals(db, gateway, clock, confirmHours))
  return run.ran ? run.result : null
}

/** The advisory lock a payout run holds: one instance transfers at a time (each line's key keeps it once regardless). */
export const PAYOUT_RUN_LOCK = 'kirana:payout-run'

/**
 * One payout run (payouts' runPayouts) under its lock: the cron's every PAYOUT_RUN_MINUTES skips
 * while another instance runs; support's `payouts run` waits its turn.
 */
export async function payOutRunners({ db, dbKind, clock, gateway }: JobDeps, options: { wait?: boolean } = {}) {
  const run = await whileHoldingLock(db, dbKind, PAYOUT_RUN_LOCK, () => payoutDesk.runPayouts(db, gateway, clock), options)
  return run.ran ? run.result : null
}

/** Whether this minute is one of the payout runs': minutes since the epoch, so every instance agrees. */
export const payoutRunDue = (now: Date, everyMinutes: number) => Math.floor(now.getTime() / 60_000) % everyMinutes === 0

/**
 * The one place jobs run, each a plain function the tests call directly: every minute on
 * @elysiajs/cron, the payment sweep, the automatic grocery captures and the notifications left undone, and the payout run when its
 * minute comes (a cron of its own, so a long run never holds up the sweep); and, on every order
 * change, chat message or payout event any instance (or the CLI) makes, the notifications of it.
 */
export function jobs(deps: JobsDeps) {
  orderRecords.connectOrderTrust(orderTrust)
  orderRecords.connectOrderTracking(orderTracking(deps.router))
  const notify = dispatcher({ db: deps.db, clock: deps.clock, push: deps.push })
  void Promise.all(
    [...orderOutbox.channels, ORDER_MESSAGE_CHANNEL, ...payoutOutbox.channels].map((channel) => deps.listen(channel, () => void notify.run())),
  ).then(() => notify.run())
  return (
    new Elysia({ name: 'jobs' })
      // For shutting down: the run in flight ends before the database closes.
      .state('notificationDispatcher', notify)
      .use(
        cron({
          name: 'payment-sweep',
          pattern: '* * * * *',
          protect: true,
          async run() {
            try {
              const swept = await sweepPayments(deps)
              if (swept && swept.orders.cancelled.length + swept.intents.released.length > 0) {
                console.log(
                  `Sweep: cancelled ${swept.orders.cancelled.length} expired orders, released ${swept.intents.released.length} abandoned authorizations`,
                )
              }
              await captureGroceryTotals(deps, deps.groceryConfirmHours)
              await pruneRateLimits(deps.db, deps.clock)
              await notify.run()
            } catch (error) {
              console.error(`The payment sweep failed and will run again next minute: ${describeForLog(error, { frames: false })}`)
            }
          },
        }),
      )
      .use(
        cron({
          name: 'payout-run',
          pattern: '* * * * *',
          protect: true,
          async run() {
            if (!payoutRunDue(deps.clock.now(), deps.payoutRunMinutes)) return
            try {
              const paid = await payOutRunners(deps)
              if (paid && paid.transferred + paid.refused.length > 0)
                console.log(`Payouts: transferred ${paid.transferred} lines (${formatCents(paid.amountCents)}), ${paid.refused.length} refused`)
              await notify.run()
            } catch (error) {
              console.error(`The payout run failed and will run again at its next minute: ${describeForLog(error, { frames: false })}`)
            }
          },
        }),
      )
  )
}
