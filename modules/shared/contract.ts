// The browser's door into the shared kernel: pure values and schemas, nothing that needs a server.
export * from './constants'
export * from './phone'
export * from './money'
export { distanceMiles, type Coordinates } from './geo'
