import type { Store } from '../../../modules/catalog/contract'
import { centsToDecimal, PLATFORM_FEE_CENTS } from '../../../modules/shared/contract'
import type { CartLine } from './cart-storage'
import { estimatedGroceryCents, payNowCents } from '../../../modules/cart-checkout/contract'

/** Checkout reads this from browser storage (spec 001 §3 "Pending order"). */
export const PENDING_ORDER_KEY = 'pendingOrder'
const PRICE_NOTE = 'Price to be determined at store'

export type DeliveryAddress = { address: string | null; city: string | null; state: string | null; zipCode: string | null }

export function formatDeliveryAddress({ address, city, state, zipCode }: DeliveryAddress): string {
  return [address, city, [state, zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')
}

/** Every field of the spec's pending order, money as dollar strings computed from cents. */
export function buildPendingOrder(input: {
  store: Pick<Store, 'id' | 'name' | 'address' | 'phone'>
  lines: readonly CartLine[]
  tipCents: number
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
    platformFee: centsToDecimal(PLATFORM_FEE_CENTS),
    tip: centsToDecimal(input.tipCents),
    deliveryType: 'asap' as const,
    specialInstructions: input.deliveryInstructions,
    estimatedTotal: centsToDecimal(groceryCents + totalCents),
    timestamp: input.now.toISOString(),
    deliveryAddress: formatDeliveryAddress(input.deliveryAddress),
    deliveryInstructions: input.deliveryInstructions,
    totalAmount: centsToDecimal(totalCents),
    scheduledFor: null,
    timeSlot: 'ASAP',
    paymentStatus: 'pending',
    estimatedGroceryCost: centsToDecimal(groceryCents),
  }
}

export type PendingOrder = ReturnType<typeof buildPendingOrder>

export function savePendingOrder(order: PendingOrder) {
  localStorage.setItem(PENDING_ORDER_KEY, JSON.stringify(order))
}
