import type { Database } from '../../db/database'
import type { UserRow } from '../accounts/index'
import type { Clock } from '../shared/index'
import { availabilityAt, type RunnerSettings, saveSettings, settingsOf } from './availability'
import type { Preferences, PreferencesUpdate } from './contract'

/** Where a runner's radius starts: their profile address, named by its ZIP code, when it was located. */
export const radiusFrom = (runner: UserRow) => (runner.latitude === null || runner.longitude === null ? null : (runner.zipCode ?? 'your address'))

const answer = (runner: UserRow, settings: RunnerSettings): Preferences => ({
  radiusMiles: settings.radiusMiles,
  availability: settings.hours,
  timeZone: settings.timeZone,
  radiusFrom: radiusFrom(runner),
})

/** GET /api/runner/preferences. */
export async function preferencesOf(db: Database, runner: UserRow): Promise<Preferences> {
  return answer(runner, await settingsOf(db, runner.id))
}

/**
 * PATCH /api/runner/preferences, checked against preferencesUpdateSchema. New weekly hours decide
 * from now, so a switch held against the old ones is let go; hours taken away leave the runner
 * online or offline as they are at this moment, the switch alone deciding from then on.
 */
export async function setPreferences(db: Database, clock: Clock, runner: UserRow, change: PreferencesUpdate): Promise<Preferences> {
  const settings = { ...(await settingsOf(db, runner.id)) }
  if (change.radiusMiles !== undefined) settings.radiusMiles = change.radiusMiles
  if (change.availability !== undefined) {
    const hours = change.availability?.trim() || null
    if (hours !== settings.hours) {
      if (hours === null) settings.online = availabilityAt(settings, clock.now()).online
      settings.hours = hours
      settings.switchHeldUntil = null
    }
  }
  await saveSettings(db, clock, runner.id, settings)
  return answer(runner, settings)
}
