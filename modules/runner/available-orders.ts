import type { Database } from '../../db/database'
import type { UserRow } from '../accounts/index'
import { orderViews, runnerQueries } from '../orders/index'
import { badRequest, type Clock, type Coordinates, centsToDecimal, DELIVERY_RADIUS_MILES, holdLapsedBefore, zipCentroid } from '../shared/index'
import { availabilityOf } from './availability'
import type { AvailableOrder } from './contract'

const OFFERED_AT_MOST = 50

/** Where a runner's 10 miles start: the ZIP code they asked about, else their profile. */
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

/**
 * GET /api/orders/pending: orders waiting for a runner whose store is within 10 miles, oldest
 * first, whose hold still stands; never the runner's own, and nothing while they are offline.
 */
export async function availableOrders(db: Database, clock: Clock, runner: UserRow, zipCode: string | undefined) {
  const origin = await searchOrigin(runner, zipCode)
  const { online } = await availabilityOf(db, runner.id)
  if (!online) return { orders: [], online, searchedFrom: origin.label }
  const waiting = await runnerQueries.ordersWaitingNear(db, {
    from: origin.from,
    radiusMiles: DELIVERY_RADIUS_MILES,
    notBuyer: runner.id,
    authorizedAfter: holdLapsedBefore(clock.now()),
    limit: OFFERED_AT_MOST,
  })
  const views = await orderViews(
    db,
    clock,
    waiting.map((row) => row.order),
    runner,
  )
  const orders: AvailableOrder[] = views.map((view, index) => ({
    ...view,
    distance: Math.round(waiting[index]!.distance * 10) / 10,
    itemCount: view.items.reduce((sum, item) => sum + item.quantity, 0),
    estimatedEarnings: centsToDecimal(waiting[index]!.order.totalCents),
    storeArea: areaOf(view.storeAddress),
  }))
  return { orders, online, searchedFrom: origin.label }
}
