import type { Listen } from '../../db/database'
import type { SessionPlugin } from '../accounts/index'
import type { ModuleDeps } from '../shared/index'
import { catalogRoutes } from './routes'

export { CATALOG_CATEGORIES, type CatalogItem, type NearbyStore, type Store } from './contract'
export { type AsapRefusal, asapClosedReason, openingText, openStatusText, storeClosedMessage } from './contract/open-status'
export {
  ALWAYS_OPEN,
  type Closure,
  formatWeeklyHours,
  HoursFormatError,
  type Interval,
  isOpenAt,
  isTimeZone,
  localDay,
  nextChange,
  openIntervals,
  parseWeeklyHours,
  type Schedule,
  type WeeklyHours,
} from './contract/weekly-hours'
export { type DeliveryWindow, type OfferedWindow, offeredWindows, windowLabel, windowStartingAt, windowsOf } from './delivery-windows'
export { catalogIsEmpty, demoCatalogFingerprint, seedDemoCatalog } from './demo'
export { DEMO_PRODUCTS } from './demo-data/products'
export { type ImportCounts, importStores, itemRecordSchema, type LocatedStoreRecord, locateStoreRecord, type StoreRecord, storeRecordSchema } from './import'
export { listStores } from './listing'
export { nearbyStores } from './nearby'
/** Only what other modules' foreign keys need. */
export { stores } from './schema'
export { closeStore, type NamedStore, reopenStore, setStoreHours, storeHoursOf, storesNamed } from './store-hours'
export { storeSchedules } from './store-schedules'
export { availableItemsByIds, getStore, storeWithSchedule } from './stores'

/** Stores, their shelves and the nearby search. Shelf copies are dropped when any instance changes a catalog. */
export function catalogModule({ db, clock }: ModuleDeps, session: SessionPlugin, listen: Listen) {
  return catalogRoutes(db, clock, session, listen)
}
