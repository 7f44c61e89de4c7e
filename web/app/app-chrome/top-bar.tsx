import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { PublicUser } from '../../../modules/accounts/contract'
import { BRAND_NAME } from '../../../modules/shared/contract'
import { BrandMark } from '../../ui/brand'
import { AvatarMenu } from './avatar-menu'
import { BellButton } from './bell-button'
import { CartButton } from './cart-button'

export function TopBar({ user }: { user: PublicUser | null }) {
  return (
    <header className="header-bar top-bar">
      <div className="top-bar__inner">
        <Link to="/buyer" className="brand top-bar__brand">
          <BrandMark />
          <span className="top-bar__brand-text">
            <span className="top-bar__brand-name">{BRAND_NAME}</span>
            <span className="top-bar__tagline">
              <Trans>Your Local Indian Market</Trans>
            </span>
          </span>
        </Link>
        <div className="top-bar__actions">
          <CartButton />
          <BellButton />
          {user && <AvatarMenu user={user} />}
        </div>
      </div>
    </header>
  )
}
