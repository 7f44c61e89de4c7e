import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { healthQueryOptions } from '../features/server/api/health'
import { isProductionServer } from '../lib/environment'

/** Outside production, says whether this preview's backend answers (spec 000 §2). */
export function PreviewBanner() {
  if (isProductionServer()) return null
  return <PreviewStatus />
}

function PreviewStatus() {
  const { isSuccess, isError } = useQuery(healthQueryOptions())
  if (!isSuccess && !isError) return null
  return (
    <div className={`preview-banner ${isSuccess ? 'preview-banner--up' : 'preview-banner--down'}`} role="status">
      {isSuccess ? <Trans>Preview backend running in this workspace.</Trans> : <Trans>Preview backend disconnected.</Trans>}
    </div>
  )
}
