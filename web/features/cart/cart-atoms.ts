import { atom, getDefaultStore, type WritableAtom } from 'jotai'
import { atomWithStorage, createJSONStorage, type RESET } from 'jotai/utils'
import type { z } from 'zod'

/**
 * Browser storage as jotai atoms, one per key. createJSONStorage keeps them in step with other
 * tabs through the browser's 'storage' event. Like localStorage itself there is one of each per
 * browser, so they live in jotai's default store: the screens, and code outside React (checkout
 * clearing the cart it placed, the tests), see the same values.
 */
export const cartStore = getDefaultStore()

export type StoredAtom<Value> = WritableAtom<Value, [Value | typeof RESET], void>

/** Anything missing, corrupt or not matching `schema` reads as `initial` (spec 001 §3: a corrupt cart starts empty). */
export function storedAtomFamily<Value>(prefix: string, schema: z.ZodType<Value>, initial: Value) {
  const json = createJSONStorage<unknown>(() => localStorage)
  const checked = (value: unknown) => {
    const parsed = schema.safeParse(value)
    return parsed.success ? parsed.data : initial
  }
  // Another tab's value is checked too, not only what this tab reads.
  const storage = {
    getItem: (key: string) => checked(json.getItem(key, initial)),
    setItem: (key: string, value: Value) => json.setItem(key, value),
    removeItem: (key: string) => json.removeItem(key),
    subscribe: (key: string, callback: (value: Value) => void) => json.subscribe?.(key, (value) => callback(checked(value)), initial),
  }
  const atoms = new Map<string, StoredAtom<Value>>()
  const atomFor = (id: string): StoredAtom<Value> => {
    const found = atoms.get(id) ?? atomWithStorage(prefix + id, initial, storage, { getOnInit: true })
    atoms.set(id, found)
    return found
  }
  /**
   * What is stored now. Storage, not the atom, is the truth to change from: an atom nobody
   * shows keeps its last value, and storage may have been cleared under it since (a sign-out).
   */
  const read = (id: string) => storage.getItem(prefix + id)
  /** Stores `value` (RESET removes the key) and tells every screen showing it. */
  const write = (id: string, value: Value | typeof RESET) => cartStore.set(atomFor(id), value)
  return { atomFor, read, write }
}

/**
 * Moves on whenever a cart may have changed: a write in this tab, or a 'storage' event from
 * another. (The screens reading carts also look again each second, on their clock: spec 001 §9.)
 */
export const cartsRevisionAtom = atom(0)
cartsRevisionAtom.onMount = (setRevision) => {
  const bump = () => setRevision((revision) => revision + 1)
  addEventListener('storage', bump)
  return () => removeEventListener('storage', bump)
}
export const cartsChanged = () => cartStore.set(cartsRevisionAtom, (revision) => revision + 1)
