import { useEffect, useState } from 'react'
import type { PayoutAccountStatus } from '../../../modules/payouts/contract'
import { useClock } from '../../lib/clock'

/** The waits between checks once the runner is back from the payout form: half a minute in all. */
export const RETURN_CHECK_DELAYS_MS = [2_000, 4_000, 8_000, 16_000] as const

/**
 * Where the check stands: asking the server, or what it answered last (the account enabled or
 * restricted, or still unfinished after every check). null when the runner did not just come back.
 */
export type ReturnCheck = 'checking' | 'enabled' | 'restricted' | 'unfinished' | null

const undecided = (status: PayoutAccountStatus | undefined) => status === undefined || status === 'none' || status === 'onboarding'

/**
 * Back from the payout form (`?payouts=returned`), the statement is fetched again at once: the
 * way back says nothing about the account, which changes only when the payment service tells
 * the server. While it is still being set up, it is asked again after longer and longer waits.
 */
export function useReturnCheck(
  returned: boolean,
  status: PayoutAccountStatus | undefined,
  refetch: (options?: { cancelRefetch?: boolean }) => Promise<unknown>,
): ReturnCheck {
  const clock = useClock()
  // Checks answered since the runner came back.
  const [answered, setAnswered] = useState(0)

  useEffect(() => {
    if (!returned) return
    let mounted = true
    // Joins a fetch already under way (a statement restored from the device) rather than asking twice.
    void refetch({ cancelRefetch: false }).then(() => mounted && setAnswered(1))
    return () => {
      mounted = false
    }
  }, [returned, refetch])

  const waiting = returned && answered > 0 && answered <= RETURN_CHECK_DELAYS_MS.length && undecided(status)
  useEffect(() => {
    if (!waiting) return
    let mounted = true
    const cancel = clock.after(RETURN_CHECK_DELAYS_MS[answered - 1]!, () => void refetch().then(() => mounted && setAnswered(answered + 1)))
    return () => {
      mounted = false
      cancel()
    }
  }, [waiting, answered, clock, refetch])

  if (!returned) return null
  if (answered === 0 || waiting) return 'checking'
  if (status === 'enabled' || status === 'restricted') return status
  return 'unfinished'
}
