import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../modules/shared/contract'

/**
 * The language /welcome is written in: the one its link asks for (`?lang=hi`, from the page's row
 * of languages), else the browser's most preferred one we speak (`hi-IN` reads as hi), else
 * English. The app keeps a device's own choice in localStorage, which a server never sees, so the
 * browser's Accept-Language is the best guess before that choice.
 */
export function welcomeLanguage(asked: string | undefined, acceptLanguage: string | null): Language {
  if (isLanguage(asked)) return asked
  return preferred(acceptLanguage ?? '').find(isLanguage) ?? DEFAULT_LANGUAGE
}

/** Accept-Language's base languages, most wanted first; those refused (q=0) left out. */
function preferred(header: string): string[] {
  return header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...parameters] = part.trim().split(';')
      const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/i.exec(parameter)?.[1]).find(Boolean)
      return { base: tag.trim().toLowerCase().split('-')[0]!, weight: quality === undefined ? 1 : Number(quality), order }
    })
    .filter(({ weight }) => weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map(({ base }) => base)
}
