// Tracking's door for the browser: the runner's location report, what the buyer sees of it, and the ETA's arithmetic.
import { z } from 'zod'

/** Reports closer together than this, for one order, are coalesced: the kept point stays (issue 40: at most every 10 s). */
export const LOCATION_REPORT_INTERVAL_MS = 10_000
/** A runner who moved at least this far since the kept point may report sooner (issue 40: sooner after 50 m). */
export const LOCATION_REPORT_SOONER_AFTER_METERS = 50

/**
 * Minutes a runner spends finding one line still to pick. Instacart's shoppers are paced at about
 * a minute and a half per item in their batch estimates; we round up for a corner store's aisles.
 */
export const SHOPPING_MINUTES_PER_LINE = 2
/** Minutes at the till: queue, scan, pay and the receipt photo, as a runner's usual small-basket checkout. */
export const CHECKOUT_MINUTES = 5
/**
 * Road distance over straight-line distance. In cities it is about 1.2–1.3 (Boscoe et al., "A
 * nationwide comparison of driving distance versus straight-line distance", 2012: 1.24 median
 * for US trips), and more on short trips where the grid's corners count most; we take the top.
 */
export const DETOUR_FACTOR = 1.3
/** Average urban driving speed with lights and traffic (US city streets average 20–30 km/h door to door; INRIX and FHWA figures), in km/h. */
export const URBAN_SPEED_KMH = 25

const coordinate = (name: string, limit: number) =>
  z
    .number({ error: `${name} must be a number.` })
    .refine((value) => Number.isFinite(value) && Math.abs(value) <= limit, `${name} must be between -${limit} and ${limit}.`)

/** POST /api/orders/{id}/location: where the runner is, as the phone's geolocation reports it. */
export const locationReportSchema = z.object({
  latitude: coordinate('latitude', 90),
  longitude: coordinate('longitude', 180),
  accuracyMeters: z
    .number({ error: 'accuracyMeters must be a number.' })
    .refine((value) => Number.isFinite(value) && value >= 0 && value <= 100_000, 'accuracyMeters must be between 0 and 100000.'),
})
export type LocationReport = z.infer<typeof locationReportSchema>

/** The runner's last point as the buyer sees it. */
export const runnerLocationSchema = z.object({ latitude: z.number(), longitude: z.number(), accuracyMeters: z.number(), at: z.string() })
export type RunnerLocation = z.infer<typeof runnerLocationSchema>

/** When the order should arrive: minutes from now and the moment. */
export const etaSchema = z.object({ minutes: z.number().int(), at: z.string() })
export type Eta = z.infer<typeof etaSchema>

/**
 * The answer to a report: the point kept for the order, and whether it was this one. A report
 * within the interval (and under the distance) is answered 202 with the point kept before.
 */
export const locationReportResponseSchema = z.object({ location: runnerLocationSchema, kept: z.boolean() })

/** Where a leg's drive is read: straight-line metres as the estimate turns them into seconds. */
export const estimatedDriveSeconds = (straightLineMeters: number) => (straightLineMeters * DETOUR_FACTOR) / ((URBAN_SPEED_KMH * 1000) / 3600)

/** Minutes left in the store before the runner drives: each unpicked line, then the till. */
export const storeMinutes = (unpickedLines: number) => unpickedLines * SHOPPING_MINUTES_PER_LINE + CHECKOUT_MINUTES

/**
 * GET /api/tracking/map: where the tracking map's tiles come from, as the operator set them
 * (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). Null: no tiles, the points alone on a plain background.
 */
export const mapSettingsSchema = z.object({ tileUrl: z.string().nullable(), attribution: z.string().nullable() })
export type MapSettings = z.infer<typeof mapSettingsSchema>
