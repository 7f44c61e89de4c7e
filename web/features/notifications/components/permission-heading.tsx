import { PERMISSION_LABEL, type PermissionState } from '../permission'

/** A permission card's heading with the browser's answer beside it, as the centre and the test page both show it. */
export function PermissionHeading({ id, title, permission }: { id: string; title: string; permission: PermissionState }) {
  return (
    <div className="notification-permission__head">
      <h2 id={id} className="notification-centre__heading">
        {title}
      </h2>
      <p className={`permission-badge permission-badge--${permission}`}>
        <span className="visually-hidden">Status: </span>
        {PERMISSION_LABEL[permission]}
      </p>
    </div>
  )
}
