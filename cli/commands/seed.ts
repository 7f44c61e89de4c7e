import type { Command } from 'commander'
import { migrate } from '../../db/migrate'
import { demoCatalog, type ImportCounts, storeImport } from '../../modules/catalog/index'
import { readStoreFile } from './store-file'
import { CliError, cliClock, withDatabase } from './with-database'

const summary = (counts: ImportCounts) =>
  `${counts.storesCreated} stores added, ${counts.storesUpdated} updated; ${counts.itemsCreated} items added, ${counts.itemsUpdated} updated`

/** `seed demo` and `seed stores --file`: both safe to run again, both all-or-nothing. */
export function registerSeedCommands(program: Command) {
  const seed = program.command('seed').description('load stores and their items into the database')

  seed
    .command('demo')
    .description('load the sample stores around Edison, NJ (idempotent)')
    .action(() =>
      withDatabase(async ({ db, where }) => {
        await migrate(db)
        console.log(`Demo catalog at ${where}: ${summary(await demoCatalog.seedDemoCatalog(db, cliClock))}`)
      }),
    )

  seed
    .command('stores')
    .description('import stores with their items from a JSON or CSV file; a bad row stops the whole import')
    .requiredOption('--file <path>', 'the .json or .csv file to import')
    .action(async (options: { file: string }) => {
      // The file is checked before the database is opened: a bad file never touches it.
      if (!(await Bun.file(options.file).exists())) throw new CliError(`No such file: ${options.file}`)
      let parsed: Awaited<ReturnType<typeof readStoreFile>>
      try {
        parsed = await readStoreFile(options.file)
      } catch (error) {
        throw new CliError(`${options.file}: ${(error as Error).message}`)
      }
      if (parsed.errors.length > 0) {
        for (const error of parsed.errors) console.error(`${options.file} ${error}`)
        throw new CliError(`Nothing was imported: ${parsed.errors.length} problem(s) in ${options.file}.`)
      }
      await withDatabase(async ({ db, where }) => {
        await migrate(db)
        console.log(`Imported ${options.file} into ${where}: ${summary(await storeImport.importStores(db, parsed.stores))}`)
      })
    })
}
