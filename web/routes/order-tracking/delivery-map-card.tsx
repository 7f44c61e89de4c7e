import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useMemo } from 'react'
import type { Order } from '../../../modules/orders/contract'
import { useStore } from '../../features/catalog/api/store'
import { useMapSettings } from '../../features/orders/api/map-settings'
import { useCurrentUser } from '../../lib/current-user'
import { ErrorBoundary } from '../../ui/error-boundary'
import { ArrivalLine } from './arrival-line'
import type { MapPlace } from './delivery-map'

/** Leaflet comes with this chunk, fetched only when a buyer's order is on its way: never in the landing's or the shell's bundle. */
const DeliveryMap = lazy(() => import('./delivery-map'))

/** A map that cannot load or draw leaves its words alone on the card, with no error screen: only the console hears of it. */
const warnMapNotDrawn = (error: unknown) => console.warn('The delivery map could not be drawn:', error)

const isOnItsWay = (order: Order) => order.status === 'runner_accepted' || order.status === 'picked_up'

/**
 * The buyer's map of an order on its way: the store, the home and, once picked up, the runner, with
 * the arrival in words beside it. The words stand alone when the map cannot be drawn (no store or
 * home coordinates yet, the chunk failing to load offline): the map is their picture, not their place.
 */
export function DeliveryMapCard({ order }: { order: Order }) {
  const { t } = useLingui()
  const buyer = useCurrentUser().data?.user
  const isBuyer = buyer?.id === order.buyerId
  const onItsWay = isOnItsWay(order)
  const store = useStore(order.storeId, { enabled: isBuyer && onItsWay }).data
  const tiles = useMapSettings().data

  const storePlace = useMemo<MapPlace | null>(
    () => (store ? { latitude: store.latitude, longitude: store.longitude, name: order.storeName, street: order.storeAddress } : null),
    [store, order.storeName, order.storeAddress],
  )
  const homeLatitude = buyer?.latitude
  const homeLongitude = buyer?.longitude
  const homeName = t`Your home`
  const homePlace = useMemo<MapPlace | null>(
    () =>
      homeLatitude == null || homeLongitude == null
        ? null
        : { latitude: homeLatitude, longitude: homeLongitude, name: homeName, street: order.deliveryAddress ?? undefined },
    [homeLatitude, homeLongitude, homeName, order.deliveryAddress],
  )
  // A new answer of the order with the runner where they were keeps the map as it is.
  const runnerLatitude = order.runnerLocation?.latitude
  const runnerLongitude = order.runnerLocation?.longitude
  const runnerName = t`Your runner`
  const runnerPlace = useMemo<MapPlace | null>(
    () => (runnerLatitude === undefined || runnerLongitude === undefined ? null : { latitude: runnerLatitude, longitude: runnerLongitude, name: runnerName }),
    [runnerLatitude, runnerLongitude, runnerName],
  )

  if (!isBuyer || !onItsWay) return null
  return (
    <section className="delivery-map" aria-label={t`Map of your delivery`}>
      {storePlace && homePlace && tiles && (
        <ErrorBoundary fallback={null} report={warnMapNotDrawn}>
          <Suspense fallback={<div className="delivery-map__canvas" />}>
            <DeliveryMap store={storePlace} home={homePlace} runner={runnerPlace} tiles={tiles} />
          </Suspense>
        </ErrorBoundary>
      )}
      <ArrivalLine order={order} />
    </section>
  )
}
