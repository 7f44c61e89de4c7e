import { initialLanguage, showLanguage } from './language'

/**
 * Before the first paint, the page is put in the visitor's language, so it never flashes English
 * first. A catalog that cannot be fetched (offline before the worker kept it) leaves English.
 */
export const startInLanguage = () => showLanguage(initialLanguage()).catch(() => {})
