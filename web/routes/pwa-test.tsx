import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useInstallPrompt } from '../features/pwa/install-prompt'
import { Button } from '../ui/button'
import { checkForUpdate } from './pwa-test/read-pwa-status'
import { BrowserSection, InstallSection, ServiceWorkerSection } from './pwa-test/status-sections'
import { usePwaStatus } from './pwa-test/use-pwa-status'

const INSTALL_OUTCOME = {
  accepted: msg`Installing Kirana.`,
  dismissed: msg`Install dismissed.`,
  unavailable: msg`The install prompt is no longer available.`,
} as const

/** The PWA status page (spec 000 §2): what the browser knows about the app, with install and refresh. */
export function PwaTestPage() {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const { status, reread } = usePwaStatus()
  const { available, installed, install } = useInstallPrompt()
  const [announcement, setAnnouncement] = useState('')
  const [refreshing, setRefreshing] = useState(false)

  async function handleInstall() {
    setAnnouncement(i18n._(INSTALL_OUTCOME[await install()]))
  }

  async function handleRefresh() {
    setRefreshing(true)
    setAnnouncement(t`Refreshing status...`)
    const updateFailure = await checkForUpdate()
    await reread()
    setRefreshing(false)
    setAnnouncement(updateFailure ? t`Status refreshed. Checking for a new version failed: ${updateFailure}` : t`Status refreshed.`)
  }

  return (
    <main className="pwa-status">
      <h1>
        <Trans>PWA Status</Trans>
      </h1>
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
        <p aria-busy="true">
          <Trans>Reading status...</Trans>
        </p>
      )}
      <div className="pwa-status__actions">
        <Button type="button" variant="primary" disabled={!available} aria-describedby={available ? undefined : 'install-unavailable'} onClick={handleInstall}>
          <Trans>Install</Trans>
        </Button>
        <Button type="button" disabled={refreshing} onClick={handleRefresh}>
          <Trans>Refresh Status</Trans>
        </Button>
        <Button type="button" onClick={() => navigate({ to: '/' })}>
          <Trans>Back to Home</Trans>
        </Button>
      </div>
      {!available && (
        <p id="install-unavailable" className="meta">
          <InstallUnavailableReason installed={installed} standalone={status?.standalone ?? false} />
        </p>
      )}
    </main>
  )
}

function InstallUnavailableReason({ installed, standalone }: { installed: boolean; standalone: boolean }) {
  if (standalone) return <Trans>Kirana is already running as an installed app.</Trans>
  if (installed) return <Trans>Kirana has been installed on this device.</Trans>
  return (
    <Trans>
      The browser has not offered to install Kirana. It offers only when the app is not installed yet, and some browsers never do: on iPhone, use Share, then
      Add to Home Screen.
    </Trans>
  )
}
