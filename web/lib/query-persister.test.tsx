import { afterEach, describe, expect, setSystemTime, test } from 'bun:test'
import { dehydrate, timeoutManager } from '@tanstack/react-query'
import { createQueryClient } from '../query-client'
import { aBuyer } from '../testing/fixtures'
import { currentUserQueryOptions } from './current-user'
import {
  capQueries,
  keepQueryCache,
  PERSISTED_CACHE_KEY,
  PERSISTED_CACHE_MAX_AGE_MS,
  PERSISTED_CACHE_MAX_CHARS,
  PERSISTED_CACHE_WRITE_DELAY_MS,
} from './query-persister'

const CURRENT_USER = currentUserQueryOptions().queryKey
const buyer = aBuyer()
const signedIn = (id = buyer.id) => ({ user: { ...buyer, id }, requiresProfileCompletion: false })
const stored = () => JSON.parse(localStorage.getItem(PERSISTED_CACHE_KEY) ?? 'null')
/** The persister reads and writes through promises: this lets them finish. */
const settle = () => Bun.sleep(0)
const flush = async () => {
  dispatchEvent(new Event('pagehide'))
  await settle()
}

/**
 * Query's timers run by hand from now on, its clock with them: `advance(ms)` moves the time and
 * fires what has come due by then, such as a throttled write.
 */
function manualTimers() {
  let waiting: { at: number; fire: () => void }[] = []
  const setTimeout = (fire: () => void, ms = 0) => {
    waiting.push({ at: Date.now() + ms, fire })
    return waiting.length as unknown as ReturnType<typeof globalThis.setTimeout>
  }
  timeoutManager.setTimeoutProvider({ setTimeout, clearTimeout: () => {}, setInterval: globalThis.setInterval, clearInterval: globalThis.clearInterval })
  return {
    advance(ms: number) {
      setSystemTime(new Date(Date.now() + ms))
      const due = waiting.filter((timer) => timer.at <= Date.now())
      waiting = waiting.filter((timer) => !due.includes(timer))
      for (const timer of due) timer.fire()
    },
  }
}

let stops: (() => void)[] = []
/** A fresh client whose cache is kept on the device, on a network that is up or down. */
async function keptClient(online = true) {
  const client = createQueryClient()
  stops.push(keepQueryCache(client, { online: () => online }))
  await settle()
  return client
}

/** A kept client that the server has told who is signed in: the buyer. */
async function signedInClient() {
  const client = await keptClient()
  client.setQueryData(CURRENT_USER, signedIn())
  await settle()
  return client
}

afterEach(() => {
  for (const stop of stops) stop()
  stops = []
  localStorage.clear()
  setSystemTime()
  timeoutManager.setTimeoutProvider({ setTimeout, clearTimeout, setInterval, clearInterval })
})

/** A device that used the app signed in as `userId`, then closed it: its kept copy holds the user and one store. */
async function usedBefore(userId = buyer.id) {
  const client = createQueryClient()
  const stop = keepQueryCache(client, { online: () => true })
  client.setQueryData(CURRENT_USER, signedIn(userId))
  await settle()
  client.setQueryData(['catalog', 'store', 's1'], { id: 's1', name: 'Patel Brothers' })
  await flush()
  stop()
}

