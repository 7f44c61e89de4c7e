/*
 * The welcome page is served on its own, without the app's bundle, so it carries its own small
 * stylesheet. The colours and fonts repeat web/styles/tokens.css; change both together.
 */
const STYLESHEET = `
:root {
  color-scheme: light;
  --bg: #fff7ec;
  --bg-warm: #fdebd3;
  --surface: #ffffff;
  --ink: #2b1d14;
  --muted: #6b5444;
  --border: #ecdac6;
  --primary: #b4441c;
  --primary-hover: #9a3a17;
  --saffron-soft: #fde7c4;
  --saffron-ink: #8a4b00;
  --heading: 'Iowan Old Style', 'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, 'Noto Serif', serif;
  --body: system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif;
  --gutter: clamp(1.25rem, 4vw, 2rem);
  --shadow: 0 1px 3px rgb(74 38 16 / 0.08), 0 6px 16px rgb(74 38 16 / 0.08);
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body {
  margin: 0;
  background: var(--bg);
  color: var(--ink);
  font: 1rem/1.55 var(--body);
  -webkit-font-smoothing: antialiased;
}
h1, h2, h3 { margin: 0; font-family: var(--heading); line-height: 1.15; letter-spacing: -0.01em; text-wrap: balance; }
h1 { font-size: clamp(2.1rem, 1.5rem + 2.6vw, 3.5rem); }
h2 { font-size: clamp(1.6rem, 1.3rem + 1.2vw, 2.25rem); }
h3 { font-size: 1.125rem; }
p { margin: 0; text-wrap: pretty; }
ol, ul { margin: 0; padding: 0; list-style: none; }
svg { display: block; flex-shrink: 0; width: 24px; height: 24px; }
a:focus-visible { outline: 3px solid var(--ink); outline-offset: 3px; }
.wrap { max-width: 72rem; margin-inline: auto; padding-inline: var(--gutter); }
.button {
  display: inline-flex; align-items: center; justify-content: center;
  min-height: 48px; padding: 0 1.5rem; border-radius: 12px;
  background: var(--primary); color: #fff;
  font-weight: 650; text-decoration: none;
  box-shadow: 0 1px 2px rgb(74 38 16 / 0.12);
}
.button:hover { background: var(--primary-hover); }
.button--small { min-height: 44px; padding: 0 1rem; font-size: 0.9375rem; }
.button--large { min-height: 56px; padding: 0 2rem; font-size: 1.125rem; }
.top { border-bottom: 1px solid var(--border); }
.top .wrap { display: flex; align-items: center; justify-content: space-between; min-height: 64px; }
.brand { display: flex; align-items: center; gap: 0.5rem; font: 700 1.3125rem var(--heading); }
.brand__mark {
  display: grid; place-items: center; width: 36px; height: 36px; border-radius: 10px;
  background: var(--primary); color: var(--bg); font-size: 1.25rem; line-height: 1;
}
.hero { padding-block: 2.5rem 3.5rem; }
.hero .wrap { display: grid; gap: 2.5rem; align-items: center; }
.hero__copy { display: flex; flex-direction: column; align-items: flex-start; gap: 1rem; }
.eyebrow {
  padding: 0.25rem 0.75rem; border-radius: 999px; background: var(--saffron-soft); color: var(--saffron-ink);
  font-size: 0.8125rem; font-weight: 700; letter-spacing: 0.06em; text-transform: uppercase;
}
.lead { max-width: 34rem; color: var(--muted); font-size: 1.125rem; }
.hero .button { margin-top: 0.5rem; }
.hint { color: var(--muted); font-size: 0.875rem; }
.qr { display: flex; flex-direction: column; align-items: stretch; gap: 0.75rem; text-align: center; }
.qr__box {
  display: flex; align-items: center; justify-content: center; gap: 1rem; padding: 1.25rem;
  border: 2px dashed #d6b896; border-radius: 18px; background: var(--surface);
  color: var(--muted); font-weight: 600;
}
.qr__box svg { width: 48px; height: 48px; color: var(--primary); }
.qr__caption { font-weight: 650; }
.section { padding-block: 3.5rem; }
.section--warm { background: var(--bg-warm); border-block: 1px solid var(--border); }
.section__intro { max-width: 38rem; margin-top: 0.5rem; color: var(--muted); }
.features, .steps { display: grid; gap: 0.75rem; margin-top: 1.5rem; }
.feature, .step { align-content: start; padding: 1.5rem; border-radius: 18px; background: var(--surface); box-shadow: var(--shadow); }
.feature p, .step p { margin-top: 0.25rem; color: var(--muted); }
.feature__icon {
  display: grid; place-items: center; width: 48px; height: 48px; margin-bottom: 1rem;
  border-radius: 12px; background: var(--saffron-soft); color: var(--saffron-ink);
}
.step { display: grid; grid-template-columns: auto 1fr; gap: 1rem; align-items: start; }
.step__number {
  display: grid; place-items: center; width: 44px; height: 44px; border-radius: 50%;
  background: var(--primary); color: #fff; font: 700 1.25rem/1 var(--heading);
}
.closing { padding-block: 0 3.5rem; }
.closing__panel {
  display: flex; flex-direction: column; align-items: center; gap: 1rem;
  padding: 2.5rem 1.5rem; border-radius: 24px;
  background: var(--primary); color: #fff; text-align: center;
}
.closing__panel p { max-width: 32rem; color: #fff3e6; }
.closing__panel .button { margin-top: 0.5rem; background: var(--bg); color: var(--primary); }
.closing__panel .button:hover { background: #fff; }
.closing__panel a:focus-visible { outline-color: #fff; }
.footer {
  padding: 2rem var(--gutter); border-top: 1px solid var(--border); background: var(--bg-warm);
  color: var(--muted); font-size: 0.9375rem; text-align: center;
}
.footer p { max-width: 38rem; margin-inline: auto; text-wrap: balance; }
.footer__disclaimer { margin-top: 0.5rem; font-size: 0.8125rem; }
.languages ul { display: flex; flex-wrap: wrap; justify-content: center; gap: 0 0.25rem; margin-bottom: 1rem; }
.languages a, .languages span { display: inline-flex; align-items: center; min-height: 44px; padding: 0 0.625rem; }
.languages a { color: var(--primary); font-weight: 600; }
.languages [aria-current] { color: var(--ink); font-weight: 700; }
@media (min-width: 640px) {
  .features { grid-template-columns: repeat(2, 1fr); }
}
@media (min-width: 960px) {
  .hero { padding-block: 4.5rem 5.5rem; }
  .hero .wrap { grid-template-columns: 1.6fr 1fr; gap: 4rem; }
  .qr { align-items: center; }
  .qr__box { flex-direction: column; width: 16rem; aspect-ratio: 1; }
  .qr__box svg { width: 64px; height: 64px; }
  .features { grid-template-columns: repeat(4, 1fr); gap: 1.25rem; }
  .steps { grid-template-columns: repeat(3, 1fr); gap: 1.25rem; }
  .step { grid-template-columns: 1fr; }
  .closing__panel { padding: 3.5rem; }
}
`

/** Lines and indentation carry no meaning in this stylesheet, so they are dropped from the page. */
export const WELCOME_CSS = STYLESHEET.replace(/\s*\n\s*/g, '')
