/** The zone a store or runner is in until told otherwise: the demo stores' and the first runners'. */
export const DEFAULT_TIME_ZONE = 'America/New_York'

/** Whether the runtime knows this IANA time zone: the one check of a zone a person or a file gives. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return name.length > 0
  } catch {
    return false
  }
}
