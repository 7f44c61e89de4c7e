import { BRAND_NAME, DELIVERY_RADIUS_MILES, RUNNER_ACCEPTANCE_WINDOW_MINUTES, SIGN_IN_TAGLINE, TOP_BAR_TAGLINE } from '../../modules/shared/contract'
import { GROCERY_PAYMENT_WAYS, PLATFORM_FEE, RUNNER_EARNINGS } from '../lib/service-facts'
import { FOOTER_DISCLAIMER, footerCopyright } from '../ui/footer-text'
import { ICON_PATHS, type IconName } from '../ui/icon-paths'
import { html, trustedHtml } from './html'
import { WELCOME_CSS } from './welcome-styles'

/** Every way into the app from this page opens the installable app at its start URL (spec 000 §2). */
const APP_URL = '/app'

const FEATURES: readonly { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'store',
    title: 'Stores you already know',
    text: `Shop the Indian grocery stores in your neighborhood, all within ${DELIVERY_RADIUS_MILES} miles of home.`,
  },
  {
    icon: 'clock',
    title: 'Same-day delivery',
    text: 'A runner from your community shops your list and brings it to your door the same day.',
  },
  {
    icon: 'tag',
    title: 'One flat fee',
    text: `${PLATFORM_FEE} per order plus an optional tip for your runner. Groceries cost what the store charges.`,
  },
  {
    icon: 'shield',
    title: 'Charged only when accepted',
    text: `Your card is charged only once a runner accepts. If nobody accepts within ${RUNNER_ACCEPTANCE_WINDOW_MINUTES} minutes, it costs you nothing.`,
  },
]

const STEPS: readonly { title: string; text: string }[] = [
  {
    title: 'Browse local stores',
    text: `Find Indian grocery stores within ${DELIVERY_RADIUS_MILES} miles of you and fill your cart.`,
  },
  {
    title: 'Create an order and get matched',
    text: `Check out with the ${PLATFORM_FEE} platform fee and an optional tip. A runner nearby accepts your order and heads to the store.`,
  },
  {
    title: 'Receive your groceries',
    text: `Your runner delivers your groceries. ${GROCERY_PAYMENT_WAYS}`,
  },
]

const DESCRIPTION = `Order Indian groceries from local stores within ${DELIVERY_RADIUS_MILES} miles, delivered the same day by runners from your community. ${PLATFORM_FEE} flat platform fee.`

const icon = (name: IconName) =>
  trustedHtml(
    `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${ICON_PATHS[name].map((d) => `<path d="${d}"/>`).join('')}</svg>`,
  )

/**
 * The marketing page at /welcome: one self-contained HTML document, rendered once when the server
 * starts, that needs no JavaScript and does not load the app's bundle.
 */
export function renderWelcomePage(): string {
  return `<!doctype html>${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${BRAND_NAME}: ${SIGN_IN_TAGLINE}</title>
<meta name="description" content="${DESCRIPTION}">
<meta name="theme-color" content="#b4441c">
<meta property="og:title" content="${BRAND_NAME}: ${SIGN_IN_TAGLINE}">
<meta property="og:description" content="${DESCRIPTION}">
<link rel="manifest" href="/manifest.webmanifest">
<link rel="icon" href="/pwa-icon.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="/icons/icon-192.png">
<style>${trustedHtml(WELCOME_CSS)}</style>
</head>
<body>
<header class="top"><div class="wrap">
<span class="brand"><span class="brand__mark" aria-hidden="true">${BRAND_NAME.charAt(0)}</span>${BRAND_NAME}</span>
<a class="button button--small" href="${APP_URL}">Open App</a>
</div></header>
<main>
${hero()}
${whyChoose()}
${howItWorks()}
${closing()}
</main>
<footer class="footer">
<p>${footerCopyright(new Date().getFullYear())}</p>
<p class="footer__disclaimer">${FOOTER_DISCLAIMER}</p>
</footer>
</body>
</html>`}`
}

function hero() {
  return html`<section class="hero" aria-labelledby="hero-title"><div class="wrap">
<div class="hero__copy">
<p class="eyebrow">${TOP_BAR_TAGLINE}</p>
<h1 id="hero-title">Indian groceries from local stores, delivered today</h1>
<p class="lead">Order from the Indian stores near you. A runner from your community shops your list and brings it to your door the same day.</p>
<a class="button button--large" href="${APP_URL}">Open Web App</a>
<p class="hint">Nothing to download: it runs in your browser, and you can add it to your home screen.</p>
</div>
<div class="qr">
<div class="qr__box">${icon('qrCode')}<span>QR Code Coming Soon</span></div>
<p class="qr__caption">Scan to Access App</p>
</div>
</div></section>`
}

function whyChoose() {
  return html`<section class="section section--warm" aria-labelledby="why-title"><div class="wrap">
<h2 id="why-title">Why Choose ${BRAND_NAME}</h2>
<p class="section__intro">Grocery runs for the Indian kitchen, done by neighbors, with prices you can see before you order.</p>
<ul class="features">${FEATURES.map(
    (feature) => html`<li class="feature"><span class="feature__icon">${icon(feature.icon)}</span><h3>${feature.title}</h3><p>${feature.text}</p></li>`,
  )}</ul>
</div></section>`
}

function howItWorks() {
  return html`<section class="section" aria-labelledby="how-title"><div class="wrap">
<h2 id="how-title">How It Works</h2>
<ol class="steps">${STEPS.map(
    (step, index) =>
      html`<li class="step"><span class="step__number" aria-hidden="true">${index + 1}</span><div><h3>${step.title}</h3><p>${step.text}</p></div></li>`,
  )}</ol>
</div></section>`
}

function closing() {
  return html`<section class="closing" aria-labelledby="closing-title"><div class="wrap"><div class="closing__panel">
<h2 id="closing-title">Your next grocery run, done by a neighbor</h2>
<p>Shop today, or sign up to deliver on your own schedule. Runners earn: ${RUNNER_EARNINGS}.</p>
<a class="button button--large" href="${APP_URL}">Open Web App</a>
</div></div></section>`
}
