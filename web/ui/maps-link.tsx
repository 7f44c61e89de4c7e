import { useLingui } from '@lingui/react/macro'
import { Icon } from './icon'

/**
 * Google Maps' cross-platform search URL (developers.google.com/maps/documentation/urls): Android
 * opens it in the Maps app, iOS in Google Maps when installed and otherwise in Safari's Google
 * Maps, which offers the route too. maps.apple.com opens Apple Maps on an iPhone but only a web
 * page on Android, and geo: works on Android alone, so this is the one link both phones follow.
 */
export const mapsSearchUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`

/** 'Open in Maps' for an address, in the phone's maps app; `place` names it for screen readers ('Open Patel Family Grocers in Maps'). */
export function MapsLink({ address, place }: { address: string; place: string }) {
  const { t } = useLingui()
  return (
    <a href={mapsSearchUrl(address)} className="maps-link" target="_blank" rel="noopener noreferrer" aria-label={t`Open ${place} in Maps`}>
      <Icon name="mapPin" className="icon icon--small" />
      {t`Open in Maps`}
    </a>
  )
}
