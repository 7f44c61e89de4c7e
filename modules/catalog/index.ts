export { stores, items } from './schema'
