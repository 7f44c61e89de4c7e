/**
 * What this browser keeps for the person signed in: carts (cart_*), the stores they opened
 * (store_*), the pending order with their home address, ticked items of a delivery. Everything
 * the app puts in localStorage is theirs, so all of it goes, not a list of keys that a new
 * feature could forget to join.
 */
const OWNER_KEY = 'kirana:owner'

/** Whose data this browser keeps: someone signed in on this device, until they sign out. */
export const deviceOwner = () => localStorage.getItem(OWNER_KEY)

/**
 * The language chosen on this device (web/i18n/language.ts) is the household's, not the person's:
 * a grandmother who reads Gujarati should not meet English at the sign-in after her son signs out.
 */
export const DEVICE_LANGUAGE_KEY = 'language'

/** Spec 000 §4: signing out clears all cached data, all but the device's language. */
export function clearPersonalData() {
  const language = localStorage.getItem(DEVICE_LANGUAGE_KEY)
  localStorage.clear()
  sessionStorage.clear()
  if (language !== null) localStorage.setItem(DEVICE_LANGUAGE_KEY, language)
}

/**
 * Marks what is stored as `userId`'s, first clearing what someone else left: a session that
 * ended by expiry leaves its cart behind (so the same person can pick it up again), and the next
 * person to sign in on this device must not see it. Returns whether anything was cleared.
 */
export function claimPersonalData(userId: string): boolean {
  const owner = localStorage.getItem(OWNER_KEY)
  if (owner === userId) return false
  const kept = localStorage.getItem(DEVICE_LANGUAGE_KEY) === null ? 0 : 1
  const cleared = owner !== null || localStorage.length > kept
  clearPersonalData()
  localStorage.setItem(OWNER_KEY, userId)
  return cleared
}
