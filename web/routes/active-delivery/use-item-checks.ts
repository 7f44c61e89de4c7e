import { useCallback, useState } from 'react'
import { readStoredJson } from '../../lib/stored-json'

const storageKey = (orderId: string) => `delivery_checks_${orderId}`
const totalKey = (orderId: string) => `delivery_grocery_total_${orderId}`

const readChecks = (orderId: string) => {
  const stored = readStoredJson(storageKey(orderId))
  return new Set(Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [])
}

/**
 * The lines the runner has ticked off as found, and the grocery total typed from the receipt,
 * kept in this browser while they shop, so a reload or a locked phone in the aisle does not lose
 * them. Forgotten once reported.
 */
export function useItemChecks(orderId: string) {
  const [found, setFound] = useState(() => readChecks(orderId))
  const toggle = useCallback(
    (itemId: string) =>
      setFound((current) => {
        const next = new Set(current)
        if (!next.delete(itemId)) next.add(itemId)
        localStorage.setItem(storageKey(orderId), JSON.stringify([...next]))
        return next
      }),
    [orderId],
  )
  const [groceryText, setGroceryTextState] = useState(() => {
    const stored = readStoredJson(totalKey(orderId))
    return typeof stored === 'string' ? stored : ''
  })
  const setGroceryText = useCallback(
    (text: string) => {
      setGroceryTextState(text)
      localStorage.setItem(totalKey(orderId), JSON.stringify(text))
    },
    [orderId],
  )
  const forget = useCallback(() => {
    localStorage.removeItem(storageKey(orderId))
    localStorage.removeItem(totalKey(orderId))
  }, [orderId])
  return { found, toggle, groceryText, setGroceryText, forget }
}
