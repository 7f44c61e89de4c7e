import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { Store } from '../../../modules/catalog/contract'
import { clearAllCarts, hasOtherStoreItems } from '../../features/cart/cart-storage'
import { cacheStore } from '../../features/catalog/store-cache'

/**
 * 'Shop Now': straight into the store, unless another store's cart has items; then the
 * 'Clear Cart Items?' question waits in `confirmation` (spec 001 §2, §4). The words searched go
 * along, so a search for a product opens the store filtered to it.
 */
export function useOpenStore(searched: string | null) {
  const navigate = useNavigate()
  const [waiting, setWaiting] = useState<Store | null>(null)

  const enter = (store: Store) => {
    // The catalog and the cart read the store from here rather than fetching it again.
    cacheStore(store)
    void navigate({ to: '/store/$id', params: { id: store.id }, search: searched ? { q: searched } : {} })
  }

  const openStore = (store: Store) => (hasOtherStoreItems(store.id) ? setWaiting(store) : enter(store))

  const confirmation = waiting && {
    keep: () => setWaiting(null),
    clearAndContinue: () => {
      clearAllCarts()
      setWaiting(null)
      enter(waiting)
    },
  }

  return { openStore, confirmation }
}
