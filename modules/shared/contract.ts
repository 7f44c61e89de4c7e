// The browser's door into the shared kernel: pure values and schemas, nothing that needs a server.
export * from './constants'
export { ERROR_CODES, type ErrorCode } from './error-codes'
export { type Coordinates, distanceMiles } from './geo'
export * from './languages'
export * from './money'
export * from './phone'
export * from './text'
export * from './time-zone'
