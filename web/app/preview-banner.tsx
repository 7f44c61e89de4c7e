import { queryOptions, useQuery } from '@tanstack/react-query'
import { isProductionServer } from '../lib/environment'
import { apiSend } from '../lib/http'

const HEALTH_CHECK_MS = 30_000

const healthQueryOptions = () =>
  queryOptions({
    queryKey: ['health'],
    queryFn: () => apiSend('GET', '/api/health').then(() => true),
    // Only whether it answers matters, not what it says. The banner reports the backend as it is now, so it polls unlike the rest of the app.
    refetchInterval: HEALTH_CHECK_MS,
    networkMode: 'always',
  })

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
      {isSuccess ? 'Preview backend running in this workspace.' : 'Preview backend disconnected.'}
    </div>
  )
}
