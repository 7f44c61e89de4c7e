import { useMemo, useSyncExternalStore } from 'react'
import { CART_CHANGED_EVENT, type CartLine, readCart } from './cart-storage'

function subscribe(onChange: () => void) {
  window.addEventListener(CART_CHANGED_EVENT, onChange)
  window.addEventListener('storage', onChange)
  return () => {
    window.removeEventListener(CART_CHANGED_EVENT, onChange)
    window.removeEventListener('storage', onChange)
  }
}

/**
 * A store's cart lines, re-read whenever this tab or another one changes a cart. The snapshot is
 * the cart as text because useSyncExternalStore needs an unchanged value to compare equal, and
 * readCart builds a new array on every read.
 */
export function useCart(storeId: string): CartLine[] {
  const snapshot = useSyncExternalStore(subscribe, () => JSON.stringify(readCart(storeId)))
  return useMemo(() => JSON.parse(snapshot) as CartLine[], [snapshot])
}
