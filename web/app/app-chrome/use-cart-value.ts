import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { cartStore, cartsRevisionAtom } from '../../features/cart/cart-atoms'

/**
 * A value computed from the carts in browser storage (`read` must be a stable function), read
 * again whenever a cart may have changed (features/cart/cart-atoms). An unchanged value keeps its
 * identity, so the once-a-second checks do not re-render anything.
 */
export function useCartValue<T>(read: () => T): T {
  const revision = useAtomValue(cartsRevisionAtom, { store: cartStore })
  const [value, setValue] = useState(read)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` is the signal to read again, not an input.
  useEffect(() => {
    setValue((previous) => {
      const next = read()
      return JSON.stringify(next) === JSON.stringify(previous) ? previous : next
    })
  }, [read, revision])
  return value
}
