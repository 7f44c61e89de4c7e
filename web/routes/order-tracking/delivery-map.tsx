import L from 'leaflet'
import leafletCss from 'leaflet/dist/leaflet.css' with { type: 'text' }
import { useEffect, useRef } from 'react'
import type { MapSettings } from '../../../modules/tracking/contract'

/** One point on the map, with the words of its label: a name and, for the store and the home, the street. */
export type MapPlace = { latitude: number; longitude: number; name: string; street?: string }

export type DeliveryMapProps = { store: MapPlace; home: MapPlace; runner: MapPlace | null; tiles: MapSettings }

const STYLE_ID = 'leaflet-stylesheet'
const RUNNER_PANE = 'runner'
const LABEL_SIDES = {
  store: { direction: 'left', offset: [-8, 0] },
  home: { direction: 'right', offset: [8, 0] },
  runner: { direction: 'top', offset: [0, -8] },
} as const satisfies Record<string, L.TooltipOptions>
/** Room beside the points for their labels (a label is at most 9rem wide), above for the runner's, and below for the scale. */
const LABEL_ROOM = { paddingTopLeft: [150, 40], paddingBottomRight: [150, 56] } as const satisfies L.FitBoundsOptions
/** Close enough to read the streets, never so close that the three points crowd one corner. */
const MAX_ZOOM = 16

/** Leaflet's own rules, on the page once: they travel in this chunk, so the app's stylesheet stays without them. */
function addLeafletStylesheet() {
  if (document.getElementById(STYLE_ID)) return
  document.head.append(Object.assign(document.createElement('style'), { id: STYLE_ID, textContent: leafletCss }))
}

/** A label as DOM text, never HTML: the store's and the buyer's addresses are typed by people. */
function labelOf(place: MapPlace): HTMLElement {
  const label = document.createElement('span')
  const name = Object.assign(document.createElement('strong'), { textContent: place.name })
  label.append(name)
  if (place.street) label.append(Object.assign(document.createElement('span'), { textContent: place.street }))
  return label
}

function pointOf(place: MapPlace, kind: 'store' | 'home' | 'runner') {
  const marker = L.circleMarker([place.latitude, place.longitude], {
    radius: kind === 'runner' ? 9 : 7,
    className: `delivery-map__point delivery-map__point--${kind}`,
    interactive: false,
    // The runner's mark over every label: where they are matters more than a street name it passes under.
    ...(kind === 'runner' && { pane: RUNNER_PANE }),
  })
  return marker.bindTooltip(labelOf(place), {
    permanent: true,
    // Apart from one another as a drive usually lays them out (the store and the home a few streets
    // apart, the runner anywhere between or beyond), and clear of the point so the arrow does not cut into it.
    ...LABEL_SIDES[kind],
    className: `delivery-map__label delivery-map__label--${kind}`,
  })
}

/**
 * The store, the runner (once they picked up) and the home, with their labels and a scale. Tiles
 * only from the operator's MAP_TILE_URL; without it, a plain background and no request anywhere.
 * The map follows the runner: each new point moves their mark and the view keeps all three in sight.
 */
export default function DeliveryMap({ store, home, runner, tiles }: DeliveryMapProps) {
  const container = useRef<HTMLDivElement>(null)
  const map = useRef<L.Map | null>(null)
  const runnerMark = useRef<L.CircleMarker | null>(null)

  useEffect(() => {
    addLeafletStylesheet()
    // No zoom buttons: on a phone they sat on the labels, and the words beside the map carry what it shows.
    // Pinching, a double tap and the keyboard's + and - still zoom; the page's scroll never does.
    const drawn = L.map(container.current!, { attributionControl: false, zoomControl: false, scrollWheelZoom: false, zoomSnap: 0.5 })
    if (tiles.tileUrl) L.tileLayer(tiles.tileUrl, { maxZoom: 19 }).addTo(drawn)
    if (tiles.tileUrl && tiles.attribution) L.control.attribution({ prefix: false }).addAttribution(escapeText(tiles.attribution)).addTo(drawn)
    // Above Leaflet's tooltips (650) and below its popups (700).
    drawn.createPane(RUNNER_PANE).style.zIndex = '660'
    // The stores are in the US, where distances are told in miles.
    L.control.scale({ metric: false, imperial: true }).addTo(drawn)
    pointOf(store, 'store').addTo(drawn)
    pointOf(home, 'home').addTo(drawn)
    map.current = drawn
    return () => {
      drawn.remove()
      map.current = null
      runnerMark.current = null
    }
  }, [store, home, tiles])

  useEffect(() => {
    const drawn = map.current
    if (!drawn) return
    if (runner && runnerMark.current) runnerMark.current.setLatLng([runner.latitude, runner.longitude])
    else if (runner) runnerMark.current = pointOf(runner, 'runner').addTo(drawn)
    else {
      runnerMark.current?.remove()
      runnerMark.current = null
    }
    const points = [store, home, ...(runner ? [runner] : [])].map((place) => L.latLng(place.latitude, place.longitude))
    drawn.fitBounds(L.latLngBounds(points), { ...LABEL_ROOM, maxZoom: MAX_ZOOM })
  }, [store, home, runner])

  return <div ref={container} className="delivery-map__canvas" />
}

/** Leaflet puts attributions in as HTML; the operator's credit is plain text. */
function escapeText(text: string) {
  const element = document.createElement('span')
  element.textContent = text
  return element.innerHTML
}
