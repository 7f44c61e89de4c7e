/**
 * A version 4 UUID naming one checkout attempt, which the server turns into the intent's
 * idempotency key. Built from getRandomValues because crypto.randomUUID exists only on HTTPS
 * and localhost, and a phone trying the app over the LAN is neither.
 */
export function newCheckoutId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
