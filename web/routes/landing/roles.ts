import { useLingui } from '@lingui/react/macro'
import { DELIVERY_RADIUS_MILES } from '../../../modules/shared/contract'
import { useServiceWords } from '../../lib/use-service-words'
import type { IconName } from '../../ui/icon-paths'

export type Role = {
  id: 'shop' | 'deliver' | 'both'
  title: string
  summary: string
  details: string
  icon: IconName
}

/** The three ways to use Kirana, in the language on screen. */
export function useRoles(): readonly Role[] {
  const { t } = useLingui()
  const { fee, methods, runnerEarnings, groceryPaymentWays } = useServiceWords()
  const miles = DELIVERY_RADIUS_MILES
  return [
    {
      id: 'shop',
      title: t`I want to shop`,
      summary: t`Get Indian groceries delivered today.`,
      details: t`Browse Indian grocery stores within ${miles} miles, fill your cart, and a runner from your community shops and delivers it the same day. You pay a ${fee} platform fee plus an optional tip online. ${groceryPaymentWays}`,
      icon: 'bag',
    },
    {
      id: 'deliver',
      title: t`I want to deliver`,
      summary: t`Get paid to shop for your neighbors.`,
      details: t`See open orders from stores near you and accept the ones that fit your day. Shop the list and deliver it. You earn: ${runnerEarnings}. The buyer pays you back for the groceries at the door by ${methods}, or by card in the app, and then we pay them to you with your earnings.`,
      icon: 'bicycle',
    },
    {
      id: 'both',
      title: t`Both`,
      summary: t`Order when you need, deliver when you can.`,
      details: t`One account lets you place orders and pick up deliveries. Shop for your own kitchen this morning and run an order for a neighbor on your way home.`,
      icon: 'repeat',
    },
  ]
}
