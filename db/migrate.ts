import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core'
import type { Database } from './database'

const migrationsFolder = new URL('./migrations', import.meta.url).pathname
const MIGRATIONS_SCHEMA = 'drizzle'
const MIGRATIONS_TABLE = '__drizzle_migrations'

/**
 * Applies pending migrations in one transaction. Both drivers share drizzle's dialect
 * migrator, so PGlite and PostgreSQL run exactly the same statements.
 */
export async function migrate(db: Database): Promise<void> {
  const internals = db as unknown as { dialect: PgDialect; session: PgSession }
  const migrations = readMigrationFiles({ migrationsFolder })
  await internals.dialect.migrate(migrations, internals.session, {
    migrationsFolder,
    migrationsSchema: MIGRATIONS_SCHEMA,
    migrationsTable: MIGRATIONS_TABLE,
  })
}

/** Changes whenever any migration does; names the PGlite template built from them. */
export function migrationsFingerprint(): string {
  const hasher = new Bun.CryptoHasher('sha256')
  for (const migration of readMigrationFiles({ migrationsFolder })) hasher.update(migration.hash)
  return hasher.digest('hex').slice(0, 16)
}

export interface MigrationStatus {
  tag: string
  applied: boolean
}

/** Every migration in the folder and whether this database has it. */
export async function migrationStatus(db: Database): Promise<MigrationStatus[]> {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: { tag: string; when: number }[]
  }
  const applied = await appliedMigrationTimes(db)
  return journal.entries.map((entry) => ({ tag: entry.tag, applied: applied.has(entry.when) }))
}

/** drizzle records each applied migration by its folder time, which the journal calls `when`. */
async function appliedMigrationTimes(db: Database): Promise<Set<number>> {
  const exists = await db.execute(sql`select to_regclass(${`${MIGRATIONS_SCHEMA}.${MIGRATIONS_TABLE}`}) is not null as present`)
  if (!rows<{ present: boolean }>(exists)[0]?.present) return new Set()
  const result = await db.execute(sql.raw(`select created_at from "${MIGRATIONS_SCHEMA}"."${MIGRATIONS_TABLE}"`))
  return new Set(rows<{ created_at: string | number }>(result).map((row) => Number(row.created_at)))
}

/** postgres.js returns rows as an array; PGlite wraps them in `{ rows }`. */
export function rows<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? [])
}
