import type { SessionPlugin } from '../accounts/index'
import type { ModuleDeps } from '../shared/index'
import { catalogRoutes } from './routes'

/** Only what other modules' foreign keys need. */
export { stores } from './schema'
export { availableItemsByIds, getStore } from './stores'
export { nearbyStores } from './nearby'
export { listStores } from './listing'
export { seedDemoCatalog, catalogIsEmpty, demoCatalogFingerprint } from './demo'
export { DEMO_PRODUCTS } from './demo-data/products'
export { importStores, locateStoreRecord, storeRecordSchema, itemRecordSchema, type StoreRecord, type LocatedStoreRecord, type ImportCounts } from './import'
export { CATALOG_CATEGORIES, type Store, type NearbyStore, type CatalogItem } from './contract'

/** Stores, their shelves and the nearby search. */
export function catalogModule({ db }: ModuleDeps, session: SessionPlugin) {
  return catalogRoutes(db, session)
}
