import { describe, expect, test } from 'bun:test'
import { fileURLToPath } from 'node:url'
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import { argumentsOf } from '../../testing/message-catalogs'
import { SCRIPTS, scriptsOf } from '../../testing/scripts'
import type { OrderRow } from '../orders/index'
import { LANGUAGES, type Language, readCatalog } from '../shared/index'
import * as text from './messages'
import { type Words, wordsIn } from './words'

const english = new Map(readCatalog(fileURLToPath(new URL('./locales', import.meta.url)), 'en').map((message) => [message.id, message.text]))

/** A language's words that refuse a message asked for without a value its English takes: ICU would leave it out silently. */
function wordsGivingEveryValue(language: Language): Words {
  const words = wordsIn(language)
  return {
    ...words,
    say(id, values = {}) {
      const missing = [...argumentsOf(compileMessageOrThrow(english.get(id) ?? '')).keys()].filter((name) => !(name in values))
      if (missing.length > 0) throw new Error(`${id} was asked for without ${missing.join(', ')}`)
      return words.say(id, values)
    },
  }
}

const asap = {
  storeName: 'Patel Family Grocers',
  storeTimeZone: 'America/New_York',
  totalCents: 700,
  items: [{ quantity: 2 }, { quantity: 1 }],
  scheduledFor: null,
  scheduledUntil: null,
  offersOpenAt: new Date('2026-12-05T10:30:00Z'),
  actualGroceryCents: 4210,
  cancelReason: null,
} as unknown as OrderRow
const scheduled = { ...asap, scheduledFor: new Date('2026-12-05T12:00:00Z'), scheduledUntil: new Date('2026-12-05T14:00:00Z') } as OrderRow
const cancelled = (order: OrderRow, cancelReason: string) => ({ ...order, cancelReason }) as OrderRow
const evening = new Date('2026-12-04T23:00:00Z')
const refund = { amountCents: 300, part: 'groceries' as const, fromRunner: false }

