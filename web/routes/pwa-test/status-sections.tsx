import type { ReactNode } from 'react'
import { Card } from '../../ui/card'
import { Fact } from '../../ui/fact'
import type { PwaStatus } from './read-pwa-status'

const yesNo = (value: boolean) => (value ? 'Yes' : 'No')
const workerState = (state: ServiceWorkerState | null) => state ?? 'None'

export function ServiceWorkerSection({ status }: { status: PwaStatus }) {
  const { registration } = status
  return (
    <StatusSection title="Service worker">
      <Fact term="Supported">{status.serviceWorkerSupported ? 'Supported' : 'Not supported'}</Fact>
      <Fact term="Secure context">{yesNo(status.secureContext)}</Fact>
      <Fact term="Registration">{registration ? `Registered (scope ${registration.scope})` : 'Not registered'}</Fact>
      <Fact term="Active worker">{workerState(registration?.active ?? null)}</Fact>
      <Fact term="Waiting worker">{workerState(registration?.waiting ?? null)}</Fact>
      <Fact term="Installing worker">{workerState(registration?.installing ?? null)}</Fact>
      <Fact term="Controlling this page">{yesNo(status.controlled)}</Fact>
    </StatusSection>
  )
}

export function InstallSection({ status, promptAvailable, installed }: { status: PwaStatus; promptAvailable: boolean; installed: boolean }) {
  return (
    <StatusSection title="Installation">
      <Fact term="Install prompt">{promptAvailable ? 'Available' : 'Not available'}</Fact>
      <Fact term="Standalone mode">{yesNo(status.standalone)}</Fact>
      {installed && <Fact term="Installed">Installed during this visit</Fact>}
    </StatusSection>
  )
}

export function BrowserSection({ status }: { status: PwaStatus }) {
  return (
    <StatusSection title="Browser">
      <Fact term="User agent">{status.userAgent}</Fact>
      <Fact term="Network">{status.online ? 'Online' : 'Offline'}</Fact>
      <Fact term="Notification permission">{status.notificationPermission === 'unsupported' ? 'Not supported' : status.notificationPermission}</Fact>
    </StatusSection>
  )
}

function StatusSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `pwa-status-${title.toLowerCase().replaceAll(' ', '-')}`
  return (
    <Card className="pwa-status__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <dl className="facts pwa-status__list">{children}</dl>
    </Card>
  )
}
