import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Card } from '../../ui/card'
import { Fact } from '../../ui/fact'
import type { PwaStatus } from './read-pwa-status'

/** Yes or No, and a worker's state as the browser names it (installed, activated) or None, in the language on screen. */
function useWords() {
  const { t } = useLingui()
  return {
    yesNo: (value: boolean) => (value ? t`Yes` : t`No`),
    workerState: (state: ServiceWorkerState | null) => state ?? t({ comment: 'No service worker in this slot', message: 'None' }),
  }
}

export function ServiceWorkerSection({ status }: { status: PwaStatus }) {
  const { t } = useLingui()
  const { yesNo, workerState } = useWords()
  const { registration } = status
  const scope = registration?.scope
  return (
    <StatusSection id="service-worker" title={t`Service worker`}>
      <Fact term={t`Supported`}>{status.serviceWorkerSupported ? t`Supported` : t`Not supported`}</Fact>
      <Fact term={t`Secure context`}>{yesNo(status.secureContext)}</Fact>
      <Fact term={t`Registration`}>{registration ? t`Registered (scope ${scope})` : t`Not registered`}</Fact>
      <Fact term={t`Active worker`}>{workerState(registration?.active ?? null)}</Fact>
      <Fact term={t`Waiting worker`}>{workerState(registration?.waiting ?? null)}</Fact>
      <Fact term={t`Installing worker`}>{workerState(registration?.installing ?? null)}</Fact>
      <Fact term={t`Controlling this page`}>{yesNo(status.controlled)}</Fact>
    </StatusSection>
  )
}

export function InstallSection({ status, promptAvailable, installed }: { status: PwaStatus; promptAvailable: boolean; installed: boolean }) {
  const { t } = useLingui()
  const { yesNo } = useWords()
  return (
    <StatusSection id="installation" title={t`Installation`}>
      <Fact term={t`Install prompt`}>{promptAvailable ? t`Available` : t`Not available`}</Fact>
      <Fact term={t`Standalone mode`}>{yesNo(status.standalone)}</Fact>
      {installed && <Fact term={t`Installed`}>{t`Installed during this visit`}</Fact>}
    </StatusSection>
  )
}

export function BrowserSection({ status }: { status: PwaStatus }) {
  const { t } = useLingui()
  return (
    <StatusSection id="browser" title={t`Browser`}>
      <Fact term={t`User agent`}>{status.userAgent}</Fact>
      <Fact term={t`Network`}>{status.online ? t`Online` : t`Offline`}</Fact>
      <Fact term={t`Notification permission`}>{status.notificationPermission === 'unsupported' ? t`Not supported` : status.notificationPermission}</Fact>
    </StatusSection>
  )
}

/** `id` names the section in its heading's id, the same in every language. */
function StatusSection({ id: name, title, children }: { id: string; title: string; children: ReactNode }) {
  const id = `pwa-status-${name}`
  return (
    <Card className="pwa-status__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <dl className="facts pwa-status__list">{children}</dl>
    </Card>
  )
}
