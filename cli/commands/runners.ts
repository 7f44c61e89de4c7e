import type { Command } from 'commander'
import { userContacts } from '../../modules/accounts/index'
import { liftPause, pausedRunners } from '../../modules/runner/index'
import { systemClock } from '../../modules/shared/index'
import { printList } from './format-table'
import { person, when } from './order-lookup'
import { CliError, withDatabase } from './with-database'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** `runners paused|unpause`: runners whose accepts are paused for giving up orders, and lifting a pause. */
export function registerRunnerCommands(program: Command) {
  const runners = program.command('runners').description('runners whose accepts are paused, and lifting a pause')

  runners
    .command('paused')
    .description('runners who gave up more than 3 orders in 7 days, paused for 24 hours from the last')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      withDatabase(async ({ db }) => {
        const paused = await pausedRunners(db, systemClock)
        const contacts = await userContacts(
          db,
          paused.map((entry) => entry.runnerId),
        )
        const rows = paused.map((entry) => {
          const contact = contacts.get(entry.runnerId)
          return {
            runnerId: entry.runnerId,
            name: person(contact?.firstName ?? null, contact?.lastName ?? null),
            phone: contact?.phone ?? null,
            until: entry.until.toISOString(),
          }
        })
        printList(rows, { json: options.json, none: 'No runner is paused.' }, [
          { title: 'Runner', value: (row: (typeof rows)[number]) => row.name },
          { title: 'Phone', value: (row) => row.phone ?? '-' },
          { title: 'Paused until', value: (row) => `${when(row.until)} UTC` },
          { title: 'Id', value: (row) => row.runnerId },
        ])
      }),
    )

  runners
    .command('unpause <runnerId>')
    .description("lift a runner's pause: the orders they gave up so far stop counting")
    .option('--json', 'print JSON')
    .action((runnerId: string, options: { json?: boolean }) =>
      withDatabase(async ({ db }) => {
        const contact = UUID.test(runnerId) ? (await userContacts(db, [runnerId])).get(runnerId) : undefined
        if (!contact) throw new CliError(`No runner ${runnerId}`)
        const wasPaused = (await pausedRunners(db, systemClock)).some((entry) => entry.runnerId === contact.id)
        await liftPause(db, systemClock, contact.id)
        if (options.json) return console.log(JSON.stringify({ runnerId: contact.id, wasPaused, paused: false }, null, 2))
        console.log(
          wasPaused
            ? `Lifted the pause on ${person(contact.firstName, contact.lastName)}; they can accept orders again, and the orders they gave up so far no longer count.`
            : `${person(contact.firstName, contact.lastName)} was not paused; the orders they gave up so far no longer count.`,
        )
      }),
    )
}
