import { fileURLToPath } from 'node:url'
import { type Language, messageCatalog } from '../shared/index'

/** Verification's texts: locales/<language>.po, English the source; each language read on its first text. */
const catalog = messageCatalog(fileURLToPath(new URL('./locales', import.meta.url)))

/**
 * Any Indic letter makes an SMS UCS-2: 70 UTF-16 code units fit one message, 67 a segment of a longer
 * one. A code text stays within one in every language (the catalogs' test counts), so it never
 * arrives in pieces nor costs two; English (GSM-7) has 160.
 */
export const SMS_UCS2_LIMIT = 70

/** The text that carries a phone verification code, in its person's language. */
export const codeText = (language: Language, code: string, lifetimeMinutes: number) => catalog(language)('verification.sms', { code, minutes: lifetimeMinutes })
