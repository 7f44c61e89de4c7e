import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { PublicUser } from '../../../modules/accounts/contract'
import { displayName, initials } from '../../features/accounts/identity'
import { ButtonLink } from '../../ui/button'
import { Card } from '../../ui/card'
import { Badge } from '../../ui/status-badge'

const ROLE_BADGES: Record<string, MessageDescriptor> = { buyer: msg`Buyer`, runner: msg`Runner` }

/** What the notice says about a phone a code has not proved yet. */
const UNPROVEN_PHONE: Record<Exclude<PublicUser['phoneStatus'], 'verified'>, MessageDescriptor> = {
  unverified: msg`Your phone number is not verified.`,
  unconfirmed: msg`Your phone number is saved but not confirmed by SMS.`,
}

/** Who is signed in (spec 001 §2): avatar initials, name, e-mail and role badges. */
export function ProfileSummary({ user }: { user: PublicUser }) {
  const { t, i18n } = useLingui()
  return (
    <Card className="profile-summary" aria-labelledby="profile-name">
      <span className="profile-summary__avatar" aria-hidden="true">
        {initials(user)}
      </span>
      <div className="profile-summary__text">
        <h1 id="profile-name">{displayName(user)}</h1>
        {user.email && <p className="meta profile-summary__email">{user.email}</p>}
        {user.roles.length > 0 && (
          <ul className="profile-summary__roles" aria-label={t`Roles`}>
            {user.roles.map((role) => (
              <Badge key={role} as="li" className="badge--caps">
                {ROLE_BADGES[role] ? i18n._(ROLE_BADGES[role]) : role}
              </Badge>
            ))}
          </ul>
        )}
      </div>
      {user.phoneStatus !== 'verified' && (
        <p className="profile-summary__notice">
          <span>{i18n._(UNPROVEN_PHONE[user.phoneStatus])}</span>
          <ButtonLink to="/phone-verification" size="small">
            <Trans>Verify phone</Trans>
          </ButtonLink>
        </p>
      )}
    </Card>
  )
}
