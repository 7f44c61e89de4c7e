import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright'
import { LANGUAGES, type Language } from '../../modules/shared/index'
import { buildWeb } from '../../web/build'
import { launchBrowser, PHONE } from '../../web/e2e/chromium'
import { CATALOG_AREAS, type CatalogArea } from '../../web/i18n/catalog-areas'
import { DIST_DIR, moduleScripts, staticImportClosure } from './landing-bundle'
import { type BenchReport, kilobytes, median, milliseconds } from './report'
import { withKiranaServer } from './server-process'

type CatalogPart = 'main' | CatalogArea

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

/** A catalog chunk's part: an area's (web/locales/<lang>/messages-<area>.po, named so by the build) or the main one. */
const AREA_CHUNK = new RegExp(`^messages-(${Object.keys(CATALOG_AREAS).join('|')})-[^-]+\\.js$`)

/**
 * Each language's catalogs as the build writes them (chunks told by the script they are written in,
 * and by name as main or an area's): the main one, which choosing a language downloads, against the
 * 30 KB budget (gzip level 9); each area's, with the screens that fetch it. None may be loaded by
 * the landing or the app's shell before anyone chooses the language.
 */
async function catalogChunks(): Promise<BenchReport> {
  await buildWeb(DIST_DIR)
  const firstPaint = new Set<string>()
  for (const page of ['landing.html', 'index.html']) {
    const closure = await staticImportClosure(moduleScripts(await Bun.file(join(DIST_DIR, page)).text()))
    for (const file of closure) firstPaint.add(file.path)
  }
  const found = new Map<string, { language: Language; part: CatalogPart; path: string; gzip: number }>()
  for (const name of readdirSync(join(DIST_DIR, 'assets')).filter((file) => file.endsWith('.js'))) {
    const path = `/assets/${name}`
    const text = await Bun.file(join(DIST_DIR, 'assets', name)).text()
    const language = catalogLanguage(text)
    if (!language) continue
    const part = (AREA_CHUNK.exec(name)?.[1] as CatalogArea | undefined) ?? 'main'
    const key = `${language}/${part}`
    if (found.has(key)) throw new Error(`two chunks read as the ${key} catalog: ${found.get(key)!.path} and ${path}`)
    found.set(key, { language, part, path, gzip: Bun.gzipSync(new TextEncoder().encode(text), { level: 9 }).length })
  }
  const parts: CatalogPart[] = ['main', ...(Object.keys(CATALOG_AREAS) as CatalogArea[])]
  const rows = LANGUAGES.filter((language) => language !== 'en').flatMap((language) =>
    parts.map((part) => {
      const chunk = found.get(`${language}/${part}`)
      if (!chunk) throw new Error(`no chunk of the build is the ${language}/${part} catalog`)
      return { ...chunk, early: firstPaint.has(chunk.path) }
    }),
  )
  const main = rows.filter((row) => row.part === 'main')
  const overBudget = main.some((row) => row.gzip > CATALOG_BUDGET_BYTES) || rows.some((row) => row.early)
  return {
    title: "Each language's catalogs (gzip level 9): the main one fetched when chosen, an area's when its screens first render",
    columns: ['language', 'catalog', 'fetched by', 'chunk', 'gzip', 'loaded before chosen'],
    rows: rows.map((row) => [
      row.language,
      row.part,
      row.part === 'main' ? 'choosing the language' : CATALOG_AREAS[row.part].screens.join(' '),
      row.path,
      kilobytes(row.gzip),
      row.early ? 'YES' : 'no',
    ]),
    verdict: `largest main catalog ${kilobytes(Math.max(...main.map((row) => row.gzip)))} of the ${kilobytes(CATALOG_BUDGET_BYTES)} budget; largest area catalog ${kilobytes(Math.max(...rows.filter((row) => row.part !== 'main').map((row) => row.gzip)))}; English is in the screens' own chunks: ${overBudget ? 'OVER BUDGET' : 'within budget'}`,
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
