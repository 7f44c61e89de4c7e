import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { cartStore, cartsRevisionAtom } from '../../features/cart/cart-atoms'
import { useClock } from '../../lib/clock'

/** Spec 001 §9: carts are re-read every second too, for changes no event announces. */
const CART_REFRESH_MS = 1000

/**
 * A value computed from the carts in browser storage (`read` must be a stable function), read
 * again whenever a cart may have changed (features/cart/cart-atoms) and every second. An
 * unchanged value keeps its identity, so the ticks do not re-render anything.
 */
export function useCartValue<T>(read: () => T): T {
  const revision = useAtomValue(cartsRevisionAtom, { store: cartStore })
  const clock = useClock()
  const [value, setValue] = useState(read)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` is the signal to read again, not an input.
  useEffect(() => {
    const refresh = () =>
      setValue((previous) => {
        const next = read()
        return JSON.stringify(next) === JSON.stringify(previous) ? previous : next
      })
    refresh()
    return clock.every(CART_REFRESH_MS, refresh)
  }, [read, revision, clock])
  return value
}
