import { distanceMiles, METERS_PER_MILE } from '../../../modules/shared/contract'
import { LOCATION_REPORT_INTERVAL_MS, LOCATION_REPORT_SOONER_AFTER_METERS, type LocationReport } from '../../../modules/tracking/contract'
import type { Clock } from '../../lib/clock'
import type { ReportOutcome } from './api/report-location'

/**
 * Decides which of the phone's positions are sent (issue 40): at most one every 10 s, sooner once
 * the runner is 50 m from the last one sent, the server's own rule, so it seldom has to coalesce.
 * A position held back is sent when the 10 s are up, unless a newer one replaced it: the buyer
 * sees where the runner stopped, not where they were 50 m earlier. One report is in flight at a
 * time; an answer that the order has ended stops it for good.
 */
export function locationReporter(send: (report: LocationReport) => Promise<ReportOutcome>, clock: Clock) {
  let last: { at: number; report: LocationReport } | null = null
  let held: LocationReport | null = null
  let cancelTimer: (() => void) | null = null
  let inFlight = false
  let stopped = false

  const due = (report: LocationReport) =>
    !last || clock.now() - last.at >= LOCATION_REPORT_INTERVAL_MS || distanceMiles(last.report, report) * METERS_PER_MILE >= LOCATION_REPORT_SOONER_AFTER_METERS

  async function post(report: LocationReport) {
    cancelTimer?.()
    cancelTimer = null
    held = null
    inFlight = true
    last = { at: clock.now(), report }
    const outcome = await send(report)
    inFlight = false
    if (outcome === 'ended') stop()
    else if (held) saw(held)
  }

  function saw(report: LocationReport) {
    if (stopped) return
    if (inFlight || !due(report)) {
      held = report
      if (!inFlight && last && !cancelTimer)
        cancelTimer = clock.after(last.at + LOCATION_REPORT_INTERVAL_MS - clock.now(), () => {
          cancelTimer = null
          if (held) void post(held)
        })
      return
    }
    void post(report)
  }

  function stop() {
    stopped = true
    cancelTimer?.()
    cancelTimer = null
  }

  return { saw, stop }
}
