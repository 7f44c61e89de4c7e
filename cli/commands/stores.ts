import type { Command } from 'commander'
import { listStores, type NamedStore, openStatus, storeHours } from '../../modules/catalog/index'
import { AppError, distanceMiles, zipCentroid } from '../../modules/shared/index'
import { printList } from './format-table'
import { type CliDatabase, CliError, cliClock, withDatabase } from './with-database'

/** The one store support names by its id or its name; a name several stores share lists them instead. */
async function storeNamed(db: CliDatabase['db'], reference: string): Promise<NamedStore> {
  const found = await storeHours.storesNamed(db, reference)
  if (found.length === 0) throw new CliError(`No store ${reference}`)
  if (found.length > 1)
    throw new CliError([`${found.length} stores are named ${reference}; give the id:`, ...found.map((store) => `  ${store.id}  ${store.address}`)].join('\n'))
  return found[0]!
}

/** A refusal of the catalog's (a bad hours text, a bad date) is the command's one line. */
async function refusedAsCliError<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action()
  } catch (error) {
    throw error instanceof AppError ? new CliError(error.message) : error
  }
}

/** A store's hours as support reads them: the written hours, its zone, what buyers are told now, and its closures ahead. */
async function printHours(db: CliDatabase['db'], store: NamedStore, json: boolean | undefined) {
  const hours = await storeHours.storeHoursOf(db, cliClock, store.id)
  if (json) return console.log(JSON.stringify(hours, null, 2))
  console.log(
    [
      `${hours.name}  ${store.id}`,
      `  hours      ${hours.hours}`,
      `  time zone  ${hours.timeZone}`,
      `  now        ${openStatus.openStatusText(hours, cliClock.now())}`,
      ...(hours.closures.length === 0
        ? ['  closures   none ahead']
        : hours.closures.map((closure, index) => `  ${index === 0 ? 'closures' : '        '}   ${closure.from} to ${closure.to}  ${closure.reason}`)),
    ].join('\n'),
  )
}

/** `stores list [--near <zip>] [--json]`, and each store's hours and closures, for support. */
export function registerStoreCommands(program: Command) {
  const stores = program.command('stores').description('look at the stores in the catalog, their hours and closures')
  stores
    .command('list')
    .description('list stores with their item counts, nearest first with --near')
    .option('--near <zip>', 'sort by distance from this US ZIP code and show miles')
    .option('--json', 'print JSON')
    .action(async (options: { near?: string; json?: boolean }) => {
      const centre = options.near ? await zipCentroid(options.near) : null
      if (options.near && !centre) throw new CliError(`Unknown ZIP code: ${options.near}`)
      await withDatabase(async ({ db }) => {
        const rows = (await listStores(db, cliClock)).map((store) => ({
          ...store,
          distance: centre ? Math.round(distanceMiles(centre, store) * 10) / 10 : undefined,
        }))
        if (centre) rows.sort((a, b) => a.distance! - b.distance!)
        const now = cliClock.now()
        printList(rows, { json: options.json, none: 'No stores yet. Load some with `seed demo` or `seed stores --file <path>`.' }, [
          { title: 'Name', value: (row) => row.name },
          { title: 'City', value: (row) => `${row.city ?? ''} ${row.zipCode}`.trim() },
          ...(centre ? [{ title: 'Miles', value: (row: (typeof rows)[number]) => row.distance!.toFixed(1), alignRight: true }] : []),
          { title: 'Rating', value: (row) => (row.rating === null ? '-' : `${row.rating.toFixed(1)} (${row.totalRatings})`), alignRight: true },
          { title: 'Items', value: (row) => String(row.itemCount), alignRight: true },
          { title: 'Now', value: (row) => openStatus.openStatusText(row, now) },
          { title: 'Kind', value: (row) => [row.isSample ? 'demo' : 'partner', row.isActive ? '' : 'inactive'].filter(Boolean).join(', ') },
          { title: 'Id', value: (row) => row.id },
        ])
      })
    })

  stores
    .command('hours <store>')
    .description("show a store's weekly hours, time zone and closures ahead; --set replaces the hours")
    .option('--set <hours>', 'new weekly hours, like "mon-sat 09:00-21:00; sun 10:00-19:00" ("mon-sun 00:00-24:00": around the clock)')
    .option('--time-zone <zone>', 'with --set: the IANA time zone the hours are in, like America/Chicago')
    .option('--json', 'print JSON')
    .action(async (reference: string, options: { set?: string; timeZone?: string; json?: boolean }) => {
      if (options.timeZone !== undefined && options.set === undefined) throw new CliError('--time-zone goes with --set')
      await withDatabase(async ({ db }) => {
        const store = await storeNamed(db, reference)
        if (options.set !== undefined) await refusedAsCliError(() => storeHours.setStoreHours(db, store.id, options.set!, options.timeZone))
        await printHours(db, store, options.json)
      })
    })

  stores
    .command('close <store>')
    .description('close a store on the local dates from --from to --to (both included), for a reason')
    .requiredOption('--from <date>', 'first closed day, like 2026-12-25')
    .requiredOption('--to <date>', 'last closed day, like 2026-12-26')
    .requiredOption('--reason <text>', 'why, as buyers may be told')
    .action(async (reference: string, options: { from: string; to: string; reason: string }) => {
      await withDatabase(async ({ db }) => {
        const store = await storeNamed(db, reference)
        const closure = await refusedAsCliError(() => storeHours.closeStore(db, store.id, options))
        console.log(`${store.name} is closed from ${closure.from} to ${closure.to}: ${closure.reason}`)
      })
    })

  stores
    .command('reopen <store>')
    .description('open a store again on one date: the closures covering it are removed or trimmed around it')
    .requiredOption('--on <date>', 'the day to open, like 2026-12-26')
    .action(async (reference: string, options: { on: string }) => {
      await withDatabase(async ({ db }) => {
        const store = await storeNamed(db, reference)
        const changed = await refusedAsCliError(() => storeHours.reopenStore(db, store.id, options.on))
        if (changed.length === 0) throw new CliError(`${store.name} is not closed on ${options.on}`)
        console.log(`${store.name} opens on ${options.on} by its weekly hours; closures changed:`)
        for (const closure of changed) console.log(`  ${closure.from} to ${closure.to}  ${closure.reason}`)
      })
    })
}
