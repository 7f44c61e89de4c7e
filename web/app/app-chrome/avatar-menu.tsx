import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import type { PublicUser } from '../../../modules/accounts/contract'
import { useLogout } from '../../features/accounts/api/use-logout'
import { displayName, initials } from '../../features/accounts/identity'
import { Icon } from '../../ui/icon'
import { useMenu } from './use-menu'

/** Who is signed in, with Profile, Settings and Sign out (spec 001 §2), and the ways to the Notification Center and, for runners, Earnings. */
export function AvatarMenu({ user }: { user: PublicUser }) {
  const menu = useMenu()
  const menuId = useId()
  // Spec 000 §4: the shell's sign-out ends at /app whether or not the server answered.
  const logout = useLogout('/app')
  const name = displayName(user)
  const closeAfterChoice = () => menu.close({ refocus: false })

  return (
    <div className="avatar-menu" ref={menu.rootRef}>
      {/* The initials it shows end its name, so someone using voice control can say them (WCAG 2.5.3). */}
      <button
        type="button"
        className="avatar-menu__button"
        aria-label={`Account menu, ${name}, ${initials(user)}`}
        aria-controls={menu.open ? menuId : undefined}
        {...menu.buttonProps}
      >
        <span aria-hidden="true">{initials(user)}</span>
      </button>
      {menu.open && (
        <div className="avatar-menu__panel">
          <div className="avatar-menu__identity">
            <p className="avatar-menu__name">{name}</p>
            {user.email && <p className="meta avatar-menu__email">{user.email}</p>}
          </div>
          <div id={menuId} role="menu" aria-label="Account" ref={menu.menuRef} onKeyDown={menu.onMenuKeyDown}>
            <Link to="/profile" role="menuitem" tabIndex={-1} className="avatar-menu__item" onClick={closeAfterChoice}>
              <Icon name="user" />
              Profile
            </Link>
            <Link to="/notifications" role="menuitem" tabIndex={-1} className="avatar-menu__item" onClick={closeAfterChoice}>
              <Icon name="bell" />
              Notifications
            </Link>
            {user.roles.includes('runner') && (
              <Link to="/earnings" role="menuitem" tabIndex={-1} className="avatar-menu__item" onClick={closeAfterChoice}>
                <Icon name="tag" />
                Earnings
              </Link>
            )}
            <Link to="/profile" role="menuitem" tabIndex={-1} className="avatar-menu__item" onClick={closeAfterChoice}>
              <Icon name="settings" />
              Settings
            </Link>
            <hr className="avatar-menu__separator" />
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="avatar-menu__item avatar-menu__item--danger"
              aria-disabled={logout.isPending}
              onClick={() => logout.isPending || logout.mutate()}
            >
              <Icon name="logOut" />
              {logout.isPending ? 'Signing out…' : 'Sign out'}
            </button>
          </div>
        </div>
      )}
    </div>
  )
}
