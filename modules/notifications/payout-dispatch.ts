import { payoutOutbox } from '../payouts/index'
import * as text from './messages'
import { type DispatchDeps, pushPending, writeNotifications } from './records'

/** The Earnings screen, where every payout notification leads. */
const EARNINGS_URL = '/earnings'

/**
 * Works through payouts' outbox: a runner hears of each transfer sent them, with its amount, and
 * of an account restricted (a payout to the bank failed). Written, then pushed, then marked done;
 * a record per runner and event, so a run again after a crash tells no one twice.
 */
export async function dispatchPayoutEvents({ db, clock, push, stopping = () => false }: DispatchDeps) {
  let events = 0
  for (;;) {
    const batch = await payoutOutbox.undispatched(db)
    if (batch.length === 0) return events
    for (const event of batch) {
      if (stopping()) return events
      const dedupeKey = `payout-event:${event.id}`
      const words = event.type === 'payout_sent' ? text.payoutSent(event.amountCents ?? 0) : text.payoutAccountRestricted(event.detail)
      const type = event.type === 'payout_sent' ? 'payout_sent' : 'payout_account_restricted'
      await writeNotifications(db, clock, [{ userId: event.runnerId, ...words, data: { type, url: EARNINGS_URL }, dedupeKey }])
      await pushPending(db, clock, push, dedupeKey)
      await payoutOutbox.markDispatched(db, clock, event.id)
      events++
    }
  }
}
