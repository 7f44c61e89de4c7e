import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { useNotificationPermission } from '../../features/notifications/permission'
import { SAMPLE_NOTIFICATIONS } from '../../features/notifications/samples'
import { showLocalNotification } from '../../features/notifications/show-local'
import { Button } from '../../ui/button'
import { Card } from '../../ui/card'
import { Icon } from '../../ui/icon'

/**
 * 001 §2: the buyer home's floating panel for trying notifications on this device. Its buttons
 * alert 'Please enable notifications first!' until permission is granted. Escape closes it
 * and focus returns to its button.
 */
export function SampleNotificationsPanel() {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const firstAction = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const titleId = useId()
  const permission = useNotificationPermission()

  useEffect(() => {
    if (!open) return
    firstAction.current?.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      toggle.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open])

  async function show(sample: (typeof SAMPLE_NOTIFICATIONS)[keyof typeof SAMPLE_NOTIFICATIONS]) {
    if (permission !== 'granted') {
      alert(t`Please enable notifications first!`)
      return
    }
    try {
      await showLocalNotification(sample.title, sample.body)
    } catch (error) {
      console.error('Showing a test notification failed:', error)
    }
  }

  return (
    <div className="test-panel">
      {open && (
        <Card id={panelId} className="test-panel__body" aria-labelledby={titleId}>
          <h2 id={titleId} className="test-panel__title">
            <Trans>Test notifications</Trans>
          </h2>
          <p className="meta">
            <Trans>See how order news and runner alerts look on this device.</Trans>
          </p>
          <Button ref={firstAction} type="button" onClick={() => void show(SAMPLE_NOTIFICATIONS.order)}>
            <Trans>Order update</Trans>
          </Button>
          <Button type="button" onClick={() => void show(SAMPLE_NOTIFICATIONS.runner)}>
            <Trans>Runner alert</Trans>
          </Button>
          {permission !== 'granted' && (
            <Link to="/notifications" className="text-link">
              <Trans>Enable notifications</Trans>
            </Link>
          )}
        </Card>
      )}
      {/* A round icon button: on a phone a wide one would cover the cards it floats over. The state is in aria-expanded. */}
      <button
        ref={toggle}
        type="button"
        className="test-panel__toggle"
        title={t`Test notifications`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
      >
        <Icon name={open ? 'chevronDown' : 'bell'} />
        <span className="visually-hidden">
          <Trans>Test notifications</Trans>
        </span>
      </button>
    </div>
  )
}
