import type { Command } from 'commander'
import { findOrder, type Order, type OrderStatus, orderContract, orderSupport } from '../../modules/orders/index'
import { payoutDesk } from '../../modules/payouts/index'
import { AppError, formatCents, RUNNER_ACCEPTANCE_WINDOW_MINUTES } from '../../modules/shared/index'
import { problemDesk } from '../../modules/trust/index'
import { sweepPayments } from '../../server/jobs'
import { printList } from './format-table'
import { orderNamed, orderNumber, person, supportTerms, when, withPayments } from './order-lookup'
import { registerMoneyCommands } from './order-money'
import { registerPhotoCommand } from './order-photo'
import { CliError, cliClock, withDatabase } from './with-database'

const { ORDER_STATUSES, REFUNDED_PART_NAMES } = orderContract

const DURATION = /^(\d+)([smhd])$/
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const

/** '2h' → the time two hours ago. */
export function since(text: string, now = new Date()): Date {
  const match = DURATION.exec(text.trim())
  if (!match) throw new CliError(`--since takes a duration such as 30m, 2h or 7d (got "${text}")`)
  return new Date(now.getTime() - Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS])
}

function statusOption(value: string | undefined): OrderStatus | undefined {
  if (value === undefined) return undefined
  if (!(ORDER_STATUSES as readonly string[]).includes(value)) throw new CliError(`--status must be one of ${ORDER_STATUSES.join(', ')} (got "${value}")`)
  return value as OrderStatus
}

/** What happened on the card, so that nothing reads as paid unless it was charged. */
const PAYMENT_WORDS: Record<Order['paymentStatus'], (total: string) => string> = {
  authorized: (total) => `Held $${total}`,
  captured: (total) => `Charged $${total}`,
  cancelled: (total) => `Released $${total}`,
  capture_failed: () => 'Not charged',
  partially_refunded: (total) => `Charged $${total}, part refunded`,
  refunded: (total) => `Refunded $${total}`,
}

const CANCELLED_BY: Record<NonNullable<Order['cancelReason']>, string> = {
  buyer: 'by the buyer',
  support: 'by support',
  expired: 'no runner accepted it in time',
  capture_failed: 'the card was declined',
  runner_no_show: 'the runner never came',
  runner_released: 'the runner gave it up',
  nothing_found: 'the runner found none of the items',
}

/** Why an order that has ended cannot be cancelled; null while it has not. */
function alreadyEnded(order: Order): string | null {
  if (order.status === 'cancelled') {
    return `Order #${orderNumber(order.id)} is already cancelled (${order.cancelReason ? `${CANCELLED_BY[order.cancelReason]}, ` : ''}${when(order.cancelledAt)}); nothing changed.`
  }
  if (order.status === 'delivered') return `Order #${orderNumber(order.id)} was delivered at ${when(order.deliveredAt)}, so it can no longer be cancelled.`
  return null
}

type ShownOrder = NonNullable<Awaited<ReturnType<typeof orderSupport.orderForSupport>>> & {
  problems: Awaited<ReturnType<typeof problemDesk.problemsForSupport>>
}

/** A line's replacement: what the runner found instead, its price, and the buyer's say on it. */
function replacementLines(item: Order['items'][number]): string[] {
  const replacement = item.substitution
  if (!replacement) return []
  return [
    `      replaced by ${replacement.name}  ${replacement.price ? `$${replacement.price}` : 'price at store'}  ${replacement.status}`,
    ...(replacement.note ? [`      runner's note: ${replacement.note}`] : []),
  ]
}

/** Both ratings, each as its giver left it: support sees them whether or not they are revealed yet. */
function ratingLines(order: Order): string[] {
  const rating = (given: Order['myRating']) => (given ? `${given.stars} of 5${given.comment ? ` "${given.comment}"` : ''} (${when(given.createdAt)})` : '-')
  if (!order.myRating && !order.theirRating) return []
  return [`  ratings    buyer gave the runner ${rating(order.myRating)}; runner gave the buyer ${rating(order.theirRating)}`]
}

function problemLines(problems: ShownOrder['problems']): string[] {
  if (problems.length === 0) return []
  return [
    '  problems',
    ...problems.flatMap((problem) => [
      `    ${when(problem.createdAt)}  ${problem.id}  ${problem.kind} by the ${problem.reportedBy} (${problem.reporterName ?? '-'})  ${problem.status}${problem.refund ? `, refunded $${problem.refund.amount}` : ''}${problem.photoUrl ? '  with a photo' : ''}`,
      `      ${problem.details.replace(/\s+/g, ' ')}`,
      ...(problem.resolution ? [`      resolved ${when(problem.resolvedAt)}: ${problem.resolution}`] : []),
    ]),
  ]
}

