import { atom, getDefaultStore, useAtom, useAtomValue } from 'jotai'

/** Chromium's install offer; not in the DOM typings because other browsers never fire it. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>
}

/** The saved offer; its prompt() is the only way our own 'Install' button can open the browser's dialog. */
export const installPromptAtom = atom<BeforeInstallPromptEvent | null>(null)
/** The browser said the app was installed during this visit. */
export const appInstalledAtom = atom(false)

// The offer comes once, soon after load, usually before the lazy /pwa-test page exists,
// so this module listens from start-up (main.tsx imports it) and keeps it in the shared store.
const store = getDefaultStore()

window.addEventListener('beforeinstallprompt', (event) => {
  // Keeps the browser's own mini-infobar away; the offer stays usable for our button.
  event.preventDefault()
  store.set(installPromptAtom, event as BeforeInstallPromptEvent)
})

window.addEventListener('appinstalled', () => {
  store.set(installPromptAtom, null)
  store.set(appInstalledAtom, true)
})

export function useInstallPrompt() {
  const [offer, setOffer] = useAtom(installPromptAtom)
  const installed = useAtomValue(appInstalledAtom)
  /** Opens the browser's install dialog; an offer works once, so it is dropped whatever the answer. */
  async function install(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
    if (!offer) return 'unavailable'
    setOffer(null)
    try {
      await offer.prompt()
      return (await offer.userChoice).outcome
    } catch {
      // prompt() refuses an offer it has already shown; there is nothing left to install with.
      return 'unavailable'
    }
  }
  return { available: offer !== null, installed, install }
}
