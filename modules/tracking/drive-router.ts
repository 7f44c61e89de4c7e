import { type Coordinates, distanceMiles, METERS_PER_MILE } from '../shared/index'
import { estimatedDriveSeconds } from './contract'

/** How long a drive takes, in seconds: the ETA's one outside question, chosen in server/providers.ts. */
export interface DriveRouter {
  driveSeconds(from: Coordinates, to: Coordinates): Promise<number>
}

/** The embedded router: straight-line distance × the detour factor ÷ the urban speed. Never calls out. */
export const estimatedRouter: DriveRouter = {
  async driveSeconds(from, to) {
    return estimatedDriveSeconds(distanceMiles(from, to) * METERS_PER_MILE)
  },
}

/** A route service slower than this is not waited for: the buyer's view falls back to the estimate. */
export const ROUTING_TIMEOUT_MS = 800

type OsrmAnswer = { code?: string; routes?: { duration?: number }[] }

/**
 * An OSRM-compatible service (`/route/v1/driving/{lon},{lat};{lon},{lat}`), usually OSRM on the
 * metro's OpenStreetMap extract. Any failure, a non-Ok answer or a timeout falls back to the
 * estimate, so the ETA is never missing because the router is down.
 */
export function osrmRouter(baseUrl: string, fallback: DriveRouter = estimatedRouter, timeoutMs = ROUTING_TIMEOUT_MS): DriveRouter {
  const base = baseUrl.replace(/\/+$/, '')
  return {
    async driveSeconds(from, to) {
      const url = `${base}/route/v1/driving/${from.longitude},${from.latitude};${to.longitude},${to.latitude}?overview=false`
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
        if (response.ok) {
          const answer = (await response.json()) as OsrmAnswer
          const duration = answer.routes?.[0]?.duration
          if (answer.code === 'Ok' && typeof duration === 'number' && Number.isFinite(duration) && duration >= 0) return duration
        }
      } catch {
        // A router that is down or slow is the estimate's cue, not the buyer's error.
      }
      return fallback.driveSeconds(from, to)
    },
  }
}
