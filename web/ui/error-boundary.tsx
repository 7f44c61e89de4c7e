import { Component, type ReactNode } from 'react'
import { Button } from './button'

export function RenderFailure({ detail = 'The app hit a problem while showing this page.' }: { detail?: string }) {
  return (
    <main className="stack stack--loose stack--centred render-failure" role="alert">
      <h1>Something went wrong</h1>
      <p>{detail}</p>
      <Button type="button" variant="primary" onClick={() => window.location.reload()}>
        Refresh Page
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
