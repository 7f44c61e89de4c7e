import { QueryClient } from '@tanstack/react-query'

/**
 * Spec 000 §9: data never goes stale by itself, nothing retries, refetches on focus or polls, and nothing runs offline.
 * Answers stay a day after their screen closes (not 5 minutes) because the copy kept for offline use
 * (lib/query-persister) holds what the cache holds: the stores and items a buyer saw earlier today.
 */
const QUERY_GC_MS = 24 * 60 * 60 * 1000

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        gcTime: QUERY_GC_MS,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        networkMode: 'online',
      },
      mutations: { retry: false, networkMode: 'online' },
    },
  })
}
