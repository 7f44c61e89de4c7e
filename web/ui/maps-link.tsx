import { Trans } from '@lingui/react/macro'
import { Icon } from './icon'

/**
 * Google Maps' cross-platform search URL (developers.google.com/maps/documentation/urls): Android
 * opens it in the Maps app, iOS in Google Maps when installed and otherwise in Safari's Google
 * Maps, which offers the route too. maps.apple.com opens Apple Maps on an iPhone but only a web
 * page on Android, and geo: works on Android alone, so this is the one link both phones follow.
 */
export const mapsSearchUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`

/**
 * 'Open in Maps' for an address, in the phone's maps app. `place` follows for screen readers
 * ('Open in Maps: Patel Family Grocers'), after the words shown, so a voice command saying them still finds it.
 */
export function MapsLink({ address, place }: { address: string; place: string }) {
  return (
    <a href={mapsSearchUrl(address)} className="maps-link" target="_blank" rel="noopener noreferrer">
      <Icon name="mapPin" className="icon icon--small" />
      <Trans>
        Open in Maps<span className="visually-hidden">: {place}</span>
      </Trans>
    </a>
  )
}
