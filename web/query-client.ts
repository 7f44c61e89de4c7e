import { QueryClient } from '@tanstack/react-query'

/** Spec 000 §9: data never goes stale by itself, nothing retries, refetches on focus or polls, and nothing runs offline. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        networkMode: 'online',
      },
      mutations: { retry: false, networkMode: 'online' },
    },
  })
}
