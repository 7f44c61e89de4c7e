import { Card } from '../../ui/card'

/** Where notifications work (000 §2), as the browsers ship them today. */
const BROWSERS = [
  { name: 'Chrome, Edge and Opera', where: 'Windows, macOS, Linux and Android', support: 'Supported' },
  { name: 'Firefox', where: 'Windows, macOS, Linux and Android', support: 'Supported' },
  { name: 'Safari', where: 'macOS 13 or later', support: 'Supported' },
  { name: 'Safari', where: 'iPhone and iPad, iOS 16.4 or later', support: 'After Add to Home Screen, from the installed app' },
  { name: 'Samsung Internet', where: 'Android', support: 'Supported' },
] as const

/** What this browser has, of what notifications need. */
function thisBrowser() {
  return [
    { name: 'Notifications', present: 'Notification' in window },
    { name: 'Service worker', present: 'serviceWorker' in navigator },
    { name: 'Push messaging', present: 'PushManager' in window },
  ]
}

export function CompatibilityList() {
  return (
    <Card className="notification-compatibility" aria-labelledby="notification-compatibility-title">
      <h2 id="notification-compatibility-title" className="notification-centre__heading">
        Browser compatibility
      </h2>
      <ul className="notification-compatibility__list">
        {BROWSERS.map((browser) => (
          <li key={`${browser.name} ${browser.where}`}>
            <span className="notification-compatibility__name">{browser.name}</span>
            <span className="notification-compatibility__where">{browser.where}</span>
            <span className="notification-compatibility__support">{browser.support}</span>
          </li>
        ))}
      </ul>
      <h3 className="notification-compatibility__subheading">This browser</h3>
      <ul className="notification-compatibility__checks">
        {thisBrowser().map((feature) => (
          <li key={feature.name} className={feature.present ? 'is-present' : 'is-missing'}>
            {feature.name}: {feature.present ? 'available' : 'not available'}
          </li>
        ))}
      </ul>
    </Card>
  )
}
