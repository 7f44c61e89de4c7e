import type { Language } from '../../modules/shared/contract'

const twoDigits = (value: number) => String(value).padStart(2, '0')

/** The largest units that matter: seconds up to a minute, then minutes and seconds, then hours and minutes. */
function waitParts(seconds: number): Record<'hours' | 'minutes' | 'seconds', number | undefined> {
  if (seconds <= 60) return { hours: undefined, minutes: undefined, seconds }
  if (seconds < 3600) return { hours: undefined, minutes: Math.floor(seconds / 60), seconds: seconds % 60 }
  return { hours: Math.floor(seconds / 3600), minutes: Math.floor((seconds % 3600) / 60), seconds: undefined }
}

type DurationFormatter = { format: (duration: Record<string, number>) => string }
type DurationFormatConstructor = new (locale: string, options: Record<string, string>) => DurationFormatter
const DurationFormat = (Intl as unknown as { DurationFormat?: DurationFormatConstructor }).DurationFormat

/**
 * A wait as a countdown shows it: '60s' (as the resend countdown starts), '14m 05s', '23h 59m' in
 * English; in another language with its own short units ('14 मि 5 से'), Latin digits. A browser
 * without Intl.DurationFormat shows the English units.
 */
export function formatWait(seconds: number, language: Language = 'en'): string {
  const { hours, minutes, seconds: rest } = waitParts(seconds)
  if (language !== 'en' && DurationFormat) {
    const shown = Object.entries({ hours, minutes, seconds: rest }).filter((entry): entry is [string, number] => entry[1] !== undefined)
    // A unit shown is said even at zero ('0 से', '1 घं 0 मि'), as the English countdown does.
    const always = Object.fromEntries(shown.map(([unit]) => [`${unit}Display`, 'always']))
    return new DurationFormat(`${language}-u-nu-latn`, { style: 'narrow', ...always }).format(Object.fromEntries(shown))
  }
  if (hours !== undefined) return `${hours}h ${twoDigits(minutes!)}m`
  if (minutes !== undefined) return `${minutes}m ${twoDigits(rest!)}s`
  return `${rest}s`
}
