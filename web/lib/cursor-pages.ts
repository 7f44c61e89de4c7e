import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query'

/**
 * A list read a page at a time, each page naming the cursor of the next (null after the last):
 * the first page is fetched with no cursor. Other options (staleTime) are the query's own.
 */
export const cursorPagesQueryOptions = <Page extends { nextCursor: string | null }>({
  queryKey,
  fetchPage,
  ...options
}: {
  queryKey: QueryKey
  fetchPage: (cursor?: string) => Promise<Page>
  staleTime?: number
}) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam ?? undefined),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    ...options,
  })
