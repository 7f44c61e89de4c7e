import type { PublicUser } from '../../modules/accounts/contract'
import type { OrderMessage } from '../../modules/conversation/contract'
import { type CancelReason, type GroceryPayment, type Order, type OrderItemView, paidAtTheDoor } from '../../modules/orders/contract'
import type { Availability, AvailableOrder, Preferences, RunnerStats } from '../../modules/runner/contract'
import { aBuyer } from './fixtures'

/*
 * Orders as the API answers them (the contract's types), the one place tests build them. This file
 * and fixtures.ts import contracts only, so server tests can use them without pulling in the DOM.
 */

/** How an order's groceries are paid: at the door unless told; `aCardGroceryPayment` for a $45 hold standing on the card. */
export const aGroceryPayment = (overrides: Partial<GroceryPayment> = {}): GroceryPayment => ({ ...paidAtTheDoor(0), ...overrides })
export const aCardGroceryPayment = (overrides: Partial<GroceryPayment> = {}): GroceryPayment =>
  aGroceryPayment({ method: 'card', holdCents: 4500, status: 'authorized', ...overrides })

/** A runner with a verified phone and a complete profile in Edison, NJ. */
export const aRunner = (overrides: Partial<PublicUser> = {}): PublicUser =>
  aBuyer({ id: 'runner-1', email: 'ravi@example.com', phone: '(732) 555-0150', firstName: 'Ravi', lastName: 'Kumar', roles: ['runner'], ...overrides })

export const anOrderItem = (overrides: Partial<OrderItemView> = {}): OrderItemView => ({
  id: 'line-dal',
  name: 'Toor Dal (4 lb)',
  quantity: 2,
  unit: 'bag',
  price: '7.99',
  priceUnit: 'per bag',
  isEstimatedPrice: true,
  comment: '',
  isDelivered: null,
  substitutionPreference: 'contact_me',
  state: 'pending',
  substitution: null,
  ...overrides,
})

const PLACED_AT = '2026-01-05T10:00:00.000Z'

/**
 * An order as its buyer sees it while it waits for a runner: three lines (one priced at the
 * counter, one with a note), $2.00 fee and $5.00 tip, the hold lapsing 30 minutes after placing.
 */
export const anOrder = (overrides: Partial<Order> = {}): Order => ({
  id: 'order-00000000-1234abcd',
  status: 'pending_runner_acceptance',
  buyerId: 'user-1',
  storeId: 'store-patel',
  runnerId: null,
  storeName: 'Patel Family Grocers',
  refundedAmount: '0.00',
  refunds: [],
  earnings: null,
  groceryPayment: aGroceryPayment(),
  storeAddress: '1710 Oak Tree Rd, Edison, NJ 08820',
  storePhone: '(732) 555-0142',
  storeTimeZone: 'America/New_York',
  items: [
    anOrderItem(),
    anOrderItem({ id: 'line-okra', name: 'Okra (Bhindi)', quantity: 1, unit: 'lb', price: '3.49', priceUnit: 'per lb', comment: 'Tender ones, please' }),
    anOrderItem({ id: 'line-leaves', name: 'Curry Leaves', quantity: 1, unit: 'bunch', price: null, priceUnit: null }),
  ],
  platformFee: '2.00',
  tip: '5.00',
  totalAmount: '7.00',
  deliveryAddress: '1 Main St, Edison, NJ 08817',
  deliveryArea: 'Edison, NJ 08817',
  deliveryInstructions: 'Ring the bell twice',
  scheduledFor: null,
  scheduledWindow: null,
  offersOpenAt: PLACED_AT,
  timeSlot: 'ASAP',
  paymentStatus: 'authorized',
  estimatedGroceryCost: '19.47',
  actualGroceryCost: null,
  groceryTotalConfirmedAt: null,
  receipt: null,
  deliveryPhoto: null,
  cancelReason: null,
  createdAt: PLACED_AT,
  updatedAt: PLACED_AT,
  acceptedAt: null,
  pickedUpAt: null,
  deliveredAt: null,
  cancelledAt: null,
  expiresAt: '2026-01-05T10:30:00.000Z',
  runnerFirstName: null,
  runnerLastName: null,
  runnerPhone: null,
  runnerEmail: null,
  buyerFirstName: 'Asha',
  buyerLastName: 'Patel',
  buyerPhone: null,
  myRating: null,
  theirRating: null,
  runnerRating: null,
  ...overrides,
})

/** Saturday 10:00–12:00 in Edison (UTC−5 in January), the window the scheduled order is for. */
export const SATURDAY_WINDOW = { start: '2026-01-10T15:00:00.000Z', end: '2026-01-10T17:00:00.000Z', label: 'Sat 10:00–12:00' }

/**
 * The order placed on Monday for Saturday 10:00–12:00: runners are offered it two hours before the
 * window, and the hold lapses 30 minutes after that if none accepts.
 */
export const aScheduledOrder = (overrides: Partial<Order> = {}): Order =>
  anOrder({
    scheduledFor: SATURDAY_WINDOW.start,
    timeSlot: SATURDAY_WINDOW.label,
    scheduledWindow: SATURDAY_WINDOW,
    offersOpenAt: '2026-01-10T13:00:00.000Z',
    expiresAt: '2026-01-10T13:30:00.000Z',
    ...overrides,
  })

