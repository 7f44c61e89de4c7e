import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Button } from '../../../ui/button'
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

type Retry = { onRetry: () => void; primary?: boolean }

/** A load that failed, with 'Try Again'; `primary` where retrying is the screen's one way on. */
export function LoadFailed({ title, onRetry, primary = false }: Retry & { title: string }) {
  return (
    <CatalogMessage
      title={title}
      action={
        <Button type="button" variant={primary ? 'primary' : undefined} onClick={onRetry}>
          <Trans>Try Again</Trans>
        </Button>
      }
    />
  )
}

/** What a screen shows while its query has no answer to show: a spinner while it loads, else the failure with a retry. */
export function LoadingOrFailed({
  query,
  loading,
  failed,
  primary,
}: {
  query: { isPending: boolean; refetch: () => unknown }
  loading: string
  failed: string
  primary?: boolean
}) {
  if (query.isPending) return <CatalogMessage busy title={loading} />
  return <LoadFailed title={failed} onRetry={() => void query.refetch()} primary={primary} />
}
