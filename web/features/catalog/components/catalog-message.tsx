import type { ReactNode } from 'react'
import { Spinner } from '../../../ui/loading-screen'

/** One centred message for each state of the catalog and the cart: waiting, missing, failed, empty. */
export function CatalogMessage({ title, children, busy = false, action }: { title: string; children?: ReactNode; busy?: boolean; action?: ReactNode }) {
  return (
    <div className="stack stack--centred catalog-message" role={busy ? 'status' : undefined} aria-busy={busy || undefined}>
      {busy && <Spinner />}
      <p className="catalog-message__title">{title}</p>
      {children && <div className="meta catalog-message__body">{children}</div>}
      {action}
    </div>
  )
}
