import { afterAll, beforeAll } from 'bun:test'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright'
import { CHROMIUM_ARGS, CHROMIUM_PATH, DESKTOP, launchBrowser, PHONE } from './chromium'

/** Screenshots land here (git-ignored) so a person can look at every screen. */
export const SCREENSHOT_DIR = '.artifacts/screenshots'

export { DESKTOP, launchBrowser, PHONE } from './chromium'

export interface RunningServer {
  url: string
  dataDir: string
  stop(): Promise<void>
  /** Stops and starts the same server on the same data, for restart and update tests. */
  restart(): Promise<void>
}

function freePort() {
  const probe = Bun.serve({ port: 0, fetch: () => new Response() })
  const port = probe.port
  probe.stop(true)
  return port!
}

async function waitForHealth(url: string, process: Bun.Subprocess, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (process.exitCode !== null) throw new Error(`The server exited with code ${process.exitCode}`)
    try {
      const response = await fetch(`${url}/api/health`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await Bun.sleep(100)
  }
  throw new Error(`The server did not answer ${url}/api/health within ${timeoutMs} ms`)
}

/** Builds the PWA into dist/ when it is missing; an older build is used as it is. */
export function ensureWebBuilt() {
  if (existsSync('dist/index.html')) return
  const build = Bun.spawnSync(['bun', 'web/build.ts'], { stdout: 'inherit', stderr: 'inherit' })
  if (build.exitCode !== 0) throw new Error('bun web/build.ts failed')
}

/** Builds the PWA once when dist/ is missing, then starts `bun index.ts` on a fresh embedded database. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  ensureWebBuilt()
  const dataDir = mkdtempSync(join(tmpdir(), 'kirana-e2e-'))
  const port = freePort()
  const url = `http://localhost:${port}`
  let child: Bun.Subprocess
  const launch = async () => {
    child = Bun.spawn(['bun', 'index.ts'], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', ...env },
      stdout: 'ignore',
      stderr: 'inherit',
    })
    await waitForHealth(url, child)
  }
  const halt = async () => {
    child.kill('SIGTERM')
    await child.exited
  }
  await launch()
  return {
    url,
    dataDir,
    restart: async () => {
      await halt()
      await launch()
    },
    stop: async () => {
      await halt()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A browser of its own with a profile on disk, for install tests: Chromium never offers to
 * install from an incognito context (which is what newContext gives), and offers at once only
 * when told to skip its engagement checks.
 */
export async function launchInstallableContext(viewport = DESKTOP) {
  const profileDir = mkdtempSync(join(tmpdir(), 'kirana-profile-'))
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--bypass-app-banner-engagement-checks'],
    viewport,
    deviceScaleFactor: 1,
  })
  const page = context.pages()[0] ?? (await context.newPage())
  const close = async () => {
    await context.close()
    rmSync(profileDir, { recursive: true, force: true })
  }
  return { context, page, close }
}

/** One server and one browser for a test file, closed when the file's tests end. */
export function useServerAndBrowser(env: Record<string, string> = {}) {
  const shared = {} as { server: RunningServer; browser: Browser }
  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true })
    shared.server = await startServer(env)
    shared.browser = await launchBrowser()
  })
  afterAll(async () => {
    await shared.browser?.close()
    await shared.server?.stop()
  })
  return shared
}

/**
 * A server and browser like useServerAndBrowser's, the server serving a copy of dist/, so a test
 * can publish a new version of the app without touching the real build.
 */
export function useServerOnDistCopy() {
  const env: Record<string, string> = {}
  const copy = { dir: '' }
  beforeAll(() => {
    ensureWebBuilt()
    copy.dir = mkdtempSync(join(tmpdir(), 'kirana-dist-'))
    cpSync('dist', copy.dir, { recursive: true })
    env.DIST_DIR = copy.dir
  })
  afterAll(() => rmSync(copy.dir, { recursive: true, force: true }))
  const shared = useServerAndBrowser(env)
  return {
    shared,
    /** The served sw.js in the copy. */
    workerPath: () => join(copy.dir, 'sw.js'),
    /** A deploy that changes only the worker: its cache version, so its bytes differ. Returns the new cache's name. */
    publishNewWorker(): string {
      const path = join(copy.dir, 'sw.js')
      const source = readFileSync(path, 'utf8')
      const current = /kirana-shell-([\w-]+)/.exec(source)![1]!
      const next = `${current.split('-')[0]}-${Date.now().toString(36)}`
      writeFileSync(path, source.replaceAll(`kirana-shell-${current}`, `kirana-shell-${next}`))
      return `kirana-shell-${next}`
    },
  }
}

export async function newPage(browser: Browser, viewport = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 })
  const page = await context.newPage()
  return { context, page }
}

/**
 * What Chromium reports in the console when the page's Content-Security-Policy blocks something
 * (a script, a style, a frame, an inline handler), collected from now on.
 */
export function contentSecurityPolicyReports(page: Page): string[] {
  const reports: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) reports.push(`${page.url()}: ${message.text()}`)
  })
  return reports
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true })
}
