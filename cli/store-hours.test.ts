import { describe, expect, test } from 'bun:test'
import { preparedDatabase, runCli } from '../testing/cli'

// Support's hours commands on a test database with two stores, one name shared by two
// addresses. The CLI's clock is the real one, so the hours set are the whole day or none of it.
const made = { patel: '' }
const database = preparedDatabase(async (api) => {
  made.patel = (await api.addStore({ name: 'CLI Hours Store', latitude: 40.52, longitude: -74.3973 })).store.id
  await api.addStore({ name: 'Twin Store', latitude: 40.53, longitude: -74.3973, zipCode: '08820' })
  await api.addStore({ name: 'Twin Store', latitude: 40.54, longitude: -74.3973, zipCode: '08837' })
})
const cli = (...args: string[]) => runCli(database, args)
const json = async (...args: string[]) => {
  const run = await cli(...args, '--json')
  expect(run.stderr).toBe('')
  return JSON.parse(run.stdout)
}

/** A local date `days` from today, far enough ahead to be a date in every time zone's future. */
const daysAhead = (days: number) => new Date(Date.now() + days * 24 * 60 * 60_000).toISOString().slice(0, 10)

// Each run opens the embedded database in a process of its own: seconds on a busy machine.
const RUNS_TIMEOUT_MS = 90_000

describe('stores hours', () => {
  test(
    'a store given no hours is open around the clock; --set closes it and opens it again, by name or id, in any case',
    async () => {
      expect(await json('stores', 'hours', 'CLI Hours Store')).toMatchObject({
        id: made.patel,
        hours: 'mon-sun 00:00-24:00',
        timeZone: 'America/New_York',
        openNow: true,
        nextChange: null,
        closures: [],
      })
      expect(await json('stores', 'hours', 'cli hours store', '--set', 'mon-sun closed')).toMatchObject({ openNow: false, nextChange: null })
      // A later segment replaces its days' hours, as the README says: Sunday opens only 22:00-23:00.
      expect(await json('stores', 'hours', made.patel, '--set', 'mon-sun 09:00-21:00; sun 22:00-23:00')).toMatchObject({
        hours: 'mon-sat 09:00-21:00; sun 22:00-23:00',
      })
      const reopened = await cli('stores', 'hours', made.patel, '--set', 'MON-SUN 00:00-24:00', '--time-zone', 'America/Chicago')
      expect(reopened.code).toBe(0)
      expect(reopened.stdout).toContain('hours      mon-sun 00:00-24:00')
      expect(reopened.stdout).toContain('time zone  America/Chicago')
      expect(reopened.stdout).toContain('now        Open 24 hours')
    },
    RUNS_TIMEOUT_MS,
  )

  test(
    "bad hours or zone are refused with the parser's words and change nothing; an unknown or shared name says so",
    async () => {
      const bad = await cli('stores', 'hours', made.patel, '--set', 'mon-sat 9-21')
      expect(bad.code).toBe(1)
      expect(bad.stderr.trim()).toBe('"9" in "mon-sat 9-21" is not a time like 09:00 or 21:30.')
      const zone = await cli('stores', 'hours', made.patel, '--set', 'mon-sun 00:00-24:00', '--time-zone', 'Mars/Olympus')
      expect(zone.code).toBe(1)
      expect(zone.stderr).toContain('"Mars/Olympus" is not a time zone')
      expect((await cli('stores', 'hours', 'No Such Store')).stderr.trim()).toBe('No store No Such Store')
      const twins = await cli('stores', 'hours', 'Twin Store')
      expect(twins.code).toBe(1)
      expect(twins.stderr).toContain('2 stores are named Twin Store; give the id:')
    },
    RUNS_TIMEOUT_MS,
  )
})

describe('stores close and reopen', () => {
  test(
    'a closure of three days, reopened on its middle one, leaves the first and the last; reopening an open day is refused',
    async () => {
      const [first, middle, last] = [daysAhead(10), daysAhead(11), daysAhead(12)]
      const closed = await cli('stores', 'close', made.patel, '--from', first, '--to', last, '--reason', 'Diwali')
      expect(closed.code).toBe(0)
      expect(closed.stdout.trim()).toBe(`CLI Hours Store is closed from ${first} to ${last}: Diwali`)
      expect((await json('stores', 'hours', made.patel)).closures).toEqual([{ from: first, to: last, reason: 'Diwali' }])

      const reopened = await cli('stores', 'reopen', made.patel, '--on', middle)
      expect(reopened.code).toBe(0)
      expect(reopened.stdout).toContain(`CLI Hours Store opens on ${middle}`)
      expect((await json('stores', 'hours', made.patel)).closures).toEqual([
        { from: first, to: first, reason: 'Diwali' },
        { from: last, to: last, reason: 'Diwali' },
      ])

      const again = await cli('stores', 'reopen', made.patel, '--on', middle)
      expect(again.code).toBe(1)
      expect(again.stderr.trim()).toBe(`CLI Hours Store is not closed on ${middle}`)
    },
    RUNS_TIMEOUT_MS,
  )

  test(
    'dates must be real and in order',
    async () => {
      const backwards = await cli('stores', 'close', made.patel, '--from', daysAhead(5), '--to', daysAhead(4), '--reason', 'Oops')
      expect(backwards.code).toBe(1)
      expect(backwards.stderr).toContain('ends')
      expect((await cli('stores', 'reopen', made.patel, '--on', '2026-02-30')).stderr.trim()).toBe('on must be a date like 2026-12-25, not "2026-02-30".')
    },
    RUNS_TIMEOUT_MS,
  )
})