function refundLines(order: Order, refunds: ShownOrder['payment']['refunds']): string[] {
  if (refunds.length === 0) return []
  return [
    `  refunds    $${order.refundedAmount} of the $${order.totalAmount} ${REFUNDED_PART_NAMES.charge} given back`,
    ...refunds.map((refund) => `    ${when(refund.at)}  $${refund.amount}  ${REFUNDED_PART_NAMES.charge}  ${refund.status}  ${refund.key}  (${refund.reason})`),
  ]
}

type GroceryPayment = Order['groceryPayment']

/** What became of a card order's grocery hold, as the start of one sentence. */
function holdWords({ status, holdCents, capturedCents }: GroceryPayment): string {
  const hold = `the ${formatCents(holdCents)} hold`
  const captured = capturedCents === holdCents ? `${hold} was captured whole` : `${formatCents(capturedCents)} of ${hold} was captured`
  switch (status) {
    case 'captured':
      return captured
    case 'partially_refunded':
      return `${captured}, and part of it refunded`
    case 'refunded':
      return `${captured}, and all of it refunded`
    case 'cancelled':
      return `${hold} was released, nothing captured`
    case 'capture_failed':
      return `${hold}'s capture was declined, nothing captured`
    default:
      return `${hold} is authorized, not captured yet`
  }
}

/** How the part of a grocery total above the card's hold is paid, in support's words: what follows "and $7.10 above it". */
const EXTRA_WORDS: Record<NonNullable<GroceryPayment['extraStatus']>, string> = {
  awaiting_choice: 'waits for the buyer to choose card or door',
  pending: 'is being charged to the card',
  captured: 'was charged to the card',
  declined: 'was declined by the card, so is paid at the door',
  at_door: 'is paid at the door',
}

/** What the card paid for the groceries: the hold's capture, and the extra charge above it. */
const chargedForGroceries = (payment: GroceryPayment) => payment.capturedCents + (payment.extraStatus === 'captured' ? payment.extraCents : 0)

/** What the groceries cost the card, for `orders list`: nothing when they are paid at the door. */
function groceriesOnCard(payment: GroceryPayment): string | null {
  if (payment.method !== 'card') return null
  const charged = chargedForGroceries(payment)
  switch (payment.status) {
    case 'captured':
      return `groceries charged ${formatCents(charged)}`
    case 'partially_refunded':
    case 'refunded':
      return `groceries charged ${formatCents(charged)}, ${formatCents(payment.refundedCents)} refunded`
    case 'cancelled':
      return 'groceries hold released'
    case 'capture_failed':
      return 'groceries declined'
    default:
      return `groceries held ${formatCents(payment.holdCents)}`
  }
}

/**
 * How the groceries are paid: at the door, or by card with the hold, its capture, the extra
 * charge above it, the refunds of the groceries (and who bore each), what the runner collects at
 * the door, and the payment events of the hold and its extra charge.
 */
function groceryLines(order: Order, groceries: ShownOrder['groceries']): string[] {
  const payment = order.groceryPayment
  const atDoor =
    payment.collectAtDoorCents > 0 ? `the runner collects ${formatCents(payment.collectAtDoorCents)} at the door` : 'nothing to collect at the door'
  if (payment.method === 'at_door' || !groceries) return [`  groceries  paid at the door: ${order.actualGroceryCost ? atDoor : 'the total is not entered yet'}`]
  const extra = payment.extraStatus ? `, and ${formatCents(payment.extraCents)} above it ${EXTRA_WORDS[payment.extraStatus]}` : ''
  return [
    `  groceries  by card: ${holdWords(payment)}${extra}; ${atDoor}`,
    `    hold     ${groceries.intentId}: gateway ${groceries.gatewayStatus}`,
    ...(groceries.extraIntentId ? [`    extra    ${groceries.extraIntentId}: gateway ${groceries.extraGatewayStatus}`] : []),
    ...groceries.events.map(
      (event) => `    ${when(event.at)}  ${event.from ?? '-'} -> ${event.to}  (${event.reason})${event.intentId === groceries.intentId ? '' : '  extra'}`,
    ),
    ...(groceries.refunds.length > 0
      ? [`    refunds  ${formatCents(payment.refundedCents)} of the ${formatCents(chargedForGroceries(payment))} charged for them given back`]
      : []),
    ...groceries.refunds.map(
      (refund) =>
        `      ${when(refund.at)}  $${refund.amount}  ${REFUNDED_PART_NAMES[refund.intentId === groceries.extraIntentId ? 'grocery_extra' : 'groceries']}  ${refund.status}  borne by the ${refund.borneBy}  ${refund.key}  (${refund.reason})`,
    ),
  ]
}

