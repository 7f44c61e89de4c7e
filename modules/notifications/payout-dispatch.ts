import { payoutOutbox } from '../payouts/index'
import type { NotificationType } from './contract'
import { type Draft, inTheirLanguages } from './drafts'
import * as text from './messages'
import { type DispatchDeps, pushPending, writeNotifications } from './records'

/** The Earnings screen, where every payout notification leads. */
const EARNINGS_URL = '/earnings'

type PayoutEvent = Awaited<ReturnType<typeof payoutOutbox.undispatchedPayoutEvents>>[number]['event']
/** One notice: of one event, or of a runner's transfers together (`sentCents`, their sum). */
type Round = { ids: number[]; runnerId: string; event: PayoutEvent | null; sentCents: number }

/**
 * Works through payouts' outbox: a runner hears once of all the transfers sent them since they
 * were last told (a run's), with their sum, leaving out lines whose payout has come back from the
 * bank since (that notice tells of them); of a payout the bank sent back (which puts payouts on
 * hold) and of one sent again; and of an account restricted. Written, then pushed, then marked
 * done; a record per runner and first event, so a run again after a crash tells no one twice.
 */
export async function dispatchPayoutEvents({ db, clock, push, stopping = () => false }: DispatchDeps) {
  let events = 0
  for (;;) {
    const batch = await payoutOutbox.undispatchedPayoutEvents(db)
    if (batch.length === 0) return events
    const rounds: Round[] = []
    const sentTo = new Map<string, Round>()
    for (const { event, lineReturned } of batch) {
      if (event.type !== 'payout_sent') {
        rounds.push({ ids: [event.id], runnerId: event.runnerId, event, sentCents: 0 })
        continue
      }
      let round = sentTo.get(event.runnerId)
      if (!round) {
        round = { ids: [], runnerId: event.runnerId, event: null, sentCents: 0 }
        sentTo.set(event.runnerId, round)
        rounds.push(round)
      }
      round.ids.push(event.id)
      if (!lineReturned) round.sentCents += event.amountCents ?? 0
    }
    for (const round of rounds) {
      if (stopping()) return events
      const told = toldOf(round)
      if (told) {
        const dedupeKey = `payout-event:${round.ids[0]}`
        const notes = await inTheirLanguages(db, [{ userId: round.runnerId, write: told.write, data: { type: told.type, url: EARNINGS_URL }, dedupeKey }])
        await writeNotifications(db, clock, notes)
        await pushPending(db, clock, push, dedupeKey)
      }
      await payoutOutbox.markPayoutEventsDispatched(db, clock, round.ids)
      events += round.ids.length
    }
  }
}

/** What the runner is told of a round, in their words, and its kind; nothing when every transfer in it came back since. */
function toldOf({ event, sentCents }: Round): { write: Draft['write']; type: NotificationType } | null {
  if (!event) return sentCents > 0 ? { write: (words) => text.payoutSent(words, sentCents), type: 'payout_sent' } : null
  const cents = event.amountCents ?? 0
  switch (event.type) {
    case 'payout_returned':
      return { write: (words) => text.payoutReturned(words, cents, event.detail), type: 'payout_returned' }
    case 'payout_resent':
      return { write: (words) => text.payoutResent(words, cents, event.detail), type: 'payout_resent' }
    default:
      return { write: (words) => text.payoutAccountRestricted(words), type: 'payout_account_restricted' }
  }
}
