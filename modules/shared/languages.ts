/**
 * The languages Kirana speaks, by their BCP 47 codes: English and the six the community reads most
 * easily. Punjabi is written in Gurmukhi. Each is named in its own script wherever it is chosen.
 */
export const LANGUAGES = ['en', 'hi', 'gu', 'pa', 'ta', 'te', 'bn'] as const
export type Language = (typeof LANGUAGES)[number]

export const DEFAULT_LANGUAGE: Language = 'en'

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  hi: 'हिन्दी',
  gu: 'ગુજરાતી',
  pa: 'ਪੰਜਾਬੀ',
  ta: 'தமிழ்',
  te: 'తెలుగు',
  bn: 'বাংলা',
}

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value)
