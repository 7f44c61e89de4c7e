import type { DatabaseHandle } from '../../db/client'
import { createAccount, createSession, SESSION_COOKIE } from '../../modules/accounts/index'
import { captureClaim, orderLines, orderMoves } from '../../modules/orders/index'
import type { PayoutTerms } from '../../modules/payouts/index'
import { type Clock, systemClock } from '../../modules/shared/index'
import { type BenchStore, benchGateway, paidOrder } from './bench-data'

/**
 * A runner made through the accounts facade, signed in with a session of their own: the location
 * bench needs a thousand, and the API's sign-up (a profile, a geocode, a verified phone) is
 * nothing a location report reads. Only the order's runner id is checked.
 */
export async function signedInRunner(handle: Pick<DatabaseHandle, 'db'>, lastName: string) {
  const email = `bench-${lastName.toLowerCase().replaceAll(' ', '-')}-${Date.now()}@example.com`
  const runner = await createAccount(handle.db, { firstName: 'Bench', lastName, email, password: 'bench password' })
  const session = await createSession(handle.db, systemClock, runner.id)
  return { id: runner.id, cookie: `${SESSION_COOKIE}=${session.token}` }
}

/** The runner accepts the order at `clock`'s now and its card is captured, as the accept route does both. */
export async function acceptOrder(handle: Pick<DatabaseHandle, 'db'>, orderId: string, runnerId: string, clock: Clock = systemClock) {
  const claimed = await orderMoves.claim(handle.db, clock, orderId, runnerId)
  if (!claimed || (await captureClaim(handle.db, benchGateway(handle.db, clock), clock, orderId, 'when a runner accepted')).outcome !== 'captured')
    throw new Error(`order ${orderId} was not captured`)
  return claimed
}

/** The runner picks the accepted order up at `clock`'s now with every line found: the move that records the arrival it predicts. */
export async function pickUpEverything(
  handle: Pick<DatabaseHandle, 'db'>,
  claimed: Awaited<ReturnType<typeof acceptOrder>>,
  runnerId: string,
  clock: Clock = systemClock,
) {
  const found = orderLines.settledAtPickup(claimed.items, new Map(claimed.items.map((item) => [item.id, true])), clock.now())
  if (!(await orderMoves.reportPickup(handle.db, clock, claimed.id, runnerId, { items: found, itemsWere: claimed.items, actualGroceryCents: 1598 })))
    throw new Error(`order ${claimed.id} was not picked up`)
}

/**
 * An order placed, accepted with its card captured, picked up with everything found, and
 * delivered at one instant (`at`, in ms): each step the orders' own move, on a clock stopped
 * there, so its runner's earnings line is written as a delivery writes it (no platform share,
 * paid out a day after `at` unless told).
 */
export async function deliveredOrder(
  handle: Pick<DatabaseHandle, 'db'>,
  buyerId: string,
  runnerId: string,
  store: BenchStore,
  key: string,
  at: number,
  terms: PayoutTerms = { platformShareBps: 0, holdHours: 24 },
) {
  const clock: Clock = { now: () => new Date(at) }
  const orderId = await paidOrder(handle, buyerId, store, key, clock)
  await pickUpEverything(handle, await acceptOrder(handle, orderId, runnerId, clock), runnerId, clock)
  if (!(await orderMoves.reportDelivered(handle.db, clock, orderId, runnerId, terms))) throw new Error(`order ${orderId} was not delivered`)
  return orderId
}
