import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { Order } from '../../../modules/orders/contract'
import { useFormat } from '../../i18n/format'
import { useClock } from '../../lib/clock'

/** A runner's point older than this is told with its age (issue 40: "Location last updated 3 min ago"). */
export const STALE_POINT_MS = 2 * 60_000
/** How often the line looks at the clock again, so a point that stopped coming shows its age within a quarter minute. */
const LOOK_AGAIN_MS = 15_000

function useNow(everyMs: number): number {
  const clock = useClock()
  const [now, setNow] = useState(() => clock.now())
  useEffect(() => clock.every(everyMs, () => setNow(clock.now())), [clock, everyMs])
  return now
}

/**
 * Where the order is and when it should arrive, in words: the map's text, always there for screen
 * readers and for when the map cannot load. Before pick-up the runner is shopping (their exact place
 * is not the buyer's to see); after it, how old their last point is once it is more than 2 minutes old.
 */
export function ArrivalLine({ order }: { order: Order }) {
  const { t } = useLingui()
  const format = useFormat()
  const now = useNow(LOOK_AGAIN_MS)
  const store = order.storeName
  const point = order.runnerLocation
  const age = point ? now - Date.parse(point.at) : 0

  let where: string | null = null
  if (order.status === 'runner_accepted') where = t`Shopping at ${store}`
  else if (!point) where = t`Your runner's location has not come in yet.`
  else if (age > STALE_POINT_MS) {
    const minutes = Math.floor(age / 60_000)
    where = t`Location last updated ${minutes} min ago`
  }

  let when = t`Arrival time not known yet`
  if (order.eta) {
    const minutes = order.eta.minutes
    // The order's times are told in its store's time zone, as its window is.
    const time = format.dateTime(new Date(order.eta.at), { hour: 'numeric', minute: '2-digit', timeZone: order.storeTimeZone })
    when = minutes < 1 ? t`Arriving any minute now (${time})` : t`Arriving in about ${minutes} min (${time})`
  }

  return (
    <div className="delivery-map__words">
      <p className="delivery-map__arrival">{when}</p>
      {where && <p className="delivery-map__where">{where}</p>}
      {order.eta && <p className="delivery-map__estimate">{t`An estimate from the distance and what is left to shop; traffic can change it.`}</p>}
    </div>
  )
}
