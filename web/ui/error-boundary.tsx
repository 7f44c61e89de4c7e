import { t } from '@lingui/core/macro'
import { Component, type ReactNode } from 'react'
import { Button } from './button'

/**
 * Also shown outside the language provider (the app's ErrorBoundary wraps it, and a page that could
 * not start has none), so its words come from Lingui's own i18n, in the language already shown.
 */
export function RenderFailure({ detail }: { detail?: string }) {
  return (
    <main className="stack stack--loose stack--centred render-failure" role="alert">
      <h1>{t`Something went wrong`}</h1>
      <p>{detail ?? t`The app hit a problem while showing this page.`}</p>
      <Button type="button" variant="primary" onClick={() => window.location.reload()}>
        {t`Refresh Page`}
      </Button>
    </main>
  )
}

/** Shown instead of a blank screen when rendering throws. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown) {
    console.error('Rendering failed:', error)
  }

  override render() {
    return this.state.failed ? <RenderFailure /> : this.props.children
  }
}
