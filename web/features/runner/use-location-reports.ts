import { useEffect, useState } from 'react'
import type { OrderStatus } from '../../../modules/orders/contract'
import { useClock } from '../../lib/clock'
import { reportLocation } from './api/report-location'
import { locationReporter } from './location-reporter'

/**
 * Where sharing stands: not asked yet, asked and waiting for the first position, sharing, refused by the runner (or the browser's
 * settings), no position to be had (no signal, a timeout), or a browser without geolocation.
 */
export type SharingState = 'not_asked' | 'finding' | 'sharing' | 'refused' | 'no_position' | 'unsupported'

/** The server takes a runner's point while the order is accepted or picked up, and only then. */
export const REPORTING_STATUSES: readonly OrderStatus[] = ['runner_accepted', 'picked_up']

/** The Geolocation API's code for a refusal (GeolocationPositionError.PERMISSION_DENIED). */
const PERMISSION_DENIED = 1

const geolocation = () => (typeof navigator !== 'undefined' ? navigator.geolocation : undefined)

/**
 * The runner's phone reports where it is while their order is on its way (issue 40): it watches
 * the position once the runner agreed (or had agreed before, on an earlier delivery), and stops
 * when the order is delivered, cancelled or given up, or when the screen closes.
 */
export function useLocationReports(orderId: string, status: OrderStatus) {
  const clock = useClock()
  const active = REPORTING_STATUSES.includes(status)
  const [wanted, setWanted] = useState(false)
  const [state, setState] = useState<SharingState>(() => (geolocation() ? 'not_asked' : 'unsupported'))

  // A permission already granted needs no second ask; one already refused shows the note at once.
  useEffect(() => {
    if (!active || !geolocation() || !navigator.permissions) return
    let current = true
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((permission) => {
        if (!current) return
        if (permission.state === 'granted') setWanted(true)
        if (permission.state === 'denied') setState('refused')
      })
      .catch(() => {})
    return () => {
      current = false
    }
  }, [active])

  useEffect(() => {
    const watcher = geolocation()
    if (!active || !wanted || !watcher) return
    const reporter = locationReporter((report) => reportLocation(orderId, report), clock)
    const watch = watcher.watchPosition(
      ({ coords }) => {
        setState('sharing')
        reporter.saw({ latitude: coords.latitude, longitude: coords.longitude, accuracyMeters: Math.round(coords.accuracy) })
      },
      (error) => setState(error.code === PERMISSION_DENIED ? 'refused' : 'no_position'),
      { enableHighAccuracy: true, maximumAge: 5_000 },
    )
    return () => {
      watcher.clearWatch(watch)
      reporter.stop()
    }
  }, [active, wanted, orderId, clock])

  return { active, state: wanted && state === 'not_asked' ? 'finding' : state, share: () => setWanted(true) }
}
