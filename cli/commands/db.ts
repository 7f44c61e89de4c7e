import type { Command } from 'commander'
import { type MigrationStatus, migrate, migrationStatus } from '../../db/migrate'
import { withDatabase } from './with-database'

/** `db migrate` and `db status`: the same migrations the server applies at start. */
export function registerDbCommands(program: Command) {
  const db = program.command('db').description('inspect and migrate the database the server uses')

  db.command('migrate')
    .description('apply pending migrations and list what was applied')
    .action(() =>
      withDatabase(async ({ db, kind, where }) => {
        console.log(`Migrating the ${kind} database at ${where}`)
        const before = await migrationStatus(db)
        await migrate(db)
        const after = await migrationStatus(db)
        const applied = after.filter((migration, index) => migration.applied && !before[index]?.applied)
        for (const migration of applied) console.log(`Applied ${migration.tag}`)
        console.log(
          applied.length === 0
            ? `Nothing to apply: ${countApplied(after)} of ${after.length} migrations were already applied.`
            : `Applied ${applied.length} migration(s); ${countApplied(after)} of ${after.length} are now applied.`,
        )
      }),
    )

  db.command('status')
    .description('show the engine, where the database is, and each migration as applied or pending')
    .option('--json', 'print the status as JSON')
    .action((options: { json?: boolean }) =>
      withDatabase(async ({ db, kind, where }) => {
        const migrations = await migrationStatus(db)
        if (options.json) {
          const pending = migrations.length - countApplied(migrations)
          console.log(JSON.stringify({ engine: kind, where, migrations, pending }, null, 2))
          return
        }
        console.log(`Engine      ${kind}`)
        console.log(`Where       ${where}`)
        console.log(`Migrations  ${countApplied(migrations)} applied, ${migrations.length - countApplied(migrations)} pending`)
        for (const migration of migrations) console.log(`  ${migration.applied ? 'applied' : 'pending'}  ${migration.tag}`)
      }),
    )
}

function countApplied(migrations: MigrationStatus[]) {
  return migrations.filter((migration) => migration.applied).length
}
