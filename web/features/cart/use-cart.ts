import { useAtomValue } from 'jotai'
import { cartStore } from './cart-atoms'
import { type CartLine, carts } from './cart-storage'

/** A store's cart lines, current whenever this tab or another one changes them. */
export const useCart = (storeId: string): CartLine[] => useAtomValue(carts.atomFor(storeId), { store: cartStore })
