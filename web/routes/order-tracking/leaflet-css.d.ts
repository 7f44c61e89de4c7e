/** Leaflet's stylesheet, imported as text by the tracking map's chunk (delivery-map.tsx) and put on the page when it first draws. */
declare module 'leaflet/dist/leaflet.css' {
  const css: string
  export default css
}
