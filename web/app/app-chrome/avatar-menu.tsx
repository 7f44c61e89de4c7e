import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import type { PublicUser } from '../../../modules/accounts/contract'
import { useChooseLanguage } from '../../features/accounts/api/use-choose-language'
import { useLogout } from '../../features/accounts/api/use-logout'
import { displayName, initials } from '../../features/accounts/identity'
import { LanguageSelect } from '../../i18n/language-select'
import { Icon } from '../../ui/icon'
import type { IconName } from '../../ui/icon-paths'
import { useMenu } from './use-menu'

/** The menu's ways to other screens, in order (Settings is the profile screen too): reached by the arrow keys, not by Tab. */
const MENU_LINKS: { to: '/profile' | '/notifications' | '/earnings'; icon: IconName; label: MessageDescriptor; runnersOnly?: boolean }[] = [
  { to: '/profile', icon: 'user', label: msg`Profile` },
  { to: '/notifications', icon: 'bell', label: msg`Notifications` },
  { to: '/earnings', icon: 'tag', label: msg`Earnings`, runnersOnly: true },
  { to: '/profile', icon: 'settings', label: msg`Settings` },
]

/** Who is signed in, with Profile, Settings and Sign out (spec 001 §2), and the ways to the Notification Center and, for runners, Earnings. */
export function AvatarMenu({ user }: { user: PublicUser }) {
  const { t, i18n } = useLingui()
  const menu = useMenu()
  const menuId = useId()
  // Spec 000 §4: the shell's sign-out ends at /app whether or not the server answered.
  const logout = useLogout('/app')
  const chooseLanguage = useChooseLanguage()
  const name = displayName(user)
  const userInitials = initials(user)
  const closeAfterChoice = () => menu.close({ refocus: false })

  return (
    <div className="avatar-menu" ref={menu.rootRef}>
      {/* The initials it shows end its name, so someone using voice control can say them (WCAG 2.5.3). */}
      <button
        type="button"
        className="avatar-menu__button"
        aria-label={t`Account menu, ${name}, ${userInitials}`}
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
          {/* A form control, not a menu item: the arrow keys choose a language inside it. */}
          <LanguageSelect className="avatar-menu__language" onChoose={chooseLanguage} />
          <div id={menuId} role="menu" aria-label={t`Account`} ref={menu.menuRef} onKeyDown={menu.onMenuKeyDown}>
            {MENU_LINKS.filter((link) => !link.runnersOnly || user.roles.includes('runner')).map(({ to, icon, label }) => (
              <Link key={icon} to={to} role="menuitem" tabIndex={-1} className="avatar-menu__item" onClick={closeAfterChoice}>
                <Icon name={icon} />
                {i18n._(label)}
              </Link>
            ))}
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
              {logout.isPending ? <Trans>Signing out…</Trans> : <Trans>Sign out</Trans>}
            </button>
          </div>
        </div>
      )}
    </div>
  )
}
