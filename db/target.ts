import { resolve } from 'node:path'
import type { Config } from '../modules/shared/index'
import type { DatabaseTarget } from './client'

/**
 * The database the settings choose: PostgreSQL when DATABASE_URL is set, else the embedded PGlite under
 * DATA_DIR. LISTEN goes to DATABASE_DIRECT_URL when set, as a transaction pool cannot carry it.
 */
export function databaseTarget(config: Config): DatabaseTarget {
  if (!config.DATABASE_URL) return { dataDir: config.DATA_DIR }
  return { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, listenUrl: config.DATABASE_DIRECT_URL ?? config.DATABASE_URL }
}

/** Where a target points, safe to print: the data directory, or host:port/database without credentials. */
export function describeTarget(target: DatabaseTarget): string {
  if ('dataDir' in target) return resolve(target.dataDir)
  if ('inMemory' in target) return 'memory'
  const url = new URL(target.url)
  return `${url.hostname}:${url.port || '5432'}${url.pathname}`
}
