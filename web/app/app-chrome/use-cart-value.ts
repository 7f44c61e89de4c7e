import { useEffect, useState } from 'react'
import { CART_CHANGED_EVENT } from '../../features/cart/cart-storage'
import { useClock } from '../../lib/clock'

/** Spec 001 §9: carts are re-read every second too, for changes no event announces. */
const CART_REFRESH_MS = 1000

/**
 * A value computed from the carts in browser storage (`read` must be a stable function), kept
 * current on this tab's cart changes, on other tabs' 'storage' events and every second. An
 * unchanged value keeps its identity, so the ticks do not re-render anything.
 */
export function useCartValue<T>(read: () => T): T {
  const [value, setValue] = useState(read)
  const clock = useClock()
  useEffect(() => {
    const refresh = () =>
      setValue((previous) => {
        const next = read()
        return JSON.stringify(next) === JSON.stringify(previous) ? previous : next
      })
    refresh()
    window.addEventListener('storage', refresh)
    window.addEventListener(CART_CHANGED_EVENT, refresh)
    const stopTicking = clock.every(CART_REFRESH_MS, refresh)
    return () => {
      window.removeEventListener('storage', refresh)
      window.removeEventListener(CART_CHANGED_EVENT, refresh)
      stopTicking()
    }
  }, [read, clock])
  return value
}
