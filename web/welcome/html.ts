/** Markup that is already safe to place in a page: built by `html` or trusted by `trustedHtml`. */
export class SafeHtml {
  constructor(readonly markup: string) {}
  toString() {
    return this.markup
  }
}

type Interpolated = string | number | SafeHtml | readonly Interpolated[]

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]!)
}

/** For our own constant markup (the stylesheet, icon paths), never for text that came from elsewhere. */
export const trustedHtml = (markup: string) => new SafeHtml(markup)

/**
 * A template tag that escapes every interpolated value unless it is SafeHtml, so no copy or
 * constant can break the page: html`<p>${text}</p>`. Arrays are joined, for lists.
 */
export function html(strings: TemplateStringsArray, ...values: Interpolated[]): SafeHtml {
  return new SafeHtml(strings.reduce((markup, part, index) => markup + render(values[index - 1]!) + part))
}

function render(value: Interpolated): string {
  if (value instanceof SafeHtml) return value.markup
  if (Array.isArray(value)) return value.map(render).join('')
  return escapeHtml(String(value))
}
