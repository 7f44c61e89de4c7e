// Orders' door for the browser: the state machine's rules, the labels of 001 §4, and the order as the API sends it.
// Each idea lives in its own file under contract/; this file is the one the browser and other contracts import.
export * from './contract/lines'
export * from './contract/order'
export * from './contract/photos'
export * from './contract/ratings'
export * from './contract/status'
