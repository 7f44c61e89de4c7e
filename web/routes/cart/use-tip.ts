import { useState } from 'react'
import { readTip } from '../../../modules/cart-checkout/contract'

/** A preset in cents, or 'custom' for the amount typed beside it. */
export type TipChoice = number | 'custom'

export function useTip() {
  const [choice, setChoice] = useState<TipChoice>(0)
  const [customText, setCustomText] = useState('')
  const custom = readTip(customText)
  const tipCents = choice === 'custom' ? custom.cents : choice
  return { choice, setChoice, customText, setCustomText, tipCents, tipProblem: choice === 'custom' ? custom.problem : null }
}

export type TipState = ReturnType<typeof useTip>
