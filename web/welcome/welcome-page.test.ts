import { describe, expect, test } from 'bun:test'
import { BRAND_NAME } from '../../modules/shared/contract'
import { html, trustedHtml } from './html'
import { renderWelcomePage } from './welcome-page'

describe('renderWelcomePage', () => {
  const page = renderWelcomePage()

  test('is one small document with no script, linking the manifest and icon', () => {
    expect(page.startsWith('<!doctype html>')).toBe(true)
    expect(page.length).toBeLessThan(30_000)
    expect(page).not.toContain('<script')
    expect(page).toContain('<meta name="viewport"')
    expect(page).toContain('<meta name="description"')
    expect(page).toContain(`<title>${BRAND_NAME}`)
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest">')
    expect(page).toContain('href="/pwa-icon.svg"')
  })

  test('sends every link to /app', () => {
    const hrefs = [...page.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1])
    expect(hrefs).toHaveLength(3)
    expect(new Set(hrefs)).toEqual(new Set(['/app']))
  })

  test('has the sections of the spec', () => {
    for (const text of ['Open App', 'Open Web App', 'QR Code Coming Soon', 'Scan to Access App', `Why Choose ${BRAND_NAME}`, 'How It Works']) {
      expect(page).toContain(`>${text}<`)
    }
    expect(page.match(/<li class="feature">/g)).toHaveLength(4)
    expect(page.match(/<li class="step">/g)).toHaveLength(3)
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
