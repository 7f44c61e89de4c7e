import type { Database } from '../../db/database'
import type { UserRow } from '../accounts/index'
import { orderViews, runnerQueries } from '../orders/index'
import { holdWindows } from '../payments/index'
import type { PayoutTerms } from '../payouts/index'
import { badRequest, type Clock, type Coordinates, isUuid, zipCentroid } from '../shared/index'
import { availabilityAt, settingsOf } from './availability'
import { type AvailableOrder, availableOrderSchema } from './contract'
import type { OfferPage, OfferPages, OfferPosition, OffersAnswer } from './offer-pages'

const OFFERED_AT_MOST = 50

/** Where a runner's radius starts: the ZIP code they asked about, else their profile address. */
async function searchOrigin(runner: UserRow, zipCode: string | undefined): Promise<{ from: Coordinates; label: string }> {
  if (zipCode?.trim()) {
    const centre = /^\d{5}$/.test(zipCode.trim()) ? await zipCentroid(zipCode.trim()) : null
    if (!centre) throw badRequest('We could not find that ZIP code.', 'UNKNOWN_ZIP', { zipCode: 'We could not find that ZIP code.' })
    return { from: centre, label: zipCode.trim() }
  }
  if (runner.latitude === null || runner.longitude === null) throw badRequest('Add your address to your profile to see orders near you.', 'NO_PROFILE_LOCATION')
  return { from: { latitude: runner.latitude, longitude: runner.longitude }, label: runner.zipCode ?? 'your address' }
}

/** The second comma-separated part of an address: '1 Main St, Edison, NJ 08817' → 'Edison'. */
export const areaOf = (address: string) => address.split(',')[1]?.trim() ?? ''

/** A position as the `cursor` the screens send back: opaque to them, the offer time and id to us. */
export const encodeCursor = ({ offersOpenAt, id }: OfferPosition) => Buffer.from(`${offersOpenAt.toISOString()}|${id}`).toString('base64url')

function decodeCursor(cursor: string): OfferPosition {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|')
  const offersOpenAt = new Date(at ?? '')
  if (Number.isNaN(offersOpenAt.getTime()) || !isUuid(id ?? '')) {
    throw badRequest('That list of orders is out of date. Refresh it.', 'INVALID_CURSOR', { cursor: 'That list of orders is out of date. Refresh it.' })
  }
  return { offersOpenAt, id: id! }
}

/** Anyone looking at a waiting order who is not its buyer sees the same card (001 §6): no names, no street address. */
const ANOTHER_RUNNER = { id: '', roles: ['runner'] }

/** One page of the orders waiting within `radiusMiles` of `from`, oldest first, with the card's figures worked out. */
async function readOfferPage(
  db: Database,
  clock: Clock,
  terms: PayoutTerms,
  { from, radiusMiles }: { from: Coordinates; radiusMiles: number },
  after: OfferPosition | undefined,
  notBuyer?: string,
): Promise<OfferPage> {
  const waiting = await runnerQueries.ordersWaitingNear(db, {
    from,
    radiusMiles,
    notBuyer,
    offeredAfter: holdWindows.holdLapsedBefore(clock.now()),
    now: clock.now(),
    after,
    limit: OFFERED_AT_MOST + 1,
  })
  const shown = waiting.slice(0, OFFERED_AT_MOST)
  const views = await orderViews(
    db,
    clock,
    shown.map((row) => row.order),
    ANOTHER_RUNNER,
    terms,
  )
  const offers = views.map((view, index) => {
    const { order, distance } = shown[index]!
    const card: AvailableOrder = {
      ...view,
      distance: Math.round(distance * 10) / 10,
      itemCount: view.items.reduce((sum, item) => sum + item.quantity, 0),
      estimatedEarnings: view.earnings!.amount,
      storeArea: areaOf(view.storeAddress),
    }
    return { id: order.id, json: JSON.stringify(availableOrderSchema.parse(card)), buyerId: order.buyerId, offersOpenAt: order.offersOpenAt }
  })
  const last = offers.at(-1)
  return {
    offers,
    next: waiting.length > OFFERED_AT_MOST && last ? { offersOpenAt: last.offersOpenAt, id: last.id } : null,
    answers: new Map(),
  }
}

