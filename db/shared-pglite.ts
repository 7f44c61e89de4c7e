import { chmodSync, existsSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'
import { type DatabaseHandle, overPostgresJs } from './database'

/** The Unix socket through which a running server lets local processes (the CLI) into its embedded database. */
export const sharedSocketPath = (dataDir: string) => join(resolve(dataDir), 'kirana.sock')

/** A client that stalls in the middle of a transaction holds the server up for at most this long. */
const IDLE_CLIENT_MS = 10_000
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4])
const TERMINATE = 0x58

/**
 * Lets processes on this machine use this process's PGlite as PostgreSQL, through a Unix socket in
 * the data directory that only its owner may connect to. Returns how to stop.
 */
export async function shareOverSocket(pglite: PGlite, dataDir: string): Promise<() => Promise<void>> {
  const path = sharedSocketPath(dataDir)
  // A socket file left by a crash: this process holds the data directory's lock, so nobody serves it.
  rmSync(path, { force: true })
  // pglite-socket calls only the five members the gate provides.
  const server = new PGLiteSocketServer({ db: exchangeGate(pglite) as unknown as PGlite, path, maxConnections: 8, idleTimeout: IDLE_CLIENT_MS })
  await server.start()
  chmodSync(path, 0o600)
  return async () => {
    await server.stop()
    rmSync(path, { force: true })
  }
}

/**
 * PGlite has one session, guarded by two locks: `transaction()` holds the transaction lock from
 * BEGIN to COMMIT, and each query takes the query lock. pglite-socket runs each protocol message
 * of a socket client under the query lock alone, and keeps its own clients apart only from one
 * another. Unguarded, a socket message could run inside one of this process's transactions, and
 * this process's queries between a client's Parse and Sync or inside its BEGIN ... COMMIT.
 *
 * So each exchange of a socket client, from its first message to the ReadyForQuery that finds the
 * session idle, holds both locks, as a transaction of this process does; the two wait for each
 * other and never interleave. Messages run through `execProtocol`, so a NOTIFY a client raises
 * (an order it changed) reaches this process's listeners as its own do.
 */
function exchangeGate(pglite: PGlite) {
  let release: (() => void) | undefined
  const hold = () =>
    new Promise<void>((held) => {
      void pglite._runExclusiveTransaction(() =>
        pglite._runExclusiveQuery(
          () =>
            new Promise<void>((done) => {
              release = done
              held()
            }),
        ),
      )
    })
  const letGo = () => {
    release?.()
    release = undefined
  }
  const run = async (message: Uint8Array) => {
    try {
      const { data, messages } = await pglite.execProtocol(message, { throwOnError: false })
      const last = messages.at(-1) as { name?: string; status?: string } | undefined
      return { data, idle: last?.name === 'readyForQuery' && last.status === 'I' }
    } catch (error) {
      letGo()
      throw error
    }
  }
  return {
    waitReady: pglite.waitReady,
    /** pglite-socket's queue serves no other client while this is true. */
    isInTransaction: () => release !== undefined,
    runExclusive: <T>(action: () => Promise<T>) => action(),
    async execProtocolRawStream(message: Uint8Array, { onRawData }: { onRawData: (data: Uint8Array) => void }) {
      // A client saying goodbye between exchanges needs nothing of PGlite (which ignores Terminate).
      if (message[0] === TERMINATE && !release) return
      if (!release) await hold()
      const { data, idle } = await run(message)
      onRawData(data)
      if (idle) letGo()
    },
    /** pglite-socket sends ROLLBACK when a client leaves mid-exchange: end what it left open, then let go. */
    async exec(_rollback: string) {
      if (!release) return []
      const { idle } = await run(SYNC)
      if (!idle) await run(simpleQuery('ROLLBACK'))
      letGo()
      return []
    },
  }
}

function simpleQuery(text: string) {
  const body = new TextEncoder().encode(`${text}\0`)
  const message = new Uint8Array(5 + body.length)
  message[0] = 0x51
  new DataView(message.buffer).setInt32(1, 4 + body.length)
  message.set(body, 5)
  return message
}

/**
 * The embedded database of the server running on `dataDir`, through its socket, or null when no
 * server answers there. One connection and no named statements, so nothing of the caller's stays
 * behind in the server's one session.
 */
export async function openThroughServer(dataDir: string): Promise<DatabaseHandle | null> {
  const path = sharedSocketPath(dataDir)
  if (!existsSync(path)) return null
  const { default: postgres } = await import('postgres')
  const client = postgres({ path, user: 'postgres', database: 'postgres', max: 1, prepare: false, connect_timeout: 5, onnotice: () => {} })
  try {
    await client`select 1`
  } catch {
    await client.end({ timeout: 1 })
    return null
  }
  return overPostgresJs(client, 'pglite')
}