function describeOrder({ order, problems, payment, groceries }: ShownOrder): string {
  const lines = [
    `Order ${order.id} (#${orderNumber(order.id)})`,
    `  status     ${order.status}${order.cancelReason ? ` (${order.cancelReason})` : ''}`,
    `  store      ${order.storeName}, ${order.storeAddress}`,
    `  buyer      ${person(order.buyerFirstName, order.buyerLastName)}  ${order.buyerPhone ?? ''}  ${order.buyerId}`,
    `  runner     ${order.runnerId ? `${person(order.runnerFirstName, order.runnerLastName)}  ${order.runnerPhone ?? ''}  ${order.runnerId}` : '-'}`,
    `  deliver to ${order.deliveryAddress ?? order.deliveryArea}${order.deliveryInstructions ? ` (${order.deliveryInstructions})` : ''}`,
    `  window     ${order.scheduledWindow ? `${order.scheduledWindow.label} in the store's time (${order.scheduledWindow.start} to ${order.scheduledWindow.end}), offered to runners from ${when(order.offersOpenAt)}` : 'as soon as possible'}`,
    `  money      fee $${order.platformFee} + tip $${order.tip} = $${order.totalAmount}; groceries about $${order.estimatedGroceryCost}${order.actualGroceryCost ? `, actually $${order.actualGroceryCost}` : ''}`,
    '  timeline',
    ...(
      [
        ['placed', order.createdAt],
        ['accepted', order.acceptedAt],
        ['picked up', order.pickedUpAt],
        ['delivered', order.deliveredAt],
        ['cancelled', order.cancelledAt],
      ] as const
    )
      .filter(([, at]) => at)
      .map(([step, at]) => `    ${when(at)}  ${step}`),
    '  items',
    ...order.items.flatMap((item) => [
      `    ${item.quantity} x ${item.name} (${item.unit})  ${item.price ? `$${item.price}` : 'price at store'}${item.isDelivered === false ? '  NOT AVAILABLE' : ''}`,
      ...(item.comment ? [`      buyer's note: ${item.comment}`] : []),
      ...replacementLines(item),
    ]),
    ...ratingLines(order),
    ...problemLines(problems),
    `  payment    ${payment.intentId} on the ${payment.gateway} gateway: ours ${payment.status}, gateway ${payment.gatewayStatus}`,
    ...payment.events.map((event) => `    ${when(event.at)}  ${event.from ?? '-'} -> ${event.to}  (${event.reason})`),
    ...refundLines(order, payment.refunds),
    ...groceryLines(order, groceries),
  ]
  return lines.join('\n')
}

