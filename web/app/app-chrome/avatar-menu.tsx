import { Link } from '@tanstack/react-router'
import { type ReactNode, useId } from 'react'
import type { PublicUser } from '../../../modules/accounts/contract'
import { useLogout } from '../../features/accounts/api/use-logout'
import { displayName, initials } from '../../features/accounts/identity'
import { Icon } from '../../ui/icon'
import type { IconName } from '../../ui/icon-paths'
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
            <MenuLink to="/profile" icon="user" onChoose={closeAfterChoice}>
              Profile
            </MenuLink>
            <MenuLink to="/notifications" icon="bell" onChoose={closeAfterChoice}>
              Notifications
            </MenuLink>
            {user.roles.includes('runner') && (
              <MenuLink to="/earnings" icon="tag" onChoose={closeAfterChoice}>
                Earnings
              </MenuLink>
            )}
            <MenuLink to="/profile" icon="settings" onChoose={closeAfterChoice}>
              Settings
            </MenuLink>
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

/** One way to a screen in the menu: reached by the menu's arrow keys, not by Tab, and closing the menu when chosen. */
function MenuLink({
  to,
  icon,
  onChoose,
  children,
}: {
  to: '/profile' | '/notifications' | '/earnings'
  icon: IconName
  onChoose: () => void
  children: ReactNode
}) {
  return (
    <Link to={to} role="menuitem" tabIndex={-1} className="avatar-menu__item" onClick={onChoose}>
      <Icon name={icon} />
      {children}
    </Link>
  )
}
