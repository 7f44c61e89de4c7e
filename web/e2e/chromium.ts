import { type Browser, chromium } from 'playwright'

/** The two sizes every screen is checked at: a phone's and a laptop's. */
export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 800 }

/** Debian's Chromium, as CI installs it, with what a headless run in a container needs. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run']
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}