/** The same order once Ravi has accepted it: contacts flow both ways (001 §6) and the card is charged. */
export const anAcceptedOrder = (overrides: Partial<Order> = {}): Order =>
  anOrder({
    status: 'runner_accepted',
    runnerId: 'runner-1',
    paymentStatus: 'captured',
    acceptedAt: '2026-01-05T10:04:00.000Z',
    updatedAt: '2026-01-05T10:04:00.000Z',
    runnerFirstName: 'Ravi',
    runnerLastName: 'Kumar',
    runnerPhone: '(732) 555-0150',
    runnerEmail: 'ravi@example.com',
    buyerPhone: '(732) 555-0101',
    runnerRating: { average: null, count: 0, deliveries: 0 },
    // What its runner sees; the buyer's answer carries none.
    earnings: { amount: '7.00', status: 'expected' },
    ...overrides,
  })

/** The accepted order once Ravi picked it up, the leaves not found. */
export const aPickedUpOrder = (overrides: Partial<Order> = {}): Order => {
  const placed = anOrder()
  return anAcceptedOrder({
    status: 'picked_up',
    pickedUpAt: '2026-01-05T10:31:00.000Z',
    items: placed.items.map((item) => ({ ...item, isDelivered: item.id !== 'line-leaves' })),
    ...overrides,
  })
}

/** The picked-up order delivered, with the receipt's grocery total. */
export const aDeliveredOrder = (overrides: Partial<Order> = {}): Order =>
  aPickedUpOrder({ status: 'delivered', deliveredAt: '2026-01-05T10:52:00.000Z', actualGroceryCost: '18.75', ...overrides })

/** `order` cancelled for `cancelReason` with its fee and tip refunded in full: how a no-show, a give-up or nothing found ends a charged order. */
export const refundedInFull = (order: Order, cancelReason: CancelReason, overrides: Partial<Order> = {}): Order => ({
  ...order,
  status: 'cancelled',
  cancelReason,
  paymentStatus: 'refunded',
  refundedAmount: order.totalAmount,
  ...overrides,
})

/** Two refunds of an order's charge: support's $1.00 for bruised mangoes, then $2.50 when a problem was resolved. */
export const TWO_REFUNDS: Order['refunds'] = [
  {
    id: 'refund-1',
    amount: '1.00',
    part: 'charge',
    refundedAt: '2026-01-05T11:00:00.000Z',
    reason: 'bruised mangoes',
    reasonCode: 'support',
    note: 'bruised mangoes',
  },
  {
    id: 'refund-2',
    amount: '2.50',
    part: 'charge',
    refundedAt: '2026-01-05T12:00:00.000Z',
    reason: 'problem 5A1B2C3D: Very late',
    reasonCode: 'problem',
    note: 'Very late',
  },
]

/** `order` with `refunds` made of its charge: partly refunded, by their sum. */
export const partlyRefunded = (order: Order, refunds: Order['refunds'] = TWO_REFUNDS, overrides: Partial<Order> = {}): Order => ({
  ...order,
  paymentStatus: 'partially_refunded',
  refundedAmount: (refunds.reduce((cents, refund) => cents + Math.round(Number(refund.amount) * 100), 0) / 100).toFixed(2),
  refunds,
  ...overrides,
})

/** A chat message on the accepted order, from its runner unless said. */
export const aMessage = (overrides: Partial<OrderMessage> = {}): OrderMessage => ({
  id: 'message-1',
  orderId: 'order-00000000-1234abcd',
  senderId: 'runner-1',
  senderRole: 'runner',
  message: 'They have no Toor Dal in 4 lb. Two 2 lb bags?',
  messageType: 'text',
  createdAt: '2026-01-05T10:10:00.000Z',
  ...overrides,
})

/** An order as the pending list offers it to a runner: no buyer name, phone or street address yet. */
export const anAvailableOrder = (overrides: Partial<AvailableOrder> = {}): AvailableOrder => ({
  ...anOrder({
    deliveryAddress: null,
    deliveryInstructions: null,
    buyerFirstName: null,
    buyerLastName: null,
    earnings: { amount: '7.00', status: 'expected' },
  }),
  distance: 4.7,
  itemCount: 4,
  estimatedEarnings: '7.00',
  storeArea: 'Edison',
  ...overrides,
})

export const someStats = (overrides: Partial<RunnerStats> = {}): RunnerStats => ({
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  today: { deliveries: 2, earnings: '12.50' },
  allTime: { deliveries: 9, earnings: '86.25' },
  rating: { average: null, count: 0 },
  ...overrides,
})

/** A runner online by the switch, in this device's zone, with no hours to change that by itself. */
export const someAvailability = (overrides: Partial<Availability> = {}): Availability => ({
  online: true,
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  outsideHours: false,
  nextChange: null,
  ...overrides,
})

/** A runner's delivery area and hours as a runner who never chose has them: 10 miles from their address, any hour. */
export const somePreferences = (overrides: Partial<Preferences> = {}): Preferences => ({
  radiusMiles: 10,
  availability: null,
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  radiusFrom: '08817',
  ...overrides,
})
