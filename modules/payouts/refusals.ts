import type { LineRow } from './ledger'

type Refused = Pick<LineRow, 'paidAt' | 'lastError' | 'lastErrorCode' | 'transferFromBalance'>

/** A line not paid whose last transfer the gateway refused: it cannot be paid until its cause is put right. */
export const refusedAtLastAttempt = (line: Refused) => line.paidAt === null && line.lastError !== null

/**
 * Why the gateway refused a line's last transfer, in support's words, with the gateway's own
 * after them; null for a line not refused. Never shown to the runner, who is told only that the
 * money is coming.
 */
export function refusalCause(line: Refused): string | null {
  if (!refusedAtLastAttempt(line)) return null
  const said = `the gateway said: ${line.lastError}`
  switch (line.lastErrorCode) {
    case 'balance_insufficient':
      return line.transferFromBalance
        ? `paid from the platform's balance (its charge no longer covers it after refunds the platform bore), which cannot cover it: see payouts balance; ${said}`
        : `judged against the platform's balance, which cannot cover it, though its own charge pays for it; ${said}`
    case 'source_insufficient':
      return `more than is left of its charge at the gateway; ${said}`
    case 'account_not_enabled':
      return `the runner's connected account cannot take transfers: see runners show; ${said}`
    case 'missing':
      return `the gateway has no such connected account or charge; ${said}`
    default:
      return said
  }
}
