import type { ReactNode } from 'react'
import type { PwaStatus } from './read-pwa-status'

const yesNo = (value: boolean) => (value ? 'Yes' : 'No')
const workerState = (state: ServiceWorkerState | null) => state ?? 'None'

export function ServiceWorkerSection({ status }: { status: PwaStatus }) {
  const { registration } = status
  return (
    <StatusSection title="Service worker">
      <Row term="Supported">{status.serviceWorkerSupported ? 'Supported' : 'Not supported'}</Row>
      <Row term="Secure context">{yesNo(status.secureContext)}</Row>
      <Row term="Registration">{registration ? `Registered (scope ${registration.scope})` : 'Not registered'}</Row>
      <Row term="Active worker">{workerState(registration?.active ?? null)}</Row>
      <Row term="Waiting worker">{workerState(registration?.waiting ?? null)}</Row>
      <Row term="Installing worker">{workerState(registration?.installing ?? null)}</Row>
      <Row term="Controlling this page">{yesNo(status.controlled)}</Row>
    </StatusSection>
  )
}

export function InstallSection({ status, promptAvailable, installed }: { status: PwaStatus; promptAvailable: boolean; installed: boolean }) {
  return (
    <StatusSection title="Installation">
      <Row term="Install prompt">{promptAvailable ? 'Available' : 'Not available'}</Row>
      <Row term="Standalone mode">{yesNo(status.standalone)}</Row>
      {installed && <Row term="Installed">Installed during this visit</Row>}
    </StatusSection>
  )
}

export function BrowserSection({ status }: { status: PwaStatus }) {
  return (
    <StatusSection title="Browser">
      <Row term="User agent">{status.userAgent}</Row>
      <Row term="Network">{status.online ? 'Online' : 'Offline'}</Row>
      <Row term="Notification permission">{status.notificationPermission === 'unsupported' ? 'Not supported' : status.notificationPermission}</Row>
    </StatusSection>
  )
}

function StatusSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `pwa-status-${title.toLowerCase().replaceAll(' ', '-')}`
  return (
    <section className="card pwa-status__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <dl className="facts pwa-status__list">{children}</dl>
    </section>
  )
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}
