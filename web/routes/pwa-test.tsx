import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useInstallPrompt } from '../features/pwa/install-prompt'
import { Button } from '../ui/button'
import { checkForUpdate } from './pwa-test/read-pwa-status'
import { BrowserSection, InstallSection, ServiceWorkerSection } from './pwa-test/status-sections'
import { usePwaStatus } from './pwa-test/use-pwa-status'

const INSTALL_OUTCOME = {
  accepted: 'Installing Kirana.',
  dismissed: 'Install dismissed.',
  unavailable: 'The install prompt is no longer available.',
} as const

/** The PWA status page (spec 000 §2): what the browser knows about the app, with install and refresh. */
export function PwaTestPage() {
  const navigate = useNavigate()
  const { status, reread } = usePwaStatus()
  const { available, installed, install } = useInstallPrompt()
  const [announcement, setAnnouncement] = useState('')
  const [refreshing, setRefreshing] = useState(false)

  async function handleInstall() {
    setAnnouncement(INSTALL_OUTCOME[await install()])
  }

  async function handleRefresh() {
    setRefreshing(true)
    setAnnouncement('Refreshing status...')
    const updateFailure = await checkForUpdate()
    await reread()
    setRefreshing(false)
    setAnnouncement(updateFailure ? `Status refreshed. Checking for a new version failed: ${updateFailure}` : 'Status refreshed.')
  }

  return (
    <main className="pwa-status">
      <h1>PWA Status</h1>
      <p className="pwa-status__announcement" role="status">
        {announcement}
      </p>
      {status ? (
        <>
          <ServiceWorkerSection status={status} />
          <InstallSection status={status} promptAvailable={available} installed={installed} />
          <BrowserSection status={status} />
        </>
      ) : (
        <p aria-busy="true">Reading status...</p>
      )}
      <div className="pwa-status__actions">
        <Button type="button" variant="primary" disabled={!available} aria-describedby={available ? undefined : 'install-unavailable'} onClick={handleInstall}>
          Install
        </Button>
        <Button type="button" disabled={refreshing} onClick={handleRefresh}>
          Refresh Status
        </Button>
        <Button type="button" onClick={() => navigate({ to: '/' })}>
          Back to Home
        </Button>
      </div>
      {!available && (
        <p id="install-unavailable" className="meta">
          {installUnavailableReason(installed, status?.standalone ?? false)}
        </p>
      )}
    </main>
  )
}

function installUnavailableReason(installed: boolean, standalone: boolean) {
  if (standalone) return 'Kirana is already running as an installed app.'
  if (installed) return 'Kirana has been installed on this device.'
  return 'The browser has not offered to install Kirana. It offers only when the app is not installed yet, and some browsers never do: on iPhone, use Share, then Add to Home Screen.'
}
