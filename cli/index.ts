import { Command } from 'commander'
import { ConfigError } from '../modules/shared/index'
import packageJson from '../package.json' with { type: 'json' }
import { registerDbCommands } from './commands/db'
import { registerOrderCommands } from './commands/orders'
import { registerPayoutCommands } from './commands/payouts'
import { registerRunnerCommands } from './commands/runners'
import { registerSeedCommands } from './commands/seed'
import { registerStoreCommands } from './commands/stores'
import { CliError } from './commands/with-database'

/** Each area registers its own commands. */
const commandGroups: ((program: Command) => void)[] = [
  registerDbCommands,
  registerSeedCommands,
  registerStoreCommands,
  registerOrderCommands,
  registerRunnerCommands,
  registerPayoutCommands,
]

function createProgram() {
  const program = new Command('kirana')
    .description('Kirana support tools, using the same settings and database as the server')
    .version(packageJson.version)
    .showHelpAfterError('(run with --help for usage)')
  for (const register of commandGroups) register(program)
  return program
}

if (import.meta.main) {
  try {
    await createProgram().parseAsync()
  } catch (error) {
    // Expected failures are one line a person can act on; anything else still gets one line, not a stack.
    const known = error instanceof CliError || error instanceof ConfigError
    console.error(known ? error.message : `kirana: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  }
}
