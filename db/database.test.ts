import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { freshTestDatabase } from '../testing/database'
import { type Database, drizzleOverPglite, openDatabase } from './client'
import { migrate, migrationStatus, rows } from './migrate'

/**
 * Everything the migrations define, as the catalog reports it, in a stable order. PGlite's newer
 * PostgreSQL also lists NOT NULL as constraints; the columns' is_nullable already covers them.
 */
async function schemaSnapshot(db: Database) {
  const columns = await db.execute(sql`
    select table_name, column_name, data_type, udt_name, is_nullable, column_default
    from information_schema.columns where table_schema = 'public'
    order by table_name, column_name`)
  const indexes = await db.execute(sql`
    select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by tablename, indexname`)
  const constraints = await db.execute(sql`
    select rel.relname as table_name, con.conname, con.contype, pg_get_constraintdef(con.oid) as definition
    from pg_constraint con join pg_class rel on rel.oid = con.conrelid
    join pg_namespace ns on ns.oid = rel.relnamespace
    where ns.nspname = 'public' and con.contype <> 'n' order by rel.relname, con.conname`)
  // Storage options, such as the stores' search text kept in its row (migration 0022).
  const options = await db.execute(sql`
    select rel.relname as table_name, rel.reloptions as options from pg_class rel
    join pg_namespace ns on ns.oid = rel.relnamespace
    where ns.nspname = 'public' and rel.reloptions is not null order by rel.relname`)
  return { columns: rows(columns), indexes: rows(indexes), constraints: rows(constraints), options: rows(options) }
}

// On PostgreSQL when TEST_DATABASE_URL is set, so the parity test below compares against the real server.
const testDatabase = await freshTestDatabase()

describe('migrations', () => {
  test('create every table the specs name, and those the rules need', async () => {
    const { db, close } = await openDatabase({ inMemory: true })
    const tables = rows<{ table_name: string }>(
      await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`),
    ).map((row) => row.table_name)
    const named = ['items', 'notifications', 'order_messages', 'orders', 'password_reset_tokens', 'sessions', 'stores', 'users']
    expect(tables).toEqual(expect.arrayContaining(named))
    expect(tables).toEqual(expect.arrayContaining(['rate_limit_counters', 'phone_verifications', 'captcha_passes']))
    await close()
  })

  test('run twice without change, and the status lists them all as applied', async () => {
    // A bare PGlite, not the migrated template openDatabase starts new databases from.
    const bare = await PGlite.create()
    const db = drizzleOverPglite(bare)
    const close = () => bare.close()
    expect((await migrationStatus(db)).every((migration) => !migration.applied)).toBe(true)
    await migrate(db)
    const before = await schemaSnapshot(db)
    await migrate(db)
    expect(await schemaSnapshot(db)).toEqual(before)
    const status = await migrationStatus(db)
    expect(status.length).toBeGreaterThan(0)
    expect(status.every((migration) => migration.applied)).toBe(true)
    await close()
  })

  test('the embedded database keeps its data across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kirana-db-'))
    try {
      const first = await openDatabase({ dataDir })
      await migrate(first.db)
      await first.db.execute(sql`insert into users (email, password) values ('kept@example.com', 'hash')`)
      await first.close()

      const second = await openDatabase({ dataDir })
      await migrate(second.db)
      const found = rows<{ email: string }>(await second.db.execute(sql`select email from users`))
      expect(found).toEqual([{ email: 'kept@example.com' }])
      await second.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  test('emails are unique whatever their case', async () => {
    const { db } = testDatabase
    await db.execute(sql`insert into users (email, password) values ('Asha@Example.com', 'hash')`)
    await expect(Promise.resolve(db.execute(sql`insert into users (email, password) values ('asha@example.COM', 'hash')`))).rejects.toThrow()
  })

  test.skipIf(testDatabase.kind !== 'postgres')('PGlite and PostgreSQL end with the same schema', async () => {
    const embedded = await openDatabase({ inMemory: true })
    await migrate(embedded.db)
    const server = testDatabase
    expect(server.kind).toBe('postgres')
    expect(await schemaSnapshot(server.db)).toEqual(await schemaSnapshot(embedded.db))
    await embedded.close()
  })
})

describe('the embedded data directory', () => {
  test('is refused while another live process holds it, and taken over after a crash', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kirana-lock-'))
    try {
      // pid 1 is always alive and never us.
      await Bun.write(join(dataDir, 'kirana.lock'), '1')
      await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process 1/)
      await Bun.write(join(dataDir, 'kirana.lock'), '999999999')
      const handle = await openDatabase({ dataDir })
      expect(await Bun.file(join(dataDir, 'kirana.lock')).text()).toBe(String(process.pid))
      await handle.close()
      expect(await Bun.file(join(dataDir, 'kirana.lock')).exists()).toBe(false)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('a new data directory with contents', () => {
  test('starts as the template plus what the contents wrote, made once and copied after', async () => {
    const first = mkdtempSync(join(tmpdir(), 'kirana-contents-'))
    const second = mkdtempSync(join(tmpdir(), 'kirana-contents-'))
    let fills = 0
    const contents = {
      name: 'test',
      // Fixed, so the template is made on this machine's first run and reused after.
      fingerprint: () => 'fixed',
      fill: async (db: Database) => {
        fills++
        await db.execute(sql`insert into users (email, password) values ('from-template@example.com', 'hash')`)
      },
    }
    try {
      for (const dataDir of [first, second]) {
        const opened = await openDatabase({ dataDir, contents })
        const found = rows<{ email: string }>(await opened.db.execute(sql`select email from users`))
        expect(found).toEqual([{ email: 'from-template@example.com' }])
        await opened.close()
      }
      expect(fills).toBeLessThanOrEqual(1)
    } finally {
      rmSync(first, { recursive: true, force: true })
      rmSync(second, { recursive: true, force: true })
    }
  })
})
