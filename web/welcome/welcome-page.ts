import {
  ACCEPTED_GROCERY_PAYMENT_METHODS,
  BRAND_NAME,
  DELIVERY_RADIUS_MILES,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  PARENT_COMPANY,
  RUNNER_ACCEPTANCE_WINDOW_MINUTES,
} from '../../modules/shared/contract'
import { PLATFORM_FEE } from '../lib/service-facts'
import { ICON_PATHS, type IconName } from '../ui/icon-paths'
import { html, trustedHtml } from './html'
import { WELCOME_CSS } from './welcome-styles'

/** Every way into the app from this page opens the installable app at its start URL (spec 000 §2). */
const APP_URL = '/app'

/** Writes one message of the page's catalog (web/welcome/locales) in the page's language. */
export type WelcomeSay = (id: string, values?: Record<string, string | number>) => string

const miles = DELIVERY_RADIUS_MILES
const fee = PLATFORM_FEE

const FEATURES: readonly { icon: IconName; id: string }[] = [
  { icon: 'store', id: 'feature.stores' },
  { icon: 'clock', id: 'feature.same_day' },
  { icon: 'tag', id: 'feature.fee' },
  { icon: 'shield', id: 'feature.charged' },
]

const STEPS = ['step.browse', 'step.order', 'step.receive'] as const

/** The link to this page in one language, which the row of languages offers. */
export const welcomeUrl = (language: Language) => `/welcome?lang=${language}`

const icon = (name: IconName) =>
  trustedHtml(
    `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${ICON_PATHS[name].map((d) => `<path d="${d}"/>`).join('')}</svg>`,
  )

/**
 * The marketing page at /welcome: one self-contained HTML document in `language`, its words from
 * `say`, that needs no JavaScript and does not load the app's bundle. Money stays `$2.00` in Latin
 * digits in every language, as on the app's screens.
 */
export function renderWelcomePage(language: Language, say: WelcomeSay): string {
  const title = `${BRAND_NAME}: ${say('tagline')}`
  const description = say('description', { miles, fee })
  return `<!doctype html>${html`<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${title}</title>
<meta name="description" content="${description}">
<meta name="theme-color" content="#b4441c">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<link rel="manifest" href="/manifest.webmanifest">
<link rel="icon" href="/pwa-icon.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="/icons/icon-192.png">
<style>${trustedHtml(WELCOME_CSS)}</style>
</head>
<body>
<header class="top"><div class="wrap">
<span class="brand"><span class="brand__mark" aria-hidden="true">${BRAND_NAME.charAt(0)}</span>${BRAND_NAME}</span>
<a class="button button--small" href="${APP_URL}">${say('open_app')}</a>
</div></header>
<main>
${hero(say)}
${whyChoose(say)}
${howItWorks(say, language)}
${closing(say)}
</main>
<footer class="footer">
${languageLinks(language, say)}
<p>${say('footer.copyright', { year: new Date().getFullYear(), company: PARENT_COMPANY })}</p>
<p class="footer__disclaimer">${say('footer.disclaimer', { brand: BRAND_NAME, company: PARENT_COMPANY })}</p>
</footer>
</body>
</html>`}`
}

function hero(say: WelcomeSay) {
  return html`<section class="hero" aria-labelledby="hero-title"><div class="wrap">
<div class="hero__copy">
<p class="eyebrow">${say('eyebrow')}</p>
<h1 id="hero-title">${say('hero.title')}</h1>
<p class="lead">${say('hero.lead')}</p>
<a class="button button--large" href="${APP_URL}">${say('open_web_app')}</a>
<p class="hint">${say('hero.hint')}</p>
</div>
<div class="qr">
<div class="qr__box">${icon('qrCode')}<span>${say('qr.soon')}</span></div>
<p class="qr__caption">${say('qr.caption')}</p>
</div>
</div></section>`
}

function whyChoose(say: WelcomeSay) {
  return html`<section class="section section--warm" aria-labelledby="why-title"><div class="wrap">
<h2 id="why-title">${say('why.title', { brand: BRAND_NAME })}</h2>
<p class="section__intro">${say('why.intro')}</p>
<ul class="features">${FEATURES.map(
    (feature) =>
      html`<li class="feature"><span class="feature__icon">${icon(feature.icon)}</span><h3>${say(`${feature.id}.title`)}</h3><p>${say(`${feature.id}.text`, { miles, fee, minutes: RUNNER_ACCEPTANCE_WINDOW_MINUTES })}</p></li>`,
  )}</ul>
</div></section>`
}

function howItWorks(say: WelcomeSay, language: Language) {
  const cash = ACCEPTED_GROCERY_PAYMENT_METHODS.map((way) => (way === 'Cash' ? say('pay.cash') : way))
  const methods = new Intl.ListFormat(`${language}-u-nu-latn`, { type: 'disjunction' }).format(cash)
  const paymentWays = say('payment_ways', { methods })
  return html`<section class="section" aria-labelledby="how-title"><div class="wrap">
<h2 id="how-title">${say('how.title')}</h2>
<ol class="steps">${STEPS.map(
    (step, index) =>
      html`<li class="step"><span class="step__number" aria-hidden="true">${index + 1}</span><div><h3>${say(`${step}.title`)}</h3><p>${say(`${step}.text`, { miles, fee, paymentWays })}</p></div></li>`,
  )}</ol>
</div></section>`
}

function closing(say: WelcomeSay) {
  return html`<section class="closing" aria-labelledby="closing-title"><div class="wrap"><div class="closing__panel">
<h2 id="closing-title">${say('closing.title')}</h2>
<p>${say('closing.text', { earnings: say('runner_earnings', { fee }) })}</p>
<a class="button button--large" href="${APP_URL}">${say('open_web_app')}</a>
</div></div></section>`
}

/** This page in each language, each named in its own script so its reader finds it; the one shown is not a link. */
function languageLinks(shown: Language, say: WelcomeSay) {
  return html`<nav class="languages" aria-label="${say('languages')}"><ul>${LANGUAGES.map((language) =>
    language === shown
      ? html`<li><span lang="${language}" aria-current="page">${LANGUAGE_NAMES[language]}</span></li>`
      : html`<li><a lang="${language}" hreflang="${language}" href="${welcomeUrl(language)}">${LANGUAGE_NAMES[language]}</a></li>`,
  )}</ul></nav>`
}
