import { Trans } from '@lingui/react/macro'

export function Spinner({ label }: { label?: string }) {
  return label ? <span className="spinner" role="img" aria-label={label} /> : <span className="spinner" aria-hidden />
}

/** Full-screen wait while the app learns who is signed in (route table: "Auth state loading"). */
export function LoadingScreen({ offline = false }: { offline?: boolean }) {
  return (
    <main className="stack stack--centred loading-screen" aria-busy="true">
      <Spinner />
      <p>
        <Trans>Loading...</Trans>
      </p>
      {offline && (
        <p className="loading-screen__hint">
          <Trans>You're offline. Kirana will continue when you're back online.</Trans>
        </p>
      )}
    </main>
  )
}
