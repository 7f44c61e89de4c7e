import { describe, expect, test } from 'bun:test'
import { batchedLookup, batchedLookupPer } from './batched-lookup'

/** A read the test finishes by hand, recording the keys of each call; `untilCalls(n)` waits for the n-th call. */
function heldReads() {
  const calls: { keys: string[]; finish: (found: Map<string, string>) => void; fail: (error: Error) => void }[] = []
  let called = Promise.withResolvers<void>()
  const read = (keys: string[]) =>
    new Promise<Map<string, string>>((finish, fail) => {
      calls.push({ keys, finish, fail })
      called.resolve()
      called = Promise.withResolvers()
    })
  const untilCalls = async (count: number) => {
    while (calls.length < count) await called.promise
  }
  return { calls, read, untilCalls }
}

const answers = (keys: string[]) => new Map(keys.map((key) => [key, key.toUpperCase()]))

describe('batchedLookup', () => {
  test('a lookup on a quiet lookup is read at once, alone', async () => {
    const { calls, read } = heldReads()
    const lookup = batchedLookup(read)
    const found = lookup('a')
    expect(calls.map((call) => call.keys)).toEqual([['a']])
    calls[0]!.finish(answers(['a']))
    expect(await found).toBe('A')
  })

  test('lookups asked while the reads are under way wait, then go out together in one read', async () => {
    const { calls, read, untilCalls } = heldReads()
    const lookup = batchedLookup(read, { inFlightAtMost: 1 })
    const first = lookup('a')
    const waiting = [lookup('b'), lookup('c'), lookup('b')]
    expect(calls).toHaveLength(1)
    calls[0]!.finish(answers(['a']))
    expect(await first).toBe('A')
    await untilCalls(2)
    expect(calls.map((call) => call.keys)).toEqual([['a'], ['b', 'c']])
    calls[1]!.finish(answers(['b', 'c']))
    expect(await Promise.all(waiting)).toEqual(['B', 'C', 'B'])
  })

  test('a key the read did not find is undefined', async () => {
    const { calls, read } = heldReads()
    const lookup = batchedLookup(read)
    const missing = lookup('gone')
    calls[0]!.finish(new Map())
    expect(await missing).toBeUndefined()
  })

  test('a failed read fails only the lookups it carried; the next lookup reads again', async () => {
    const { calls, read, untilCalls } = heldReads()
    const lookup = batchedLookup(read, { inFlightAtMost: 1 })
    const failing = lookup('a')
    const later = lookup('b')
    calls[0]!.fail(new Error('connection lost'))
    await expect(failing).rejects.toThrow('connection lost')
    await untilCalls(2)
    expect(calls[1]!.keys).toEqual(['b'])
    calls[1]!.finish(answers(['b']))
    expect(await later).toBe('B')
  })

  test('a batch holds at most batchAtMost keys; the rest go in the next read', async () => {
    const { calls, read, untilCalls } = heldReads()
    const lookup = batchedLookup(read, { inFlightAtMost: 1, batchAtMost: 2 })
    const all = ['a', 'b', 'c', 'd'].map((key) => lookup(key))
    calls[0]!.finish(answers(calls[0]!.keys))
    await untilCalls(2)
    calls[1]!.finish(answers(calls[1]!.keys))
    await untilCalls(3)
    calls[2]!.finish(answers(calls[2]!.keys))
    expect(calls.map((call) => call.keys)).toEqual([['a'], ['b', 'c'], ['d']])
    expect(await Promise.all(all)).toEqual(['A', 'B', 'C', 'D'])
  })
})

describe('batchedLookupPer', () => {
  test('one lookup for each database and clock: the same pair shares it, another pair has its own', () => {
    const made: [object, object][] = []
    const lookupOf = batchedLookupPer((db: object, clock: object) => {
      made.push([db, clock])
      return async (keys: string[]) => answers(keys)
    })
    const [db, clock, otherClock] = [{}, {}, {}]
    expect(lookupOf(db, clock)).toBe(lookupOf(db, clock))
    expect(lookupOf(db, otherClock)).not.toBe(lookupOf(db, clock))
    expect(lookupOf({}, clock)).not.toBe(lookupOf(db, clock))
    expect(made).toHaveLength(3)
  })
})
