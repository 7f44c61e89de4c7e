import type { NextChange } from './contract/open-status'
import { closureAt, isOpenAt, nextChange, type Schedule } from './contract/weekly-hours'

/** Whether a store is open now and when that next changes, and why it is closed today if a dated closure says, as its answers carry them. */
export type OpenState = { openNow: boolean; nextChange: NextChange | null; closedFor: string | null }

const DAY_MS = 24 * 60 * 60_000
/** Distinct schedules remembered at most; past it they are all forgotten and worked out again. */
const REMEMBERED_LIMIT = 10_000
const remembered = new Map<string, { from: number; until: number; state: OpenState }>()

/**
 * The open state of a schedule at `now`. Working it out in the store's zone takes most of a
 * millisecond, and a search answers fifty stores; but stores share hours, and a state holds
 * from when it is worked out until its next change, so each is remembered that long.
 */
export function openStateAt(schedule: Schedule, now: Date): OpenState {
  // The closure is the day's, not the stretch's: read each time, as it ends at midnight, not at the next change.
  const closedFor = closureAt(schedule, now)?.reason ?? null
  const key = JSON.stringify(schedule)
  const time = now.getTime()
  const known = remembered.get(key)
  if (known && known.from <= time && time < known.until) return { ...known.state, closedFor }
  const change = nextChange(schedule, now)
  const state: OpenState = {
    openNow: change ? !change.opens : isOpenAt(schedule, now),
    nextChange: change && { at: change.at.toISOString(), opens: change.opens },
    closedFor,
  }
  if (remembered.size >= REMEMBERED_LIMIT) remembered.clear()
  // Nothing changing within a year: the answer is checked again a day later.
  remembered.set(key, { from: time, until: change ? change.at.getTime() : time + DAY_MS, state })
  return state
}
