import { describe, expect, test } from 'bun:test'
import { fileURLToPath } from 'node:url'
import { ACCEPTED_GROCERY_PAYMENT_METHODS, BRAND_NAME, LANGUAGE_NAMES, LANGUAGES, PARENT_COMPANY } from '../../modules/shared/contract'
import { catalogProblems } from '../../testing/message-catalogs'
import { SCRIPTS, scriptsOf } from '../../testing/scripts'
import { welcomePage } from '../host'
import { html, trustedHtml } from './html'
import { welcomeLanguage } from './welcome-language'
import { welcomeUrl } from './welcome-page'

const locales = fileURLToPath(new URL('./locales', import.meta.url))
/** What a visitor reads: the page without its markup, stylesheet and the row of languages' names. */
const visibleText = (page: string) =>
  page
    .replace(/<style>.*?<\/style>/s, '')
    .replace(/<nav class="languages".*?<\/nav>/s, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ')

/** The Latin words a page in an Indic language keeps: names, the brand's mark (its K), and QR (as people say it). */
const NAMES = new Set(
  [BRAND_NAME, PARENT_COMPANY, ...ACCEPTED_GROCERY_PAYMENT_METHODS.filter((way) => way !== 'Cash'), 'QR', BRAND_NAME.charAt(0)].flatMap(
    (name) => name.match(/[A-Za-z]+/g) ?? [],
  ),
)

describe('the welcome page in English', () => {
  const page = welcomePage('en')

  test('is one small document with no script, linking the manifest and icon', () => {
    expect(page.startsWith('<!doctype html><html lang="en">')).toBe(true)
    expect(page.length).toBeLessThan(30_000)
    expect(page).not.toContain('<script')
    expect(page).toContain('<meta name="viewport"')
    expect(page).toContain('<meta name="description"')
    expect(page).toContain(`<title>${BRAND_NAME}: Your Local Indian Grocery Delivery</title>`)
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest">')
    expect(page).toContain('href="/pwa-icon.svg"')
  })

  test('sends every link but the languages to /app', () => {
    const hrefs = [...page.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1]!).filter((href) => !href.startsWith('/welcome'))
    expect(hrefs).toHaveLength(3)
    expect(new Set(hrefs)).toEqual(new Set(['/app']))
  })

  test('has the sections of the spec', () => {
    for (const text of ['Open App', 'Open Web App', 'QR Code Coming Soon', 'Scan to Access App', `Why Choose ${BRAND_NAME}`, 'How It Works']) {
      expect(page).toContain(`>${text}<`)
    }
    expect(page.match(/<li class="feature">/g)).toHaveLength(4)
    expect(page.match(/<li class="step">/g)).toHaveLength(3)
    expect(page).toContain('Pay for the groceries at the door by Cash, Zelle, Venmo, or Apple Pay, or by card in the app')
  })
})

describe('the welcome page in each language', () => {
  test('its catalog says every message of English, from the same English, with the same ICU arguments', () => {
    expect(catalogProblems(locales)).toEqual([])
  })

  test.each(Object.keys(SCRIPTS) as (keyof typeof SCRIPTS)[])('%s is written in its own script, beside Latin names (Kirana, Zelle, QR)', (language) => {
    const page = welcomePage(language)
    expect(page).toStartWith(`<!doctype html><html lang="${language}">`)
    expect(scriptsOf(visibleText(page))).toEqual(new Set(['Latin', SCRIPTS[language].name]))
    const latin = new Set(visibleText(page).match(/[A-Za-z]+/g))
    expect({ language, latin: [...latin].filter((word) => !NAMES.has(word)) }).toEqual({ language, latin: [] })
  })

  test('money reads $2.00 with Latin digits in every language, Bengali too', () => {
    for (const language of LANGUAGES) {
      const page = welcomePage(language)
      expect(page).toContain('$2.00')
      expect(visibleText(page)).not.toMatch(/[\u0966-\u096f\u09e6-\u09ef\u0a66-\u0a6f\u0ae6-\u0aef\u0be6-\u0bef\u0c66-\u0c6f]/)
    }
  })

  test('links to itself in every other language, each named in its own script', () => {
    const page = welcomePage('ta')
    for (const language of LANGUAGES) {
      if (language === 'ta') expect(page).toContain(`<span lang="ta" aria-current="page">${LANGUAGE_NAMES.ta}</span>`)
      else expect(page).toContain(`<a lang="${language}" hreflang="${language}" href="${welcomeUrl(language)}">${LANGUAGE_NAMES[language]}</a>`)
    }
  })
})

describe('welcomeLanguage', () => {
  test('takes ?lang= first, then the most wanted language of Accept-Language we speak, then English', () => {
    expect(welcomeLanguage('gu', 'hi-IN,hi;q=0.9')).toBe('gu')
    expect(welcomeLanguage('xx', 'fr-FR, te;q=0.5, hi;q=0.8')).toBe('hi')
    expect(welcomeLanguage(undefined, 'bn-IN')).toBe('bn')
    expect(welcomeLanguage(undefined, 'pa;q=0, en-US;q=0.4')).toBe('en')
    expect(welcomeLanguage('xx', 'fr, de')).toBe('en')
    expect(welcomeLanguage(undefined, null)).toBe('en')
  })
})

describe('html', () => {
  test('escapes interpolated text, joins lists and keeps trusted markup as it is', () => {
    const text = `<script>alert("x")</script> & 'y'`
    expect(String(html`<p title="${text}">${[text, html`<b>${1}</b>`]}${trustedHtml('<br>')}</p>`)).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;<b>1</b><br></p>',
    )
  })
})
