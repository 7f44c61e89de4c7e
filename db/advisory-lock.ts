import { sql } from 'drizzle-orm'
import type { Database, DatabaseKind } from './database'
import { rows } from './migrate'

export type LockedRun<T> = { ran: true; result: T } | { ran: false }

/**
 * Runs `task` while this process holds the PostgreSQL advisory lock `name`, or skips it when
 * another process holds it (or, with `wait`, runs it once that one is done): several app instances on one database, one job at a time. The lock
 * lives in a transaction of its own, so `task` works on other connections and commits as it goes.
 * PGlite needs none: its data directory belongs to one process, and its one connection could not
 * both hold the lock and do the work.
 */
export async function whileHoldingLock<T>(
  db: Database,
  kind: DatabaseKind,
  name: string,
  task: () => Promise<T>,
  options: { wait?: boolean } = {},
): Promise<LockedRun<T>> {
  if (kind === 'pglite') return { ran: true, result: await task() }
  let outcome: LockedRun<T> = { ran: false }
  await db.transaction(async (tx) => {
    // Waiting (support's run by hand) queues behind the instance whose run holds it, then runs.
    if (options.wait) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`)
      outcome = { ran: true, result: await task() }
      return
    }
    const [lock] = rows<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${name})) as locked`))
    if (lock?.locked) outcome = { ran: true, result: await task() }
  })
  return outcome
}
