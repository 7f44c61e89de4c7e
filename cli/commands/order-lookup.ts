import { type Order, orderSupport } from '../../modules/orders/index'
import { payoutTermsOf } from '../../modules/payouts/index'
import { problemDesk } from '../../modules/trust/index'
import { providersFromConfig } from '../../server/providers'
import { type CliDatabase, CliError, cliClock, cliConfig, withDatabase } from './with-database'

/** The database and the providers the server would use (the payment gateway, the object store), for commands that move money or read photos. */
export const withPayments = <T>(action: (database: CliDatabase, providers: ReturnType<typeof providersFromConfig>) => Promise<T>) =>
  withDatabase((database) => action(database, providersFromConfig({ db: database.db, clock: cliClock, config: cliConfig() })))

/** How deliveries are paid out, as the server is configured: the runner's earnings in the orders support looks at. */
export const supportTerms = () => payoutTermsOf(cliConfig())

export const person = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || '-'
/** A moment as support reads it, labelled with its zone (UTC, whatever the machine's): '2026-11-23 15:04:05 UTC'. */
export const when = (iso: string | null) => (iso ? `${iso.replace('T', ' ').slice(0, 19)} UTC` : '-')
/** The number buyers see for an order: the last 8 characters of its id. */
export const orderNumber = (id: string) => id.slice(-8).toUpperCase()

/** The one order support names by its id or its number; a number several orders share lists them instead. */
export async function orderNamed(db: CliDatabase['db'], reference: string, none = `No order ${reference}`): Promise<Order> {
  const found = await orderSupport.listOrdersForSupport(db, cliClock, supportTerms(), { reference })
  if (found.length === 0) throw new CliError(none)
  if (found.length > 1) {
    throw new CliError(
      [
        `Order number ${reference} matches ${found.length} orders; give the full id:`,
        ...found.map(
          (order) =>
            `  ${order.id}  placed ${when(order.createdAt)}  ${order.status}  ${order.storeName}  ${person(order.buyerFirstName, order.buyerLastName)}`,
        ),
      ].join('\n'),
    )
  }
  return found[0]!
}

export type SupportProblem = Awaited<ReturnType<typeof problemDesk.problemsForSupport>>[number]

/** A problem on one line, as a list of candidates shows it. */
export const problemLine = (problem: SupportProblem) =>
  `  ${problem.id}  order #${problem.orderNumber}  reported ${when(problem.createdAt)} by the ${problem.reportedBy}  ${problem.kind}  ${problem.status}`

/**
 * The one problem support names by its id, its first 8 characters, or the last 8 that a refund's
 * line in the payment timeline prints; null when none is. A prefix several problems share lists them instead.
 */
export async function problemNamed(db: CliDatabase['db'], reference: string): Promise<SupportProblem | null> {
  const found = await problemDesk.problemsForSupport(db, { reference })
  if (found.length > 1) {
    throw new CliError([`Problem ${reference} matches ${found.length} problems; give more of the id:`, ...found.map(problemLine)].join('\n'))
  }
  return found[0] ?? null
}
