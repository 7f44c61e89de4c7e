import { t } from '@lingui/core/macro'
import { onlineManager, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { getDefaultStore, Provider as JotaiProvider } from 'jotai'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './features/pwa/install-prompt'
import { registerServiceWorker } from './features/pwa/service-worker'
import { LanguageProvider } from './i18n/language-provider'
import { startInLanguage } from './i18n/start'
import { createQueryClient } from './query-client'
import { createAppRouter } from './router'
import { ErrorBoundary, RenderFailure } from './ui/error-boundary'

// Spec 000 §8: rejected promises about timeouts are expected noise (slow networks), not failures.
window.addEventListener('unhandledrejection', (event) => {
  if (
    String(event.reason?.message ?? event.reason)
      .toLowerCase()
      .includes('timeout')
  )
    event.preventDefault()
})

if (window.matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone) {
  document.body.classList.add('standalone-app')
}

const rootElement = document.getElementById('root')
if (!rootElement) {
  // Rendered rather than written as HTML: the Content-Security-Policy refuses inline onclick handlers.
  // In the visitor's language, as the app would have been.
  void startInLanguage().then(() =>
    createRoot(document.body.appendChild(document.createElement('div'))).render(<RenderFailure detail={t`The app could not start.`} />),
  )
} else {
  // react-query assumes a network until an event says otherwise; a page opened offline would try
  // every query and fail it, instead of pausing it on what the device kept (lib/query-persister).
  onlineManager.setOnline(navigator.onLine)
  const queryClient = createQueryClient()
  const router = createAppRouter(queryClient)
  // Painted once in the visitor's language. A promise, not a top-level await, which splits the bundle into many more chunks.
  void startInLanguage().then(() =>
    createRoot(rootElement).render(
      <StrictMode>
        <ErrorBoundary>
          <LanguageProvider>
            <JotaiProvider store={getDefaultStore()}>
              <QueryClientProvider client={queryClient}>
                <RouterProvider router={router} />
              </QueryClientProvider>
            </JotaiProvider>
          </LanguageProvider>
        </ErrorBoundary>
      </StrictMode>,
    ),
  )
  registerServiceWorker()
  // Loaded after the first paint: the landing page needs none of it.
  void import('./lib/query-persister').then(({ keepQueryCache }) => keepQueryCache(queryClient))
}
