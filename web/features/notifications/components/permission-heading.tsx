import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, type BadgeTone } from '../../../ui/status-badge'
import { PERMISSION_LABEL, type PermissionState } from '../permission'

const PERMISSION_TONE: Partial<Record<PermissionState, BadgeTone>> = { granted: 'success', denied: 'danger', unsupported: 'muted' }

/** A permission card's heading with the browser's answer beside it, as the centre and the test page both show it. */
export function PermissionHeading({ id, title, permission }: { id: string; title: string; permission: PermissionState }) {
  const { i18n } = useLingui()
  return (
    <div className="spread">
      <h2 id={id} className="notification-centre__heading">
        {title}
      </h2>
      <Badge as="p" tone={PERMISSION_TONE[permission]}>
        <span className="visually-hidden">
          <Trans>Status:</Trans>{' '}
        </span>
        {i18n._(PERMISSION_LABEL[permission])}
      </Badge>
    </div>
  )
}