/** Every notice the server writes, down each of its branches: what a person may be sent. */
const NOTICES: Record<string, (words: Words) => { title: string; body: string }> = {
  newOrderNearby: (w) => text.newOrderNearby(w, asap, 1.24),
  offersOpen: (w) => text.offersOpen(w, scheduled),
  offersOvernight: (w) => text.offersOvernight(w, scheduled, evening),
  acceptedPaidAtDoor: (w) => text.orderAccepted(w, asap, 'Ravi', { method: 'at_door', holdCents: 0 }),
  acceptedByCard: (w) => text.orderAccepted(w, asap, 'Ravi', { method: 'card', holdCents: 4500 }),
  pickedUp: (w) => text.orderPickedUp(w, asap, 'Ravi'),
  deliveredAtDoor: (w) => text.orderDelivered(w, asap, 'Ravi', { method: 'at_door', collectAtDoorCents: 0 }),
  deliveredRest: (w) => text.orderDelivered(w, asap, 'Ravi', { method: 'card', collectAtDoorCents: 710 }),
  deliveredByCard: (w) => text.orderDelivered(w, asap, 'Ravi', { method: 'card', collectAtDoorCents: 0 }),
  declinedAtAccept: (w) => text.orderCancelled(w, cancelled(asap, 'capture_failed'), 0),
  supportCancelled: (w) => text.orderCancelled(w, cancelled(asap, 'support'), 0),
  supportCancelledReoffered: (w) => text.orderCancelled(w, { ...cancelled(asap, 'support'), reofferedAt: evening }, 0),
  nothingFound: (w) => text.orderCancelled(w, cancelled(asap, 'nothing_found'), 0),
  expiredSeen: (w) => text.orderCancelled(w, cancelled(asap, 'expired'), 3),
  expiredSeenScheduled: (w) => text.orderCancelled(w, cancelled(scheduled, 'expired'), 1),
  expiredUnseen: (w) => text.orderCancelled(w, cancelled(asap, 'expired'), 0),
  expiredUnseenScheduled: (w) => text.orderCancelled(w, cancelled(scheduled, 'expired'), 0),
  runnerGaveUp: (w) => text.orderReleasedByRunner(w, asap),
  runnerGaveUpCardDeclined: (w) => text.orderReleasedByRunner(w, asap, true),
  reoffered: (w) => text.orderReoffered(w, asap),
  noShow: (w) => text.orderCancelledAsNoShow(w, asap),
  withdrawnByBuyer: (w) => text.orderWithdrawn(w, cancelled(asap, 'buyer')),
  withdrawnBySupport: (w) => text.orderWithdrawn(w, cancelled(asap, 'support')),
  chat: (w) => text.orderMessage(w, asap, 'Ravi', 'Moong Dal ok?'),
  replacementPriced: (w) => text.substitutionProposed(w, asap, 'Ravi', { name: 'Toor Dal' }, { name: 'Moong Dal', priceCents: 399 }),
  replacementUnpriced: (w) => text.substitutionProposed(w, asap, 'Ravi', { name: 'Toor Dal' }, { name: 'Moong Dal', priceCents: null }),
  replacementApproved: (w) => text.substitutionDecided(w, asap, 'Meera', { name: 'Toor Dal' }, { name: 'Moong Dal', status: 'approved' }),
  replacementRejected: (w) => text.substitutionDecided(w, asap, 'Meera', { name: 'Toor Dal' }, { name: 'Moong Dal', status: 'rejected' }),
  totalAtDoor: (w) => text.groceryTotalConfirmed(w, asap, 'Meera', { method: 'at_door', collectAtDoorCents: 4210 }),
  totalByCard: (w) => text.groceryTotalConfirmed(w, asap, 'Meera', { method: 'card', collectAtDoorCents: 0 }),
  totalSplit: (w) => text.groceryTotalConfirmed(w, asap, 'Meera', { method: 'card', collectAtDoorCents: 210 }),
  declinedToRunner: (w) => text.groceryChargeDeclinedToRunner(w, asap, 'Meera', 4210),
  declinedToBuyer: (w) => text.groceryChargeDeclinedToBuyer(w, asap, 'Ravi', 4210),
  ratedOneStar: (w) => text.ratingRevealed(w, asap, 'Meera', 1),
  ratedFiveStars: (w) => text.ratingRevealed(w, asap, 'Meera', 5),
  problemByBuyer: (w) => text.problemReported(w, asap, 'buyer', 'damaged'),
  problemByRunner: (w) => text.problemReported(w, asap, 'runner', 'buyer_unreachable'),
  refunded: (w) => text.refundIssued(w, asap, { ...refund, reason: 'bruised mangoes' }),
  resolvedBuyerRefunded: (w) => text.problemResolved(w, asap, 'buyer', { kind: 'late', resolution: null, refund }),
  resolvedBuyerNothing: (w) => text.problemResolved(w, asap, 'buyer', { kind: 'other', resolution: null, refund: null }),
  resolvedRunnerCharge: (w) => text.problemResolved(w, asap, 'runner', { kind: 'late', resolution: null, refund: { ...refund, part: 'charge' } }),
  resolvedRunnerBore: (w) => text.problemResolved(w, asap, 'runner', { kind: 'wrong_items', resolution: null, refund: { ...refund, fromRunner: true } }),
  resolvedKiranaBore: (w) => text.problemResolved(w, asap, 'runner', { kind: 'grocery_total', resolution: null, refund }),
  resolvedRunnerNothing: (w) => text.problemResolved(w, asap, 'runner', { kind: 'runner_no_show', resolution: null, refund: null }),
  payoutSent: (w) => text.payoutSent(w, 1250),
  payoutReturned: (w) => text.payoutReturned(w, 1250, 'invalid_currency'),
  payoutReturnedUnknown: (w) => text.payoutReturned(w, 1250, null),
  payoutResent: (w) => text.payoutResent(w, 1250, null),
  payoutResentEnding: (w) => text.payoutResent(w, 1250, '6789'),
  payoutRestricted: (w) => text.payoutAccountRestricted(w),
}

describe('every notice, down every branch, in every language', () => {
  test('is written whole: every value given, none left unfilled, no English left in an Indic one beyond names, brands, Kirana and what people wrote', () => {
    // Store, people's and products' names, the apps, support's note and a chat message stay as written; AM/PM are Intl's.
    const LATIN_ALLOWED = /Patel Family Grocers|Ravi|Meera|Toor Dal|Moong Dal|ok\?|bruised mangoes|Kirana|Zelle|Venmo|Apple Pay|AM|PM|am|pm/g
    for (const language of LANGUAGES) {
      for (const [name, notice] of Object.entries(NOTICES)) {
        const { title, body } = notice(wordsGivingEveryValue(language))
        const written = `${title} ${body}`
        expect({ language, name, unfilled: /[{}]|undefined|NaN/.test(written), empty: title === '' }).toEqual({ language, name, unfilled: false, empty: false })
        if (language === 'en') continue
        const scripts = scriptsOf(written.replace(LATIN_ALLOWED, ''))
        expect({ language, name, scripts: [...scripts] }).toEqual({ language, name, scripts: [SCRIPTS[language].name] })
      }
    }
  })
})
