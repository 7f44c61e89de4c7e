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

type ErrorBoundaryProps = {
  children: ReactNode
  /** What stands in once rendering threw: the app's failure screen unless a part says otherwise (null: nothing). */
  fallback?: ReactNode
  /** Tells the console what threw; an error by default, a warning for a part the screen can do without. */
  report?: (error: unknown) => void
}

const reportRenderFailure = (error: unknown) => console.error('Rendering failed:', error)

/** Shown instead of a blank screen when rendering throws; around a part of a screen, what stands in for that part. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown) {
    const report = this.props.report ?? reportRenderFailure
    report(error)
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return this.props.fallback === undefined ? <RenderFailure /> : this.props.fallback
  }
}