/** `orders list|show|cancel|check|sweep`, the money and problems commands, and problems' photos, for support staff. */
export function registerOrderCommands(program: Command) {
  const orders = program.command('orders').description('look at orders and their payments, cancel one, or run the 30-minute sweep')

  orders
    .command('list')
    .description('orders, newest first')
    .option('--status <status>', `only orders in this state (${ORDER_STATUSES.join(', ')})`)
    .option('--since <duration>', 'only orders placed within this long, such as 30m, 2h or 7d')
    .option('--json', 'print JSON')
    .action(async (options: { status?: string; since?: string; json?: boolean }) => {
      const filter = { status: statusOption(options.status), since: options.since ? since(options.since) : undefined }
      await withDatabase(async ({ db }) => {
        const found = await orderSupport.listOrdersForSupport(db, cliClock, supportTerms(), filter)
        printList(found, { json: options.json, none: 'No orders match.' }, [
          { title: 'Order', value: (order: Order) => orderNumber(order.id) },
          { title: 'Placed', value: (order) => when(order.createdAt) },
          { title: 'Status', value: (order) => order.status },
          {
            title: 'Payment',
            value: (order) => [PAYMENT_WORDS[order.paymentStatus](order.totalAmount), groceriesOnCard(order.groceryPayment)].filter(Boolean).join('; '),
          },
          { title: 'Store', value: (order) => order.storeName },
          { title: 'Buyer', value: (order) => person(order.buyerFirstName, order.buyerLastName) },
          { title: 'Runner', value: (order) => (order.runnerId ? person(order.runnerFirstName, order.runnerLastName) : '-') },
          { title: 'Id', value: (order) => order.id },
        ])
      })
    })

  orders
    .command('show <order>')
    .description(
      'one order, by its id or the number the buyer sees: items with their replacements, buyer, runner, timeline, ratings, problems, and its payment with every event and refund',
    )
    .option('--json', 'print JSON')
    .action((reference: string, options: { json?: boolean }) =>
      withPayments(async ({ db }, providers) => {
        const { id } = await orderNamed(db, reference)
        const found = await orderSupport.orderForSupport(db, providers.payments, cliClock, supportTerms(), id)
        if (!found) throw new CliError(`No order ${reference}`)
        const { order, ...payments } = found
        const shown = { order, problems: await problemDesk.problemsForSupport(db, { orderId: order.id }), ...payments }
        console.log(options.json ? JSON.stringify(shown, null, 2) : describeOrder(shown))
      }),
    )

  orders
    .command('cancel <order>')
    .description('cancel an order no runner has accepted, by its id or number, releasing the hold on the card')
    .requiredOption('--reason <text>', 'why, for the payment record')
    .action((reference: string, options: { reason: string }) =>
      withPayments(async ({ db }, providers) => {
        const named = await orderNamed(db, reference)
        const ended = alreadyEnded(named)
        if (ended) throw new CliError(ended)
        const row = await findOrder(db, named.id)
        if (!row) throw new CliError(`No order ${reference}`)
        try {
          const cancelled = await orderSupport.cancelWaitingOrder(db, providers.payments, cliClock, row, 'support', options.reason)
          console.log(`Cancelled order ${cancelled.id}; the hold on ${cancelled.paymentIntentId} is released.`)
        } catch (error) {
          if (error instanceof AppError) throw new CliError(`Not cancelled: ${error.message}`)
          throw error
        }
      }),
    )

  orders
    .command('check')
    .description(
      "the consistency check: orders whose payment or grocery hold disagrees with the gateway, holds no order holds past 30 minutes, and orders whose runner's lines (earnings, groceries paid back) or their transfers disagree",
    )
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      withPayments(async ({ db }, providers) => {
        const found = await orderSupport.checkPayments(db, providers.payments, cliClock)
        // Not a disagreement while on its way; a returned line is one (in moneyOut) until it is sent again.
        const notInBank = await payoutDesk.moneyNotInBank(db)
        if (options.json) console.log(JSON.stringify({ ...found, notInBank }, null, 2))
        else {
          for (const order of found.disagreeing) {
            console.log(
              `order ${order.id} (${order.status}): ours ${order.paymentStatus}, the gateway's ${order.gatewayStatus} (${order.paymentIntentId}): ${order.problems.join('; ')}`,
            )
          }
          for (const hold of found.groceryHolds) {
            console.log(
              `order ${hold.orderId}: grocery hold ours ${hold.groceryStatus}, the gateway's ${hold.gatewayStatus} (${hold.paymentIntentId}): ${hold.problems.join('; ')}`,
            )
          }
          for (const hold of found.strandedHolds) {
            console.log(
              `hold ${hold.paymentIntentId}: ${formatCents(hold.amountCents)} held since ${when(hold.createdAt.toISOString())} with no order${hold.releasedAt ? ' (marked released)' : ''}`,
            )
          }
          for (const order of found.moneyOut) {
            console.log(`order ${order.orderId}${order.lineId ? `, earnings line ${order.lineId}` : ''}: ${order.problems.join('; ')}`)
          }
          console.log(
            `Checked ${found.ordersChecked} orders: ${found.disagreeing.length} disagree with the gateway, ${found.strandedHolds.length} holds have no order past ${RUNNER_ACCEPTANCE_WINDOW_MINUTES} minutes, ${found.groceryHolds.length} grocery holds disagree with the gateway, ${found.moneyOut.length} orders' money going out disagrees.`,
          )
          console.log(
            `Runners' money not yet in a bank: ${notInBank.inTransit.lines} lines on their way (${formatCents(notInBank.inTransit.cents)}), ${notInBank.returned.lines} returned by the bank (${formatCents(notInBank.returned.cents)}).`,
          )
        }
        if (found.disagreeing.length + found.groceryHolds.length + found.strandedHolds.length + found.moneyOut.length > 0) process.exitCode = 1
      }),
    )

  orders
    .command('sweep')
    .description('run the 30-minute sweep once: cancel orders no runner took, release abandoned authorizations')
    .action(() =>
      withPayments(async ({ db, kind }, providers) => {
        const swept = await sweepPayments({ db, dbKind: kind, clock: cliClock, gateway: providers.payments })
        if (!swept) return console.log('Another instance is sweeping right now; nothing was done.')
        for (const id of swept.orders.cancelled) console.log(`cancelled order ${id}`)
        for (const id of swept.intents.released) console.log(`released authorization ${id}`)
        for (const failure of swept.orders.failed) console.log(`could not release order ${failure.orderId}: ${failure.reason}`)
        console.log(
          `Sweep: ${swept.orders.cancelled.length} orders cancelled, ${swept.intents.released.length} abandoned authorizations released, ${swept.orders.failed.length + swept.intents.failed.length} left for the next sweep.`,
        )
        if (swept.orders.failed.length + swept.intents.failed.length > 0) process.exitCode = 1
      }),
    )

  registerMoneyCommands(orders)
  registerPhotoCommand(orders)
}
