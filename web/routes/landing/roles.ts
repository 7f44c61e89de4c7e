import { DELIVERY_RADIUS_MILES } from '../../../modules/shared/contract'
import { GROCERY_PAYMENT_METHODS, GROCERY_PAYMENT_WAYS, PLATFORM_FEE, RUNNER_EARNINGS } from '../../lib/service-facts'
import type { IconName } from '../../ui/icon-paths'

export type Role = {
  id: 'shop' | 'deliver' | 'both'
  title: string
  summary: string
  details: string
  icon: IconName
}

export const ROLES: readonly Role[] = [
  {
    id: 'shop',
    title: 'I want to shop',
    summary: 'Get Indian groceries delivered today.',
    details: `Browse Indian grocery stores within ${DELIVERY_RADIUS_MILES} miles, fill your cart, and a runner from your community shops and delivers it the same day. You pay a ${PLATFORM_FEE} platform fee plus an optional tip online. ${GROCERY_PAYMENT_WAYS}`,
    icon: 'bag',
  },
  {
    id: 'deliver',
    title: 'I want to deliver',
    summary: 'Get paid to shop for your neighbors.',
    details: `See open orders from stores near you and accept the ones that fit your day. Shop the list and deliver it. You earn: ${RUNNER_EARNINGS}. The buyer pays you back for the groceries at the door by ${GROCERY_PAYMENT_METHODS}, or by card in the app, and then we pay them to you with your earnings.`,
    icon: 'bicycle',
  },
  {
    id: 'both',
    title: 'Both',
    summary: 'Order when you need, deliver when you can.',
    details:
      'One account lets you place orders and pick up deliveries. Shop for your own kitchen this morning and run an order for a neighbor on your way home.',
    icon: 'repeat',
  },
]
