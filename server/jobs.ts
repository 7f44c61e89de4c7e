import { cron } from '@elysiajs/cron'
import { Elysia } from 'elysia'
import { whileHoldingLock } from '../db/advisory-lock'
import type { Database, DatabaseKind, Listen } from '../db/database'
import { dispatcher, type PushSender } from '../modules/notifications/index'
import { orderOutbox, orderSupport, sweepExpiredOrders } from '../modules/orders/index'
import { type PaymentGateway, releaseAbandonedIntents } from '../modules/payments/index'
import { settleInterruptedClaims } from '../modules/runner/index'
import { type Clock, describeForLog, pruneRateLimits } from '../modules/shared/index'

export type JobDeps = { db: Database; dbKind: DatabaseKind; clock: Clock; gateway: PaymentGateway }
export type JobsDeps = JobDeps & { listen: Listen; push: PushSender }

/** The advisory lock the payment sweep runs under: whoever holds it keeps every instance's sweep away. */
export const PAYMENT_SWEEP_LOCK = 'kirana:payment-sweep'

/**
 * Settles every hold: releases orders no runner accepted within 30 minutes and authorizations
 * that never became an order, finishes captures a stopped process left half done, and refunds
 * what paid orders ended before pick-up still owe. One
 * instance at a time (an advisory lock).
 */
export async function sweepPayments({ db, dbKind, clock, gateway }: JobDeps) {
  const run = await whileHoldingLock(db, dbKind, PAYMENT_SWEEP_LOCK, async () => ({
    orders: await sweepExpiredOrders(db, gateway, clock),
    intents: await releaseAbandonedIntents({ db, gateway, clock }),
    claims: await settleInterruptedClaims(db, gateway, clock),
    refunds: await orderSupport.settleOwedRefunds(db, gateway, clock),
  }))
  return run.ran ? run.result : null
}

/**
 * The one place jobs run, each a plain function the tests call directly: every minute on
 * @elysiajs/cron, the payment sweep and the notifications left undone; and, on every order
 * change or chat message any instance makes, the notifications of it.
 */
export function jobs(deps: JobsDeps) {
  const notify = dispatcher({ db: deps.db, clock: deps.clock, push: deps.push })
  void Promise.all(orderOutbox.channels.map((channel) => deps.listen(channel, () => void notify.run()))).then(() => notify.run())
  return new Elysia({ name: 'jobs' }).use(
    cron({
      name: 'payment-sweep',
      pattern: '* * * * *',
      protect: true,
      async run() {
        try {
          const swept = await sweepPayments(deps)
          if (swept && swept.orders.cancelled.length + swept.intents.released.length > 0) {
            console.log(`Sweep: cancelled ${swept.orders.cancelled.length} expired orders, released ${swept.intents.released.length} abandoned authorizations`)
          }
          await pruneRateLimits(deps.db, deps.clock)
          await notify.run()
        } catch (error) {
          console.error(`The payment sweep failed and will run again next minute: ${describeForLog(error, { frames: false })}`)
        }
      },
    }),
  )
}
