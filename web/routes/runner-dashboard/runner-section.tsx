import type { ReactNode } from 'react'

/** One section of the runner dashboard under its heading, busy while what it shows is loading. */
export function RunnerSection({ headingId, title, busy, children }: { headingId: string; title: string; busy: boolean; children: ReactNode }) {
  return (
    <section className="runner-section" aria-labelledby={headingId} aria-busy={busy}>
      <h2 id={headingId} className="runner-section__heading">
        {title}
      </h2>
      {children}
    </section>
  )
}
