import { expect } from 'bun:test'
import { findOrder, orderSupport } from '../modules/orders/index'
import { type PaymentGateway, paymentErrors } from '../modules/payments/index'
import { type PayoutsResponse, payoutDesk } from '../modules/payouts/index'
import { testApi } from './test-api'

export const HOUR = 60 * 60_000
/** Stripe's test bank account whose payouts the bank sends back (account closed). */
export const RETURNED_ACCOUNT = '000111111116'

/**
 * Runners get paid: payout accounts set up through the embedded stand-in's form, a line earned with
 * each delivery, transferred once its window has passed, lowered by refunds before and reversed after.
 * One test file's world: its API on a fresh database, a store, and a gateway a test can make refuse
 * a transfer or run something just before one.
 */
export async function payoutsWorld() {
  const watched = { refuseTransfers: false, beforeTransfer: null as (() => Promise<unknown>) | null, gateway: null as unknown as PaymentGateway }
  const api = await testApi({
    wrapPayments: (inner) =>
      (watched.gateway = {
        ...inner,
        async transfer(request) {
          if (watched.refuseTransfers) throw new paymentErrors.TransferRefusedError('balance_insufficient', 'The platform balance cannot cover this transfer.')
          const before = watched.beforeTransfer
          watched.beforeTransfer = null
          await before?.()
          return inner.transfer(request)
        },
      }),
  })
  const { call, clock, db, completeAccount, addStore } = api
  const store = await addStore({ name: 'Payouts Test Store', latitude: 40.53, longitude: -74.3973 })

  type Person = Awaited<ReturnType<typeof completeAccount>>
  const statementOf = async (runner: Person) => {
    const answer = await call('GET', '/api/runner/payouts', { cookie: runner.cookie })
    expect(answer.status).toBe(200)
    return answer.body as unknown as PayoutsResponse
  }
  const lineOf = async (runner: Person, orderId: string) => (await statementOf(runner)).earnings.find((line) => line.orderId === orderId)!
  const run = () => payoutDesk.runPayouts(db, watched.gateway, clock)
  const check = () => orderSupport.checkPayments(db, watched.gateway, clock)
  /** What the check says of one order's money going out. */
  const moneyOutOf = async (orderId: string) => (await check()).moneyOut.filter((entry) => entry.orderId === orderId)
  /** The runner's first line as support reads it, with the refusal of its last transfer. */
  const supportLineOf = async (runner: Person) => (await payoutDesk.linesForSupport(db, clock, { runnerId: runner.user.id }))[0]

  /** The runner goes through the embedded stand-in's onboarding form with Stripe's test bank numbers. */
  async function onboard(runner: Person, accountNumber = '000123456789') {
    const started = await call('POST', '/api/runner/payouts/onboarding', { cookie: runner.cookie })
    expect(started.status).toBe(200)
    const link = new URL(started.body.url as string).searchParams.get('link')!
    const filled = await call('POST', '/api/payments/embedded/onboarding', {
      body: { link, legalName: 'Ravi Shah', dateOfBirth: '1990-04-12', ssnLast4: '0000', routingNumber: '110000000', accountNumber },
    })
    expect(filled.status).toBe(200)
    return filled.body
  }

  async function deliveredBy(runner: Person) {
    const delivered = await api.deliveredOrder(store, { runner })
    return { ...delivered, row: (await findOrder(db, delivered.order.id))! }
  }

  /** A runner whose payouts are enabled and one delivery of theirs past its day pending: the next run pays its line. */
  async function dueDelivery(accountNumber?: string) {
    const runner = await completeAccount({ roles: ['runner'] })
    await onboard(runner, accountNumber)
    const delivered = await deliveredBy(runner)
    clock.advance(24 * HOUR)
    return delivered
  }

  return { api, watched, store, statementOf, lineOf, run, check, moneyOutOf, supportLineOf, onboard, deliveredBy, dueDelivery }
}
