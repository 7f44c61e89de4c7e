export function Spinner({ label }: { label?: string }) {
  return <span className="spinner" role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true} />
}

/** Full-screen wait while the app learns who is signed in (route table: "Auth state loading"). */
export function LoadingScreen({ offline = false }: { offline?: boolean }) {
  return (
    <main className="loading-screen" aria-busy="true">
      <Spinner />
      <p>Loading...</p>
      {offline && <p className="loading-screen__hint">You're offline. Kirana will continue when you're back online.</p>}
    </main>
  )
}
