import { type DehydratedState, dehydrate, hydrate, type Query, type QueryClient } from '@tanstack/react-query'
import { type CurrentUserState, currentUserQueryOptions } from './current-user'

/**
 * A copy of the query cache on this device, so a signed-in person who goes offline still sees
 * what the app already showed (issue 11). Written by hand over localStorage rather than with
 * @tanstack/react-query-persist-client: that one restores before anything renders and knows
 * nothing of who is signed in, while this copy belongs to one user and must never be shown to
 * another. Only successful answers are kept, newest first, within a size cap.
 */
export const PERSISTED_CACHE_KEY = 'kirana-query-cache'
/** Characters of JSON (localStorage counts UTF-16 units): about 1 MB of the 5 MB a site gets, leaving room for carts. */
export const PERSISTED_CACHE_MAX_CHARS = 500_000
/** Older than this it is more likely wrong than useful. */
export const PERSISTED_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
/** Writes wait for a burst of answers to settle. */
const WRITE_DELAY_MS = 1000

type Persisted = { version: 1; userId: string; savedAt: number; state: DehydratedState }

const CURRENT_USER_HASH = JSON.stringify(currentUserQueryOptions().queryKey)
const isCurrentUser = (queryHash: string) => queryHash === CURRENT_USER_HASH

function readPersisted(storage: Storage, now: number): Persisted | null {
  let stored: Partial<Persisted> | null
  try {
    stored = JSON.parse(storage.getItem(PERSISTED_CACHE_KEY) ?? 'null')
  } catch {
    stored = {}
  }
  const valid =
    stored?.version === 1 &&
    typeof stored.userId === 'string' &&
    typeof stored.savedAt === 'number' &&
    Array.isArray(stored.state?.queries) &&
    now - stored.savedAt < PERSISTED_CACHE_MAX_AGE_MS
  if (valid) return stored as Persisted
  if (stored !== null) storage.removeItem(PERSISTED_CACHE_KEY)
  return null
}

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
 * Every query that has an answer, as a success: offline, a refetch fails and leaves the query in
 * error while it still holds the answer the screen shows, and that answer is what must be kept.
 */
function keptAnswers(queryClient: QueryClient): DehydratedState {
  const { queries } = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.data !== undefined, shouldDehydrateMutation: () => false })
  return { mutations: [], queries: queries.map((query) => ({ ...query, state: { ...query.state, status: 'success', error: null, fetchStatus: 'idle' } })) }
}

/**
 * Puts saved answers into the cache. They are marked stale, so a screen that opens online asks
 * the server again while showing them; hydrate never replaces an answer newer than the saved one.
 */
function restore(queryClient: QueryClient, state: DehydratedState) {
  hydrate(queryClient, state)
  const restoredAt = new Map(state.queries.map((query) => [query.queryHash, query.state.dataUpdatedAt]))
  void queryClient.invalidateQueries({ predicate: (query) => restoredAt.get(query.queryHash) === query.state.dataUpdatedAt, refetchType: 'none' })
}

/**
 * Keeps the cache on the device from now on, and brings back what was kept. Offline, nobody can
 * ask the server who is signed in, so the copy answers that too. Online, it waits for the server's
 * answer and restores only for the same user. A sign-out, a signed-out answer or a cleared cache
 * removes the copy at once. Returns the way to stop.
 */
export function keepQueryCache(queryClient: QueryClient, { storage = localStorage, online = () => navigator.onLine, now = () => Date.now() } = {}) {
  const cache = queryClient.getQueryCache()
  let waiting = readPersisted(storage, now())
  let timer: ReturnType<typeof setTimeout> | undefined

  if (waiting && !online()) {
    restore(queryClient, waiting.state)
    waiting = null
  }

  const currentUser = () => (cache.find({ queryKey: currentUserQueryOptions().queryKey }) as Query<CurrentUserState> | undefined)?.state.data

  const forget = () => {
    clearTimeout(timer)
    timer = undefined
    waiting = null
    storage.removeItem(PERSISTED_CACHE_KEY)
  }

  const write = () => {
    clearTimeout(timer)
    timer = undefined
    const user = currentUser()?.user
    if (!user) return
    const state = capQueries(keptAnswers(queryClient), PERSISTED_CACHE_MAX_CHARS)
    const persisted: Persisted = { version: 1, userId: user.id, savedAt: now(), state }
    try {
      storage.setItem(PERSISTED_CACHE_KEY, JSON.stringify(persisted))
    } catch {
      // A full storage keeps no stale copy either: an old one could outlive the user's data.
      storage.removeItem(PERSISTED_CACHE_KEY)
    }
  }

  const unsubscribe = cache.subscribe((event) => {
    if (isCurrentUser(event.query.queryHash)) {
      if (event.type === 'removed') return forget()
      const answer = event.query.state.data as CurrentUserState | undefined
      if (answer === undefined) return
      if (!answer.user) return forget()
      if (waiting) {
        if (waiting.userId === answer.user.id)
          restore(queryClient, { mutations: [], queries: waiting.state.queries.filter((query) => !isCurrentUser(query.queryHash)) })
        waiting = null
      }
    }
    if (waiting || event.type === 'observerResultsUpdated' || event.type === 'observerOptionsUpdated') return
    if (timer === undefined) timer = setTimeout(write, WRITE_DELAY_MS)
  })

  // A page being closed or hidden may never run the timer.
  const flush = () => {
    if (timer !== undefined) write()
  }
  addEventListener('pagehide', flush)
  const onHidden = () => document.visibilityState === 'hidden' && flush()
  document.addEventListener('visibilitychange', onHidden)

  return () => {
    unsubscribe()
    clearTimeout(timer)
    removeEventListener('pagehide', flush)
    document.removeEventListener('visibilitychange', onHidden)
  }
}
