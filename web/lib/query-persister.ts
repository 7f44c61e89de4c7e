import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import type { DehydratedState, Query, QueryClient } from '@tanstack/react-query'
import { type PersistedClient, persistQueryClientRestore, persistQueryClientSave, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client'
import { type CurrentUserState, currentUserQueryOptions } from './current-user'

/**
 * A copy of the query cache on this device, so a signed-in person who goes offline still sees
 * what the app already showed (issue 11), kept by TanStack's persister over localStorage. The copy
 * belongs to one user: its buster is their id, so restoring it for anyone else throws it away.
 * Only answers are kept, as successes, newest first, within a size cap.
 */
export const PERSISTED_CACHE_KEY = 'kirana-query-cache'
/** Characters of JSON (localStorage counts UTF-16 units): about 1 MB of the 5 MB a site gets, leaving room for carts. */
export const PERSISTED_CACHE_MAX_CHARS = 500_000
/** Older than this it is more likely wrong than useful. */
export const PERSISTED_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
/** Writes wait for a burst of answers to settle. */
export const PERSISTED_CACHE_WRITE_DELAY_MS = 1000

const CURRENT_USER_HASH = JSON.stringify(currentUserQueryOptions().queryKey)
const isCurrentUser = (queryHash: string) => queryHash === CURRENT_USER_HASH

/** The newest answers that fit in `maxChars`; who is signed in always comes first. */
export function capQueries(state: DehydratedState, maxChars: number): DehydratedState {
  const ordered = [...state.queries].sort(
    (a, b) => Number(isCurrentUser(b.queryHash)) - Number(isCurrentUser(a.queryHash)) || b.state.dataUpdatedAt - a.state.dataUpdatedAt,
  )
  const queries: DehydratedState['queries'] = []
  let size = 0
  for (const query of ordered) {
    const querySize = JSON.stringify(query).length
    if (size + querySize > maxChars) continue
    queries.push(query)
    size += querySize
  }
  return { mutations: [], queries }
}

/**
 * Every kept answer as a success: offline, a refetch fails and leaves the query in error while it
 * still holds the answer the screen shows, and that answer is what must be kept. Restored, each is
 * stale, so a screen that opens online asks the server again while showing it (hydrate never
 * replaces an answer newer than the saved one).
 */
const asKeptAnswers = (state: DehydratedState): DehydratedState => ({
  mutations: [],
  queries: state.queries.map((query) => ({ ...query, state: { ...query.state, status: 'success', error: null, fetchStatus: 'idle', isInvalidated: true } })),
})

/** Thrown for a write that lands after a sign-out, or after someone else signed in: it is dropped. */
const NOT_THE_OWNER = new Error('No longer signed in as the owner of this copy')

const dehydrateOptions = { shouldDehydrateQuery: (query: Query) => query.state.data !== undefined, shouldDehydrateMutation: () => false }

/**
 * Keeps the cache on the device from now on, and brings back what was kept. Offline, nobody can
 * ask the server who is signed in, so the copy answers that too. Online, it waits for the server's
 * answer and restores only for the same user. A sign-out, a signed-out answer or a cleared cache
 * removes the copy at once, and nothing is written for anyone but who is signed in. Returns the way to stop.
 */
export function keepQueryCache(queryClient: QueryClient, { storage = localStorage, online = () => navigator.onLine } = {}) {
  const cache = queryClient.getQueryCache()
  /** Whose copy is being kept: the id the copy is written under, null while nobody is signed in. */
  let owner: string | null = null
  let stopSaving = () => {}

  // A write is serialized at once but stored a moment later: one under way as the cache is cleared
  // (a sign-out) must not put back the copy that was just removed.
  const ownersStorage = {
    getItem: (key: string) => storage.getItem(key),
    setItem: (key: string, value: string) => {
      if (owner !== null) storage.setItem(key, value)
    },
    removeItem: (key: string) => storage.removeItem(key),
  }
  const persisterFor = (throttleTime: number) =>
    createAsyncStoragePersister({
      storage: ownersStorage,
      key: PERSISTED_CACHE_KEY,
      throttleTime,
      serialize: (client) => {
        if (client.buster !== owner) throw NOT_THE_OWNER
        return JSON.stringify({ ...client, clientState: capQueries(asKeptAnswers(client.clientState), PERSISTED_CACHE_MAX_CHARS) })
      },
      // A full storage keeps no stale copy either: an old one could outlive the user's data.
      retry: ({ error }) => {
        if (error !== NOT_THE_OWNER) storage.removeItem(PERSISTED_CACHE_KEY)
        return undefined
      },
    })
  const persister = persisterFor(PERSISTED_CACHE_WRITE_DELAY_MS)
  // A page being closed or hidden may never see the throttled write.
  const immediate = persisterFor(0)

  const forget = () => {
    stopSaving()
    stopSaving = () => {}
    owner = null
    storage.removeItem(PERSISTED_CACHE_KEY)
  }

  /** Brings back `userId`'s copy (another's is thrown away, as is one past its age), then keeps the cache for them. */
  const keepFor = async (userId: string) => {
    stopSaving()
    owner = userId
    await persistQueryClientRestore({ queryClient, persister, buster: userId, maxAge: PERSISTED_CACHE_MAX_AGE_MS }).catch(forget)
    if (owner !== userId) return
    stopSaving = persistQueryClientSubscribe({ queryClient, persister, buster: userId, dehydrateOptions })
    void persistQueryClientSave({ queryClient, persister, buster: userId, dehydrateOptions })
  }

  // Offline the copy says who is signed in: restored (unless past its age), its current-user answer
  // reaches the listener below like the server's would, and keeps the copy for that user.
  const opening = (async () => {
    if (online()) return
    const saved = await (persister.restoreClient() as Promise<PersistedClient | undefined>).catch(() => undefined)
    if (!saved?.buster || owner !== null) return
    const replay = { ...persister, restoreClient: () => saved }
    await persistQueryClientRestore({ queryClient, persister: replay, buster: saved.buster, maxAge: PERSISTED_CACHE_MAX_AGE_MS }).catch(forget)
  })()

  const unsubscribe = cache.subscribe((event) => {
    if (!isCurrentUser(event.query.queryHash) || event.type === 'observerResultsUpdated' || event.type === 'observerOptionsUpdated') return
    if (event.type === 'removed') return forget()
    // A fetch that ends after its query was removed (a sign-out cleared the cache) still reports here; it says nothing about now.
    if (cache.get(event.query.queryHash) !== event.query) return
    const answer = event.query.state.data as CurrentUserState | undefined
    if (answer === undefined) return
    if (!answer.user) return forget()
    const userId = answer.user.id
    if (owner === userId) return
    void opening.then(() => {
      if (owner !== userId) return keepFor(userId)
    })
  })

  const flush = () => {
    if (owner) void persistQueryClientSave({ queryClient, persister: immediate, buster: owner, dehydrateOptions })
  }
  addEventListener('pagehide', flush)
  const onHidden = () => document.visibilityState === 'hidden' && flush()
  document.addEventListener('visibilitychange', onHidden)

  return () => {
    unsubscribe()
    stopSaving()
    owner = null
    removeEventListener('pagehide', flush)
    document.removeEventListener('visibilitychange', onHidden)
  }
}
