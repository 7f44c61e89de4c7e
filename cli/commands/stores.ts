import type { Command } from 'commander'
import { listStores } from '../../modules/catalog/index'
import { distanceMiles, zipCentroid } from '../../modules/shared/index'
import { printList } from './format-table'
import { CliError, withDatabase } from './with-database'

/** `stores list [--near <zip>] [--json]` for support. */
export function registerStoreCommands(program: Command) {
  const stores = program.command('stores').description('look at the stores in the catalog')
  stores
    .command('list')
    .description('list stores with their item counts, nearest first with --near')
    .option('--near <zip>', 'sort by distance from this US ZIP code and show miles')
    .option('--json', 'print JSON')
    .action(async (options: { near?: string; json?: boolean }) => {
      const centre = options.near ? await zipCentroid(options.near) : null
      if (options.near && !centre) throw new CliError(`Unknown ZIP code: ${options.near}`)
      await withDatabase(async ({ db }) => {
        const rows = (await listStores(db)).map((store) => ({
          ...store,
          distance: centre ? Math.round(distanceMiles(centre, store) * 10) / 10 : undefined,
        }))
        if (centre) rows.sort((a, b) => a.distance! - b.distance!)
        printList(rows, { json: options.json, none: 'No stores yet. Load some with `seed demo` or `seed stores --file <path>`.' }, [
          { title: 'Name', value: (row) => row.name },
          { title: 'City', value: (row) => `${row.city ?? ''} ${row.zipCode}`.trim() },
          ...(centre ? [{ title: 'Miles', value: (row: (typeof rows)[number]) => row.distance!.toFixed(1), alignRight: true }] : []),
          { title: 'Rating', value: (row) => (row.rating === null ? '-' : `${row.rating.toFixed(1)} (${row.totalRatings})`), alignRight: true },
          { title: 'Items', value: (row) => String(row.itemCount), alignRight: true },
          { title: 'Kind', value: (row) => [row.isSample ? 'demo' : 'partner', row.isActive ? '' : 'inactive'].filter(Boolean).join(', ') },
          { title: 'Id', value: (row) => row.id },
        ])
      })
    })
}
