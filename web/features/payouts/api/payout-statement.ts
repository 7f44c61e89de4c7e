import { useInfiniteQuery } from '@tanstack/react-query'
import { payoutsResponseSchema } from '../../../../modules/payouts/contract'
import { cursorPagesQueryOptions } from '../../../lib/cursor-pages'
import { apiRequest } from '../../../lib/http'

/** Every query of this feature starts with this, so setting up payouts refreshes them all. */
export const PAYOUTS_KEY = ['payouts'] as const

/**
 * Lines move from pending to available as their window closes, and the server pays them out on
 * its own schedule, so a statement older than this is fetched again when the screen opens.
 */
const STATEMENT_STALE_MS = 30_000

/** GET /api/runner/payouts: the account, the balances and the newest lines, or the lines after `cursor` (from the page before). */
export const fetchPayoutStatement = (cursor?: string) =>
  apiRequest('GET', cursor ? `/api/runner/payouts?cursor=${encodeURIComponent(cursor)}` : '/api/runner/payouts', payoutsResponseSchema)

/** The runner's statement a page at a time: the first page's account and balances are the current ones. */
export const payoutStatementQueryOptions = () =>
  cursorPagesQueryOptions({ queryKey: [...PAYOUTS_KEY, 'statement'], fetchPage: fetchPayoutStatement, staleTime: STATEMENT_STALE_MS })

export const usePayoutStatement = () => useInfiniteQuery(payoutStatementQueryOptions())
