import { TZDate } from '@date-fns/tz'
import type { Database } from '../../db/database'
import { orderSchedule } from '../orders/index'
import { holdWindows } from '../payments/index'
import type { Clock } from '../shared/index'

/** Offers that lapse from midnight until this hour of the store's morning lapse while its buyer may sleep. */
export const OVERNIGHT_UNTIL_HOUR = 8
/** The evening before such a lapse, from this hour of the store's day before, its buyer is told. */
export const EVENING_BEFORE_HOUR = 19
const DAY_MS = 24 * 60 * 60_000

/** When a scheduled order's buyer is told that its offers lapse overnight, or null when they lapse in the day. */
export function overnightNoticeAt(offersOpenAt: Date, timeZone: string): Date | null {
  const lapse = new TZDate(holdWindows.holdExpiresAt(offersOpenAt).getTime(), timeZone)
  if (lapse.getHours() >= OVERNIGHT_UNTIL_HOUR) return null
  return new Date(new TZDate(lapse.getFullYear(), lapse.getMonth(), lapse.getDate() - 1, EVENING_BEFORE_HOUR, 0, timeZone).getTime())
}

/**
 * The minute's job beside openDueOffers: a scheduled order whose offers would lapse in the night
 * (a 07:00–09:00 window's, at 5:30 AM, should no runner take it) has its buyer told the evening
 * before, once, while they can still move it to a later window (an offers_overnight event). Only
 * orders waiting whose offers have not opened are looked at, within the day ahead. The mark is a
 * conditional update, so two instances tell each order once; moving the order clears it.
 */
export async function tellOvernightOffers(db: Database, clock: Clock): Promise<string[]> {
  const now = clock.now()
  const waiting = await orderSchedule.offersOpeningBy(db, now, new Date(now.getTime() + DAY_MS))
  const told: string[] = []
  for (const order of waiting) {
    const noticeAt = overnightNoticeAt(order.offersOpenAt, order.storeTimeZone)
    if (!noticeAt || noticeAt.getTime() > now.getTime()) continue
    if (await orderSchedule.markOvernightTold(db, clock, now, order.id, order.offersOpenAt)) told.push(order.id)
  }
  return told
}
