import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Language } from '../../../modules/shared/contract'
import { formatList } from '../../i18n/format'
import { Card } from '../../ui/card'

/** Where notifications work (000 §2), as the browsers ship them today: their names as they ship, joined in the language on screen. */
const SUPPORTED = msg`Supported`
const BROWSERS = [
  { names: ['Chrome', 'Edge', 'Opera'], where: msg`Windows, macOS, Linux and Android`, support: SUPPORTED },
  { names: ['Firefox'], where: msg`Windows, macOS, Linux and Android`, support: SUPPORTED },
  { names: ['Safari'], where: msg`macOS 13 or later`, support: SUPPORTED },
  { names: ['Safari'], where: msg`iPhone and iPad, iOS 16.4 or later`, support: msg`After Add to Home Screen, from the installed app` },
  { names: ['Samsung Internet'], where: msg`Android`, support: SUPPORTED },
] as const

/** What this browser has, of what notifications need. */
function thisBrowser() {
  return [
    { name: msg`Notifications`, present: 'Notification' in window },
    { name: msg`Service worker`, present: 'serviceWorker' in navigator },
    { name: msg`Push messaging`, present: 'PushManager' in window },
  ]
}

export function CompatibilityList() {
  const { i18n } = useLingui()
  return (
    <Card className="notification-compatibility" aria-labelledby="notification-compatibility-title">
      <h2 id="notification-compatibility-title" className="notification-centre__heading">
        <Trans>Browser compatibility</Trans>
      </h2>
      <ul className="notification-compatibility__list">
        {BROWSERS.map((browser) => (
          <li key={`${browser.names} ${browser.where.id}`}>
            <span className="notification-compatibility__name">{formatList(browser.names, 'conjunction', i18n.locale as Language)}</span>
            <span className="notification-compatibility__where">{i18n._(browser.where)}</span>
            <span className="notification-compatibility__support">{i18n._(browser.support)}</span>
          </li>
        ))}
      </ul>
      <h3 className="notification-compatibility__subheading">
        <Trans>This browser</Trans>
      </h3>
      <ul className="notification-compatibility__checks">
        {thisBrowser().map((feature) => (
          <li key={feature.name.id} className={feature.present ? 'is-present' : 'is-missing'}>
            <FeatureLine name={i18n._(feature.name)} present={feature.present} />
          </li>
        ))}
      </ul>
    </Card>
  )
}

function FeatureLine({ name, present }: { name: string; present: boolean }) {
  return present ? <Trans>{name}: available</Trans> : <Trans>{name}: not available</Trans>
}
