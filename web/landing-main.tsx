import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import type { Language } from '../modules/shared/contract'
import { chooseLanguage, currentLanguage } from './i18n/language'
import { LanguageProvider } from './i18n/language-provider'
import { startInLanguage } from './i18n/start'
import { deviceOwner } from './lib/personal-data'
import { LandingPage } from './routes/landing'

/**
 * /landing's own page: the landing painted with React alone, none of the app's router, query
 * client or state (web/main.tsx loads those for every other path). Its links load the app; the
 * service worker, registered here too, has the app's files cached by then.
 */
function SignedInAware() {
  // Someone signed in has an app to go back to. Offline, the app's kept data says whose device this is.
  const [signedIn, setSignedIn] = useState(() => !navigator.onLine && deviceOwner() !== null)
  useEffect(() => {
    if (!navigator.onLine) return
    fetch('/api/auth/session', { credentials: 'same-origin', headers: { accept: 'application/json' } })
      // The answer is read either way: a refusal left unread keeps its connection busy.
      .then(async (response) => Boolean(((await response.json().catch(() => null)) as { user?: unknown } | null)?.user) && response.ok)
      .then(setSignedIn, () => {})
  }, [])
  return <LandingPage signedIn={signedIn} onChooseLanguage={(language) => void chooseOnLanding(language, signedIn)} />
}

/**
 * The landing's own page has no query client: someone signed in has the choice saved on their
 * account with a plain request, and goes back to the language they had should it be refused.
 */
async function chooseOnLanding(language: Language, signedIn: boolean) {
  const previous = currentLanguage()
  await chooseLanguage(language).catch(() => {})
  if (!signedIn) return
  const saved = await fetch('/api/user/profile', {
    method: 'PATCH',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ language }),
  }).then(
    (response) => response.ok,
    () => false,
  )
  if (!saved) await chooseLanguage(previous)
}

// Painted once in the visitor's language. A promise, not a top-level await, which splits the bundle into many more chunks.
void startInLanguage().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <LanguageProvider>
        <SignedInAware />
      </LanguageProvider>
    </StrictMode>,
  ),
)
// The worker caches the whole app while the visitor reads; the app's own page watches it for updates.
if ('serviceWorker' in navigator && document.querySelector('meta[name="kirana-environment"]')?.getAttribute('content')) {
  addEventListener('load', () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {}))
}
