type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void }

/**
 * Lookups by key that share queries when they come together: while `inFlightAtMost` reads are
 * under way, keys asked for wait and then go out together in one read of them all. A key asked
 * for when nothing waits is read at once, so a quiet server adds no delay; a busy one asks the
 * database a few times for many requests, not once for each. A read always starts after the
 * lookup was asked for, so it sees every write that came before the request.
 */
export function batchedLookup<K, V>(readMany: (keys: K[]) => Promise<Map<K, V>>, { inFlightAtMost = 1, batchAtMost = 500 } = {}) {
  let waiting = new Map<K, Waiter<V>[]>()
  let inFlight = 0

  const readBatch = (batch: Map<K, Waiter<V>[]>) => {
    inFlight++
    readMany([...batch.keys()])
      .then(
        (found) => {
          for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key))
        },
        (error) => {
          for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error)
        },
      )
      .finally(() => {
        inFlight--
        flush()
      })
  }

  const flush = () => {
    while (inFlight < inFlightAtMost && waiting.size > 0) {
      if (waiting.size <= batchAtMost) {
        const batch = waiting
        waiting = new Map()
        readBatch(batch)
      } else {
        const batch = new Map<K, Waiter<V>[]>()
        for (const [key, waiters] of waiting) {
          if (batch.size === batchAtMost) break
          batch.set(key, waiters)
          waiting.delete(key)
        }
        readBatch(batch)
      }
    }
  }

  return (key: K) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = waiting.get(key)
      if (waiters) waiters.push({ resolve, reject })
      else waiting.set(key, [{ resolve, reject }])
      flush()
    })
}

/**
 * A batchedLookup for each database and clock, made the first time they ask: a module's reads
 * are plain functions of (db, clock, key), while the requests that share a batch must share the
 * database and the clock it reads `now` from. Every app (each test's too) so gets its own batches.
 */
export function batchedLookupPer<D extends object, C extends object, K, V>(
  readManyOf: (db: D, clock: C) => (keys: K[]) => Promise<Map<K, V>>,
  options?: { inFlightAtMost?: number; batchAtMost?: number },
) {
  const lookups = new WeakMap<D, WeakMap<C, (key: K) => Promise<V | undefined>>>()
  return (db: D, clock: C) => {
    let byClock = lookups.get(db)
    if (!byClock) lookups.set(db, (byClock = new WeakMap()))
    let lookup = byClock.get(clock)
    if (!lookup) byClock.set(clock, (lookup = batchedLookup(readManyOf(db, clock), options)))
    return lookup
  }
}
