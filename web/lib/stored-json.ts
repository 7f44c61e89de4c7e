/** A value this browser stored as JSON, or null when it is missing or not JSON. */
export function readStoredJson(key: string): unknown {
  try {
    const text = localStorage.getItem(key)
    return text === null ? null : JSON.parse(text)
  } catch {
    return null
  }
}
