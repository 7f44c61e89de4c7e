import { type Order, orderSupport } from '../../modules/orders/index'
import { payoutTermsOf } from '../../modules/payouts/index'
import { loadConfig, systemClock } from '../../modules/shared/index'
import { providersFromConfig } from '../../server/providers'
import { type CliDatabase, CliError, withDatabase } from './with-database'

/** The database and the payment gateway the server would use, for commands that move money. */
export const withPayments = <T>(action: (database: CliDatabase, providers: ReturnType<typeof providersFromConfig>) => Promise<T>) =>
  withDatabase((database) => action(database, providersFromConfig({ db: database.db, clock: systemClock, config: loadConfig() })))

/** How deliveries are paid out, as the server is configured: the runner's earnings in the orders support looks at. */
export const supportTerms = () => payoutTermsOf(loadConfig())

export const person = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || '-'
export const when = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 19) : '-')
/** The number buyers see for an order: the last 8 characters of its id. */
export const orderNumber = (id: string) => id.slice(-8).toUpperCase()

/** The one order support names by its id or its number; a number several orders share lists them instead. */
export async function orderNamed(db: CliDatabase['db'], reference: string): Promise<Order> {
  const found = await orderSupport.list(db, systemClock, supportTerms(), { reference })
  if (found.length === 0) throw new CliError(`No order ${reference}`)
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
