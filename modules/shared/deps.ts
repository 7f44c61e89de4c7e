import type { Database } from '../../db/database'
import type { Clock } from './clock'
import type { Config } from './config'

/** What the composition root hands every module plugin. */
export interface ModuleDeps {
  db: Database
  clock: Clock
  config: Config
}
