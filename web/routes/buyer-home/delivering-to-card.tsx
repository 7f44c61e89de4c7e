import { Trans, useLingui } from '@lingui/react/macro'
import type { PublicUser } from '../../../modules/accounts/contract'
import { ButtonLink } from '../../ui/button'
import { Card } from '../../ui/card'
import { Icon, IconTile } from '../../ui/icon'

/** "Edison, NJ 08817", or null when the profile has no place at all. */
function deliveryPlace({ city, state, zipCode }: Pick<PublicUser, 'city' | 'state' | 'zipCode'>): string | null {
  const line = [[city, state].filter(Boolean).join(', '), zipCode].filter(Boolean).join(' ')
  return line || null
}

/** Edit goes to the profile page, which is where the address is changed (the spec leaves the button's action open). */
export function DeliveringToCard({ user }: { user: PublicUser }) {
  const { t } = useLingui()
  return (
    <Card compact className="row row--center delivering-to" aria-label={t`Delivery location`}>
      <IconTile name="mapPin" />
      <div className="delivering-to__text">
        <p className="meta meta--small meta--strong">
          <Trans>Delivering to</Trans>
        </p>
        <p className="delivering-to__place">{deliveryPlace(user) ?? t`Location not set`}</p>
      </div>
      <ButtonLink to="/profile" variant="ghost" size="small" aria-label={t`Edit delivery location`}>
        <Icon name="pencil" className="icon icon--small" />
        <Trans>Edit</Trans>
      </ButtonLink>
    </Card>
  )
}
