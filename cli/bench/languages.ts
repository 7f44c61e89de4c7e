import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright'
import { LANGUAGES, type Language } from '../../modules/shared/index'
import { buildWeb } from '../../web/build'
import { launchBrowser, PHONE } from '../../web/e2e/chromium'
import { DIST_DIR, moduleScripts, staticImportClosure } from './landing-bundle'
import { type BenchReport, kilobytes, median, milliseconds } from './report'
import { withKiranaServer } from './server-process'

/** Issue 39's budgets. */
const CATALOG_BUDGET_BYTES = 30 * 1024
const SWITCH_BUDGET_MS = 300
/** Lighthouse's mobile profile slows the CPU 4×: a mid-range phone, not this machine. */
const PHONE_CPU_SLOWDOWN = 4
const ROUNDS = 3

/** Each language's own script (Unicode blocks): a catalog chunk is told by the script its text is in. */
const SCRIPTS: Record<Exclude<Language, 'en'>, [number, number]> = {
  hi: [0x0900, 0x097f],
  bn: [0x0980, 0x09ff],
  pa: [0x0a00, 0x0a7f],
  gu: [0x0a80, 0x0aff],
  ta: [0x0b80, 0x0bff],
  te: [0x0c00, 0x0c7f],
}

/**
 * Each language's catalog as the build writes it (a chunk of its own, told by the script it is
 * written in), its gzip size against the 30 KB budget, and whether the landing or the app's shell
 * loads it before anyone chooses it: they must not.
 */
async function catalogChunks(): Promise<BenchReport> {
  await buildWeb(DIST_DIR)
  const firstPaint = new Set<string>()
  for (const page of ['landing.html', 'index.html']) {
    const closure = await staticImportClosure(moduleScripts(await Bun.file(join(DIST_DIR, page)).text()))
    for (const file of closure) firstPaint.add(file.path)
  }
  const found = new Map<Language, { path: string; gzip: number }>()
  for (const name of readdirSync(join(DIST_DIR, 'assets')).filter((file) => file.endsWith('.js'))) {
    const path = `/assets/${name}`
    const text = await Bun.file(join(DIST_DIR, 'assets', name)).text()
    const language = catalogLanguage(text)
    if (!language) continue
    if (found.has(language)) throw new Error(`two chunks read as the ${language} catalog: ${found.get(language)!.path} and ${path}`)
    found.set(language, { path, gzip: Bun.gzipSync(new TextEncoder().encode(text), { level: 9 }).length })
  }
  const rows = LANGUAGES.filter((language) => language !== 'en').map((language) => {
    const chunk = found.get(language)
    if (!chunk) throw new Error(`no chunk of the build is the ${language} catalog`)
    return { language, ...chunk, early: firstPaint.has(chunk.path) }
  })
  const overBudget = rows.some((row) => row.gzip > CATALOG_BUDGET_BYTES || row.early)
  return {
    title: "Each language's catalog (gzip level 9), fetched only when chosen",
    columns: ['language', 'chunk', 'gzip', 'loaded before chosen'],
    rows: rows.map((row) => [row.language, row.path, kilobytes(row.gzip), row.early ? 'YES' : 'no']),
    verdict: `largest ${kilobytes(Math.max(...rows.map((row) => row.gzip)))} of the ${kilobytes(CATALOG_BUDGET_BYTES)} budget; English is in the screens' own chunks: ${overBudget ? 'OVER BUDGET' : 'within budget'}`,
    overBudget,
  }
}

/** The language whose script a chunk is mostly written in, when it is a catalog's (thousands of its letters); else null. */
function catalogLanguage(text: string): Language | null {
  const counts = new Map<Language, number>()
  for (const character of text) {
    const code = character.codePointAt(0)!
    if (code < 0x0900 || code > 0x0c7f) continue
    for (const [language, [from, to]] of Object.entries(SCRIPTS) as [Language, [number, number]][]) {
      if (code >= from && code <= to) counts.set(language, (counts.get(language) ?? 0) + 1)
    }
  }
  const [top] = [...counts].sort((a, b) => b[1] - a[1])
  return top && top[1] > 1000 ? top[0] : null
}

type SwitchStep = { from: Language; to: Language; note: string }
const STEPS: SwitchStep[] = [
  { from: 'en', to: 'hi', note: 'its catalog fetched' },
  { from: 'hi', to: 'ta', note: 'its catalog fetched' },
  { from: 'ta', to: 'hi', note: 'already loaded' },
  { from: 'hi', to: 'en', note: 'built in' },
]

/**
 * From the picker's change to the next frame painted with the screen's words in the new language, on
 * /landing at phone size with the CPU slowed 4×, timed in the page itself. Each round is a fresh
 * browser context, so the catalogs are fetched again from the server.
 */
async function switchingTime(): Promise<BenchReport> {
  const times = new Map<SwitchStep, number[]>(STEPS.map((step) => [step, []]))
  await withKiranaServer('', {}, async (server) => {
    const browser = await launchBrowser()
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const context = await browser.newContext({ viewport: PHONE, locale: 'en-US', serviceWorkers: 'block' })
        const page = await context.newPage()
        const cdp = await context.newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN })
        await page.goto(`${server.url}/landing`)
        const picker = page.getByRole('combobox').first()
        await picker.waitFor()
        for (const step of STEPS) times.get(step)!.push(await timedSwitch(page, step.to))
        await context.close()
      }
    } finally {
      await browser.close()
    }
  })
  const rows = STEPS.map((step) => {
    const taken = times.get(step)!
    return { step, median: median(taken), worst: Math.max(...taken) }
  })
  const overBudget = rows.some((row) => row.median > SWITCH_BUDGET_MS)
  return {
    title: `Switching language on /landing at phone size, CPU slowed ${PHONE_CPU_SLOWDOWN}× (${ROUNDS} rounds, change to the next painted frame)`,
    columns: ['switch', 'median', 'worst'],
    rows: rows.map(({ step, median, worst }) => [`${step.from} → ${step.to} (${step.note})`, milliseconds(median), milliseconds(worst)]),
    verdict: `slowest median ${milliseconds(Math.max(...rows.map((row) => row.median)))} against the ${milliseconds(SWITCH_BUDGET_MS)} budget: ${overBudget ? 'OVER BUDGET' : 'within budget'}`,
    overBudget,
  }
}

/** Chooses `language` in the page's picker and answers how long the page took to show it, measured by the page. */
async function timedSwitch(page: Page, language: Language): Promise<number> {
  await page.evaluate(() => {
    const words = () => document.querySelector('main')?.textContent ?? document.body.textContent
    const before = words()
    const shown = new Promise<number>((resolve) => {
      document.addEventListener(
        'change',
        () => {
          const started = performance.now()
          const watcher = new MutationObserver(() => {
            if (words() === before) return
            watcher.disconnect()
            // The frame after the change is the one the reader sees.
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)))
          })
          watcher.observe(document.body, { subtree: true, childList: true, characterData: true })
        },
        { capture: true, once: true },
      )
    })
    ;(window as Window & { languageShown?: Promise<number> }).languageShown = shown
  })
  await page.getByRole('combobox').first().selectOption(language)
  const taken = await page.evaluate(() => (window as Window & { languageShown?: Promise<number> }).languageShown!)
  await page.waitForFunction((expected) => document.documentElement.lang === expected, language)
  return taken
}

export async function languages(): Promise<BenchReport[]> {
  return [await catalogChunks(), await switchingTime()]
}
