import { Command, CommanderError } from 'commander'
import { orderRecords } from '../modules/orders/index'
import { ConfigError } from '../modules/shared/index'
import { estimatedRouter, orderTracking } from '../modules/tracking/index'
import { orderTrust } from '../modules/trust/index'
import packageJson from '../package.json' with { type: 'json' }
import { registerDbCommands } from './commands/db'
import { registerOrderCommands } from './commands/orders'
import { registerPayoutCommands } from './commands/payouts'
import { registerRunnerCommands } from './commands/runners'
import { registerSeedCommands } from './commands/seed'
import { registerStoreCommands } from './commands/stores'
import { CliError, type CliRun, withCliRun } from './commands/with-database'

/** Each area registers its own commands. */
const commandGroups: ((program: Command) => void)[] = [
  registerDbCommands,
  registerSeedCommands,
  registerStoreCommands,
  registerOrderCommands,
  registerRunnerCommands,
  registerPayoutCommands,
]

/** Where commander writes its help, its version and its complaints. */
export interface CliOutput {
  writeOut(text: string): void
  writeErr(text: string): void
}

/** The kirana program, writing through `output`; its usage errors, help and version throw a CommanderError with the exit code. */
function createProgram(output: CliOutput) {
  orderRecords.connectOrderTrust(orderTrust)
  // Support's views are never a buyer's, so they ask no route service: the estimate's router is enough for the moves.
  orderRecords.connectOrderTracking(orderTracking(estimatedRouter))
  // Set before the commands are added, so that every subcommand inherits them.
  const program = new Command('kirana')
    .description('Kirana support tools, using the same settings and database as the server')
    .version(packageJson.version)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput(output)
  for (const register of commandGroups) register(program)
  return program
}

/**
 * Runs the kirana command `args` (without `bun cli/index.ts`) as one run of the CLI, and answers
 * its exit code: commander's for help, version and usage errors; 1, with its one line written,
 * for a failure. A command that finds something wrong sets process.exitCode itself.
 */
export async function runKirana(args: string[], run: CliRun, output: CliOutput): Promise<number> {
  try {
    await withCliRun(run, () => createProgram(output).parseAsync(args, { from: 'user' }))
    return 0
  } catch (error) {
    // Commander has already written its message (or the help, or the version).
    if (error instanceof CommanderError) return error.exitCode
    // Expected failures are one line a person can act on; anything else still gets one line, not a stack.
    const known = error instanceof CliError || error instanceof ConfigError
    output.writeErr(`${known ? error.message : `kirana: ${error instanceof Error ? error.message : String(error)}`}\n`)
    return 1
  }
}

if (import.meta.main) {
  const code = await runKirana(
    process.argv.slice(2),
    { env: process.env },
    {
      writeOut: (text) => process.stdout.write(text),
      writeErr: (text) => process.stderr.write(text),
    },
  )
  if (code !== 0) process.exitCode = code
}
