import { readTip } from '../../../modules/cart-checkout/contract'
import { type CartDetails, updateCartDetails, useCartDetails } from '../../features/cart/cart-details'

export type TipChoice = CartDetails['tipChoice']

/** The cart's tip, kept with the cart so a reload brings back the choice and the amount as typed. */
export function useTip(storeId: string) {
  const { tipChoice: choice, customTip: customText } = useCartDetails(storeId)
  const custom = readTip(customText)
  return {
    choice,
    setChoice: (tipChoice: TipChoice) => updateCartDetails(storeId, { tipChoice }),
    customText,
    setCustomText: (customTip: string) => updateCartDetails(storeId, { customTip }),
    tipCents: choice === 'custom' ? custom.cents : choice,
    tipProblem: choice === 'custom' ? custom.problem : null,
  }
}

export type TipState = ReturnType<typeof useTip>
