import type { Database } from '../../db/database'
import type { UserRow } from '../accounts/index'
import type { PayoutTerms } from '../payouts/index'
import { type Clock, describeForLog, type SendEvent } from '../shared/index'
import { type OfferSearch, offersAnswer } from './available-orders'
import type { OfferPages, OffersAnswer } from './offer-pages'

/**
 * Each answer's JSON as the object sent: streams of runners searching from the same place share
 * an answer, so it is parsed once and its event's bytes are made once (live-events), not per stream.
 */
const sentAs = new WeakMap<OffersAnswer, unknown>()
const decoder = new TextDecoder()
function asSent(answer: OffersAnswer) {
  let data = sentAs.get(answer)
  if (data === undefined) {
    data = JSON.parse(decoder.decode(answer.identity))
    sentAs.set(answer, data)
  }
  return data
}

const sameBytes = (one: Uint8Array, other: Uint8Array) => one.byteLength === other.byteLength && Buffer.compare(one, other) === 0

/**
 * GET /api/orders/pending/events: a runner's first page of offers (as GET /api/orders/pending
 * answers it) now, then again whenever an order change alters it: a new order nearby, one
 * accepted, cancelled or expired. The pages are the ones the list reads, dropped by any instance's
 * change, so runners searching from one place cost one read per change however many follow;
 * changes arriving during a read fold into one more read, and an answer equal to the last one sent
 * is not sent again. Where and whether the runner searches is read once, when the stream opens:
 * the dashboard opens a new one when the runner goes online or changes the ZIP code.
 */
export function followOffers(db: Database, clock: Clock, terms: PayoutTerms, pages: OfferPages, runner: UserRow, search: OfferSearch) {
  return async (send: SendEvent) => {
    let last: OffersAnswer | null = null
    let reading = false
    let changed = true
    const refresh = async () => {
      if (reading) return
      reading = true
      while (changed) {
        changed = false
        try {
          const answer = await offersAnswer(db, clock, terms, pages, runner, search)
          if (!last || !sameBytes(last.identity, answer.identity)) send('offers', asSent(answer))
          last = answer
        } catch (error) {
          console.error(`Offers stream of runner ${runner.id}: ${describeForLog(error, { frames: false })}`)
        }
      }
      reading = false
    }
    // Following before the first read, so no change between the two is missed.
    const stop = await pages.follow(() => {
      changed = true
      void refresh()
    })
    void refresh()
    return stop
  }
}
