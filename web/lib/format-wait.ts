const twoDigits = (value: number) => String(value).padStart(2, '0')

/** A wait as a countdown shows it: '60s' (as the resend countdown starts), '14m 05s', '23h 59m'. */
export function formatWait(seconds: number): string {
  if (seconds <= 60) return `${seconds}s`
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ${twoDigits(seconds % 60)}s`
  return `${Math.floor(seconds / 3600)}h ${twoDigits(Math.floor((seconds % 3600) / 60))}m`
}
