import { useState } from 'react'
import { parseTipCents } from '../../features/cart/pricing'

/** A preset in cents, or 'custom' for the amount typed beside it. */
export type TipChoice = number | 'custom'

export function useTip() {
  const [choice, setChoice] = useState<TipChoice>(0)
  const [customText, setCustomText] = useState('')
  const tipCents = choice === 'custom' ? parseTipCents(customText) : choice
  return { choice, setChoice, customText, setCustomText, tipCents }
}

export type TipState = ReturnType<typeof useTip>
