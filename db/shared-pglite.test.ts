import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { type DatabaseHandle, openDatabase } from './client'
import { rows } from './migrate'
import { openThroughServer, sharedSocketPath } from './shared-pglite'

// This process plays the server: it opens a data directory and shares it; postgres.js plays the CLI.
const dataDir = mkdtempSync(join(tmpdir(), 'kirana-shared-'))
let server: DatabaseHandle
let client: postgres.Sql

beforeAll(async () => {
  server = await openDatabase({ dataDir })
  await server.share!()
  await server.db.execute(sql`create table shared_test (value text not null)`)
  client = postgres({ path: sharedSocketPath(dataDir), user: 'postgres', database: 'postgres', max: 1, prepare: false, onnotice: () => {} })
}, 60_000)

afterAll(async () => {
  await client.end({ timeout: 1 })
  await server.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const values = async () => rows<{ value: string }>(await server.db.execute(sql`select value from shared_test order by value`)).map((row) => row.value)
const clear = () => server.db.execute(sql`delete from shared_test`)
type Insert = (value: string) => Promise<unknown>
/** Each side's way to add a row, on its own or in a transaction of its own. */
const sides: Record<'server' | 'client', { insert: Insert; inTransaction: (work: (insert: Insert) => Promise<void>) => Promise<unknown> }> = {
  server: {
    insert: (value) => Promise.resolve(server.db.execute(sql`insert into shared_test values (${value})`)),
    inTransaction: (work) => server.db.transaction((tx) => work((value) => tx.execute(sql`insert into shared_test values (${value})`))),
  },
  client: {
    insert: (value) => Promise.resolve(client`insert into shared_test values (${value})`),
    inTransaction: (work) => client.begin((tx) => work((value) => tx`insert into shared_test values (${value})`)),
  },
}
/** Whether `promise` has settled by now. */
const settled = async (promise: Promise<unknown>) => Promise.race([promise.then(() => true), Bun.sleep(50).then(() => false)])

describe('the embedded database shared through its socket', () => {
  test('only the owner may connect, and a second share is the same one', async () => {
    expect(statSync(sharedSocketPath(dataDir)).mode & 0o777).toBe(0o600)
    await server.share!()
    expect([...(await client`select 1 as one`)]).toEqual([{ one: 1 }])
  })

  test.each([
    ['server', 'client'],
    ['client', 'server'],
  ] as const)("the %s's query waits for the %s's transaction, and survives its rollback", async (waiting, holding) => {
    await clear()
    let write: Promise<unknown> = Promise.resolve()
    await sides[holding]
      .inTransaction(async (insert) => {
        await insert(holding)
        write = sides[waiting].insert(waiting)
        expect(await settled(write)).toBe(false)
        throw new Error(`the ${holding} changes its mind`)
      })
      .catch(() => {})
    await write
    expect(await values()).toEqual([waiting])
  })

  test('a client that leaves inside a transaction leaves nothing behind, and the server carries on', async () => {
    await clear()
    const leaving = postgres({ path: sharedSocketPath(dataDir), user: 'postgres', database: 'postgres', max: 1, prepare: false, onnotice: () => {} })
    const abandoned = leaving.begin(async (tx) => {
      await tx`insert into shared_test values ('abandoned')`
      await Bun.sleep(60_000)
    })
    abandoned.catch(() => {})
    await Bun.sleep(100)
    await leaving.end({ timeout: 0 })
    await server.db.execute(sql`insert into shared_test values ('server')`)
    expect(await values()).toEqual(['server'])
  })

  test("a NOTIFY a client raises reaches the server's listeners", async () => {
    const heard: string[] = []
    const stop = await server.listen('shared_test_channel', (payload) => heard.push(payload))
    await client`select pg_notify('shared_test_channel', 'from the client')`
    await Bun.sleep(10)
    expect(heard).toEqual(['from the client'])
    await stop()
  })

  test('openThroughServer finds the running server, and nothing where none runs', async () => {
    const through = (await openThroughServer(dataDir))!
    expect(through.kind).toBe('pglite')
    expect(rows(await through.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }])
    await through.close()
    const empty = mkdtempSync(join(tmpdir(), 'kirana-shared-none-'))
    expect(await openThroughServer(empty)).toBeNull()
    rmSync(empty, { recursive: true, force: true })
  })
})
