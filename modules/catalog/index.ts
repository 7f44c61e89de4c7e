import type { Listen } from '../../db/database'
import type { SessionPlugin } from '../accounts/index'
import type { ModuleDeps } from '../shared/index'
import { LOCAL_NAME_LANGUAGES } from './contract/local-names'
import { asapClosedReason, openingText, openStatusText, storeClosedMessage } from './contract/open-status'
import { isOpenAt, nextChange, parseWeeklyHours } from './contract/weekly-hours'
import { catalogIsEmpty, demoCatalogFingerprint, seedDemoCatalog } from './demo'
import { DEMO_PRODUCTS } from './demo-data/products'
import { importStores, locateStoreRecord, storeRecordSchema } from './import'
import { catalogRoutes } from './routes'
import { closeStore, reopenStore, setStoreHours, storeHoursOf, storesNamed } from './store-hours'

export { CATALOG_CATEGORIES, type CatalogItem, type Store } from './contract'
export type { Schedule, WeeklyHours } from './contract/weekly-hours'
export { type DeliveryWindow, offeredWindows, windowLabel, windowStartingAt } from './delivery-windows'
export type { ImportCounts, LocatedStoreRecord, StoreRecord } from './import'
export { listStores } from './listing'
/** Only what other modules' foreign keys need. */
export { stores } from './schema'
export type { NamedStore } from './store-hours'
export { storeSchedules } from './store-schedules'
export { availableItemsByIds, storeWithSchedule } from './stores'

/** Support's desk for a store's hours (the CLI): find a store by name, read its hours, set them, close it for days and open it again. */
export const storeHours = { storesNamed, storeHoursOf, setStoreHours, closeStore, reopenStore }

/** What buyers and support are told of a store's open status, and why an order for now is refused when it closes too soon. */
export const openStatus = { openStatusText, openingText, asapClosedReason, storeClosedMessage }

/** The stores' rules of weekly hours, which runners' own hours follow too. */
export const weeklyHours = { parseWeeklyHours, isOpenAt, nextChange }

/** The demo stores a newcomer's database starts with, and the products the bench's catalog is drawn from. */
export const demoCatalog = { catalogIsEmpty, demoCatalogFingerprint, seedDemoCatalog, DEMO_PRODUCTS }

/** Stores brought in from a file: each record checked, placed on the map, and written with its shelf; items may carry names in these languages. */
export const storeImport = { storeRecordSchema, locateStoreRecord, importStores, localNameLanguages: LOCAL_NAME_LANGUAGES }

/** Stores, their shelves and the nearby search. Shelf copies are dropped when any instance changes a catalog. */
export function catalogModule({ db, clock }: ModuleDeps, session: SessionPlugin, listen: Listen) {
  return catalogRoutes(db, clock, session, listen)
}
