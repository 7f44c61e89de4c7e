import { z } from 'zod'
import { estimatedGroceryCents, payNowCents } from '../../../modules/cart-checkout/contract'
import type { Store } from '../../../modules/catalog/contract'
import type { ScheduledWindow } from '../../../modules/orders/contract'
import { decimalAmount, PLATFORM_FEE_CENTS } from '../../../modules/shared/contract'
import { readStoredJson } from '../../lib/stored-json'
import { type CartLine, cartLineSchema } from './cart-storage'

/** Checkout reads this from browser storage (spec 001 §3 "Pending order"). */
export const PENDING_ORDER_KEY = 'pendingOrder'
const PRICE_NOTE = 'Price to be determined at store'

export type DeliveryAddress = { address: string | null; city: string | null; state: string | null; zipCode: string | null }

export function formatDeliveryAddress({ address, city, state, zipCode }: DeliveryAddress): string {
  return [address, city, [state, zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')
}

const storeOpenSchema = z.object({
  timeZone: z.string(),
  openNow: z.boolean(),
  nextChange: z.object({ at: z.string(), opens: z.boolean() }).nullable(),
  closedFor: z.string().nullable(),
})
/** Whether the store was open when the cart handed the order on, and when that changes: checkout says a closed store before any card. */
export type StoreOpen = z.infer<typeof storeOpenSchema>

/** The store's open state from its answer; null for a store cached before answers carried it. */
function storeOpen(store: Partial<StoreOpen>): StoreOpen | null {
  const { timeZone, openNow, nextChange } = store
  if (timeZone === undefined || openNow === undefined || nextChange === undefined) return null
  return { timeZone, openNow, nextChange, closedFor: store.closedFor ?? null }
}

/** Every field of the spec's pending order, money as dollar strings computed from cents. */
export function buildPendingOrder(input: {
  store: Pick<Store, 'id' | 'name' | 'address' | 'phone'> & Partial<StoreOpen>
  lines: readonly CartLine[]
  tipCents: number
  /** The window to deliver in; null for as soon as possible. */
  scheduledWindow: ScheduledWindow | null
  deliveryAddress: DeliveryAddress
  deliveryInstructions: string
  now: Date
}) {
  const groceryCents = estimatedGroceryCents(input.lines)
  const totalCents = payNowCents(input.tipCents)
  return {
    storeId: input.store.id,
    storeName: input.store.name,
    storeAddress: input.store.address,
    storePhone: input.store.phone,
    items: input.lines.map((line) => ({ ...line, notes: PRICE_NOTE })),
    platformFee: decimalAmount(PLATFORM_FEE_CENTS),
    tip: decimalAmount(input.tipCents),
    deliveryType: input.scheduledWindow ? 'scheduled' : 'asap',
    specialInstructions: input.deliveryInstructions,
    estimatedTotal: decimalAmount(groceryCents + totalCents),
    timestamp: input.now.toISOString(),
    deliveryAddress: formatDeliveryAddress(input.deliveryAddress),
    deliveryInstructions: input.deliveryInstructions,
    totalAmount: decimalAmount(totalCents),
    scheduledFor: input.scheduledWindow?.start ?? null,
    timeSlot: input.scheduledWindow?.label ?? 'ASAP',
    paymentStatus: 'pending',
    estimatedGroceryCost: decimalAmount(groceryCents),
    storeOpen: storeOpen(input.store),
  }
}

export type PendingOrder = ReturnType<typeof buildPendingOrder>

export function savePendingOrder(order: PendingOrder) {
  localStorage.setItem(PENDING_ORDER_KEY, JSON.stringify(order))
}

/** What checkout reads back: the fields it shows and sends. Anything else in storage is ignored. */
const storedPendingOrderSchema = z.object({
  storeId: z.string().min(1),
  storeName: z.string(),
  storeAddress: z.string(),
  storePhone: z.string().nullable(),
  items: z.array(cartLineSchema).min(1),
  /** Dollars, as the cart wrote it: '5.00'. */
  tip: z.string().regex(/^\d+(\.\d{1,2})?$/),
  deliveryAddress: z.string(),
  deliveryInstructions: z.string(),
  /** A window's start (the slot is then its label), or null for ASAP. */
  scheduledFor: z.string().nullable(),
  timeSlot: z.string(),
  estimatedGroceryCost: z.string(),
  /** Left by an older version without it: not known. */
  storeOpen: storeOpenSchema.nullable().default(null),
})
export type StoredPendingOrder = z.infer<typeof storedPendingOrderSchema>

/** The pending order, or null when there is none or it is not one (edited, or left by an older version). */
export function readPendingOrder(): StoredPendingOrder | null {
  const parsed = storedPendingOrderSchema.safeParse(readStoredJson(PENDING_ORDER_KEY))
  return parsed.success ? parsed.data : null
}

/** The pending order moved to another window, here and in storage, as checkout's rescue of a closed store or a full window does. */
export function rescheduleStoredPendingOrder(order: StoredPendingOrder, chosen: ScheduledWindow): StoredPendingOrder {
  const moved = { ...order, scheduledFor: chosen.start, timeSlot: chosen.label }
  localStorage.setItem(PENDING_ORDER_KEY, JSON.stringify({ ...(readStoredJson(PENDING_ORDER_KEY) as object | null), ...moved, deliveryType: 'scheduled' }))
  return moved
}

export function clearPendingOrder() {
  localStorage.removeItem(PENDING_ORDER_KEY)
}