function answerOf(json: string): OffersAnswer {
  const identity = new TextEncoder().encode(json)
  return { identity, gzip: Bun.gzipSync(identity) }
}

/**
 * GET /api/orders/pending, as sent (availableOrdersResponseSchema): orders waiting for a runner
 * whose store is within the runner's radius (10 miles unless they chose less) and whose offers are open, oldest first (the nearest its 30 minutes needs a runner most),
 * 50 at a time with a cursor for the next 50; only holds that still stand, never the runner's
 * own, and nothing while they are offline. Pages come from `pages`, shared by the runners
 * searching from the same place, their cards serialized once; a page holding the runner's own
 * purchase is read for them alone. Each answer is made once per page, plain and gzipped: a page
 * of 50 cards is tens of kilobytes, which cost more to write to a socket than all else here.
 */
export async function availableOrdersAnswer(
  db: Database,
  clock: Clock,
  terms: PayoutTerms,
  pages: OfferPages,
  runner: UserRow,
  query: { zipCode?: string; cursor?: string },
): Promise<OffersAnswer> {
  const search = await offerSearch(db, runner, query.zipCode)
  return offersAnswer(db, clock, terms, pages, runner, search, query.cursor)
}

/**
 * Where a runner's offers are looked for (their ZIP code's centre or their address) and how far:
 * the store is where the runner's trip starts, so their radius is measured to it. And whether
 * they are online to be offered any, at `clock`'s now: a stream asks again each time it reads.
 */
export type OfferSearch = { origin: { from: Coordinates; label: string }; radiusMiles: number; online: (clock: Clock) => boolean }

export async function offerSearch(db: Database, runner: UserRow, zipCode: string | undefined): Promise<OfferSearch> {
  const [origin, settings] = await Promise.all([searchOrigin(runner, zipCode), settingsOf(db, runner.id)])
  return { origin, radiusMiles: settings.radiusMiles, online: (clock) => availabilityAt(settings, clock.now()).online }
}

/** One page of a runner's offers as sent, from where and whether they search. */
export async function offersAnswer(
  db: Database,
  clock: Clock,
  terms: PayoutTerms,
  pages: OfferPages,
  runner: UserRow,
  { origin, radiusMiles, online: onlineAt }: OfferSearch,
  cursor?: string,
): Promise<OffersAnswer> {
  const after = cursor ? decodeCursor(cursor) : undefined
  const online = onlineAt(clock)
  const rest = (nextCursor: string | null) =>
    `"online":${online},"searchedFrom":${JSON.stringify(origin.label)},"radiusMiles":${radiusMiles},"nextCursor":${JSON.stringify(nextCursor)}}`
  if (!online) return answerOf(`{"orders":[],${rest(null)}`)
  const area = { from: origin.from, radiusMiles }
  const key = `${origin.from.latitude},${origin.from.longitude}|${radiusMiles}|${cursor ?? ''}`
  let page = await pages.get(key, () => readOfferPage(db, clock, terms, area, after))
  if (page.offers.some((offer) => offer.buyerId === runner.id)) page = await readOfferPage(db, clock, terms, area, after, runner.id)
  // A page read a moment ago may hold orders whose 30 minutes have run out since: the oldest, so those left are the page's last ones.
  const lapsed = holdWindows.holdLapsedBefore(clock.now())
  const standing = page.offers.filter((offer) => offer.offersOpenAt > lapsed)
  const asked = `${standing.length}|${origin.label}`
  let answer = page.answers.get(asked)
  if (!answer) {
    const cards = standing.map((offer) => offer.json).join(',')
    answer = answerOf(`{"orders":[${cards}],${rest(page.next ? encodeCursor(page.next) : null)}`)
    page.answers.set(asked, answer)
  }
  return answer
}
