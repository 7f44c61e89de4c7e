import { z } from 'zod'
import type { Store } from '../../../modules/catalog/contract'
import { readStoredJson } from '../../lib/stored-json'

/** Spec 001 §3: the store a buyer chose is cached in browser storage under store_{storeId}. */
const STORE_PREFIX = 'store_'

const cachedStoreSchema = z.object({ id: z.string(), name: z.string(), address: z.string() }).passthrough()

export function cacheStore(store: Store) {
  localStorage.setItem(STORE_PREFIX + store.id, JSON.stringify(store))
}

export function readCachedStore(storeId: string): Store | null {
  const parsed = cachedStoreSchema.safeParse(readStoredJson(STORE_PREFIX + storeId))
  return parsed.success ? (parsed.data as unknown as Store) : null
}