describe('keepQueryCache', () => {
  test('keeps the signed-in cache on the device, and brings it all back when the app opens offline', async () => {
    await usedBefore()
    expect(stored().buster).toBe(buyer.id)

    const offline = await keptClient(false)
    expect(offline.getQueryData(CURRENT_USER)).toEqual(signedIn())
    expect(offline.getQueryData(['catalog', 'store', 's1'])).toEqual({ id: 's1', name: 'Patel Brothers' })
    // Stale, so a screen asks the server again once there is a network.
    expect(offline.getQueryState(['catalog', 'store', 's1'])?.isInvalidated).toBe(true)
  })

  test('online, it waits for the server to say who is signed in, and restores only for that same user', async () => {
    await usedBefore()
    const same = await keptClient()
    expect(same.getQueryData(['catalog', 'store', 's1'])).toBeUndefined()
    same.setQueryData(CURRENT_USER, signedIn())
    await settle()
    expect(same.getQueryData(['catalog', 'store', 's1'])).toEqual({ id: 's1', name: 'Patel Brothers' })

    await usedBefore()
    const other = await keptClient()
    other.setQueryData(CURRENT_USER, signedIn('someone-else'))
    await settle()
    expect(other.getQueryData(['catalog', 'store', 's1'])).toBeUndefined()
    await flush()
    expect(stored().buster).toBe('someone-else')
    expect(stored().clientState.queries).toHaveLength(1)
  })

  test('clearing the cache (sign-out) or a signed-out answer removes the copy at once, and no late write brings it back', async () => {
    const client = await keptClient()
    client.setQueryData(CURRENT_USER, signedIn())
    await flush()
    expect(stored()).not.toBeNull()
    const timers = manualTimers()
    client.setQueryData(['catalog', 'store', 's1'], { id: 's1' })
    // As a sign-out does: other answers go first, each removal starting a write, then who is signed in.
    client.removeQueries({ queryKey: ['catalog'] })
    client.clear()
    expect(stored()).toBeNull()
    // The writes those answers started come due, and find nobody to write for.
    await settle()
    timers.advance(PERSISTED_CACHE_WRITE_DELAY_MS)
    await settle()
    expect(stored()).toBeNull()

    // An answer about who is signed in that reaches a query the sign-out already removed is no sign-in.
    client.setQueryData(CURRENT_USER, signedIn())
    await settle()
    const removed = client.getQueryCache().find({ queryKey: CURRENT_USER })!
    client.clear()
    removed.setData(signedIn())
    await settle()
    await flush()
    expect(stored()).toBeNull()

    client.setQueryData(CURRENT_USER, signedIn())
    await settle()
    await flush()
    expect(stored()).not.toBeNull()
    client.setQueryData(CURRENT_USER, { user: null, requiresProfileCompletion: false })
    expect(stored()).toBeNull()
  })

  test('an answer whose refetch failed offline is still kept, as the answer it is', async () => {
    const client = await signedInClient()
    client.setQueryData(['catalog', 'store', 's1'], { id: 's1' })
    await client
      .fetchQuery({ queryKey: ['catalog', 'store', 's1'], queryFn: () => Promise.reject(new TypeError('Failed to fetch')), staleTime: 0 })
      .catch(() => {})
    expect(client.getQueryState(['catalog', 'store', 's1'])?.status).toBe('error')
    await flush()

    const offline = await keptClient(false)
    expect(offline.getQueryState(['catalog', 'store', 's1'])).toMatchObject({ status: 'success', data: { id: 's1' }, error: null })
  })

  test('nothing is kept for a signed-out visitor, and a copy past its age is thrown away', async () => {
    const client = await keptClient()
    client.setQueryData(['catalog', 'store', 's1'], { id: 's1' })
    await flush()
    expect(stored()).toBeNull()

    await usedBefore()
    setSystemTime(new Date(Date.now() + PERSISTED_CACHE_MAX_AGE_MS + 1))
    const later = await keptClient(false)
    expect(later.getQueryData(CURRENT_USER)).toBeUndefined()
    expect(stored()).toBeNull()
  })

  test('the copy stays under its size cap, dropping the oldest answers first', async () => {
    const client = await signedInClient()
    const big = 'x'.repeat(PERSISTED_CACHE_MAX_CHARS / 4)
    for (let index = 0; index < 6; index++) client.setQueryData(['catalog', 'items', `s${index}`], big, { updatedAt: 1000 + index })
    await flush()
    const text = localStorage.getItem(PERSISTED_CACHE_KEY)!
    expect(text.length).toBeLessThan(PERSISTED_CACHE_MAX_CHARS + 1000)
    const kept = stored().clientState.queries.map((query: { queryKey: unknown[] }) => query.queryKey.at(-1))
    expect(kept).toEqual(['current-user', 's5', 's4', 's3'])
  })
})

describe('capQueries', () => {
  test('keeps who is signed in even when it is the oldest answer', () => {
    const client = createQueryClient()
    client.setQueryData(CURRENT_USER, signedIn(), { updatedAt: 1 })
    client.setQueryData(['big'], 'y'.repeat(100), { updatedAt: 2 })
    const capped = capQueries(dehydrate(client), JSON.stringify(signedIn()).length + 400)
    expect(capped.queries.map((query) => query.queryHash)).toEqual([JSON.stringify(CURRENT_USER)])
  })
})
