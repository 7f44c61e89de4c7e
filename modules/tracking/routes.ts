import { Elysia } from 'elysia'
import type { SessionPlugin } from '../accounts/index'
import type { ModuleDeps } from '../shared/index'
import { locationReportResponseSchema, mapSettingsSchema } from './contract'
import { reportLocation } from './location-report'

export interface TrackingRouteDeps extends ModuleDeps {
  session: SessionPlugin
}

export function trackingRoutes({ db, clock, config, session }: TrackingRouteDeps) {
  const mapSettings = { tileUrl: config.MAP_TILE_URL ?? null, attribution: config.MAP_TILE_ATTRIBUTION ?? null }
  return (
    new Elysia({ name: 'tracking', prefix: '/api' })
      // Public, like the other screens' settings: the same for everyone, and it says nothing of anyone.
      .get('/tracking/map', () => mapSettings, {
        response: mapSettingsSchema,
        detail: { summary: "Where the tracking map's tiles come from (MAP_TILE_URL) and their credit; null for none, the points alone on a plain background" },
      })
      .use(session)
      // The body is checked in the handler, after the session and the order's party: strangers learn nothing of what it takes.
      .post(
        '/orders/:id/location',
        async ({ user, params, body, set }) => {
          const answer = await reportLocation(db, clock, user, params.id, body)
          // A coalesced report is accepted, not kept: the client goes on at its own pace, with no retry to schedule.
          if (!answer.kept) set.status = 202
          return answer
        },
        {
          signedIn: true,
          response: { 200: locationReportResponseSchema, 202: locationReportResponseSchema },
          detail: {
            summary:
              "The order's runner reports where they are, while it is accepted or picked up: kept as the order's only point (200), or within 10 s of the kept one and nearer than 50 m, coalesced (202, the kept point)",
          },
        },
      )
  )
}
