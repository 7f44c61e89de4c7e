import { brotliCompressSync, constants } from 'node:zlib'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database, Listen } from '../../db/database'
import { type ContentEncoding, isUuid, notFound } from '../shared/index'
import { STORE_NOT_FOUND } from './contract'
import { stores } from './schema'
import { availableItems } from './stores'

/** Catalog writes say which stores changed on this channel, so every instance drops its copies. */
const SHELF_CHANGED_CHANNEL = 'kirana_shelf_changed'
/** Even with no word from the channel (a dropped connection), a copy is checked against the database this often. */
const VERIFY_EVERY_MS = 10_000
/** Copies kept at most: a metro's stores, each a few hundred kilobytes in its three encodings. */
const MAX_SHELVES = 500

/** One store's shelf at one version: serialized once, compressed once per encoding, with a strong ETag per encoding. */
export type Shelf = { version: number; bodies: Record<ContentEncoding, Uint8Array<ArrayBuffer>>; etags: Record<ContentEncoding, string>; verifiedAt: number }

const caches = new WeakMap<Database, Map<string, Shelf>>()
const cacheOf = (db: Database) => {
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new Map()))
  return cache
}

async function storeVersion(db: Database, storeId: string): Promise<number> {
  if (!isUuid(storeId)) throw notFound(STORE_NOT_FOUND, 'STORE_NOT_FOUND')
  const [row] = await db
    .select({ version: stores.catalogVersion })
    .from(stores)
    .where(and(eq(stores.id, storeId), eq(stores.isActive, true)))
  if (!row) throw notFound(STORE_NOT_FOUND, 'STORE_NOT_FOUND')
  return row.version
}

async function buildShelf(db: Database, storeId: string, version: number): Promise<Shelf> {
  const json = new TextEncoder().encode(JSON.stringify(await availableItems(db, storeId)))
  const digest = new Bun.CryptoHasher('sha256').update(json).digest('hex').slice(0, 16)
  // A strong ETag names exact bytes, so each encoding has its own.
  const tag = (encoding: ContentEncoding) => `"${version}-${digest}${encoding === 'identity' ? '' : `-${encoding}`}"`
  return {
    version,
    bodies: {
      identity: json,
      gzip: Bun.gzipSync(json),
      br: new Uint8Array(brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })),
    },
    etags: { identity: tag('identity'), gzip: tag('gzip'), br: tag('br') },
    verifiedAt: performance.now(),
  }
}

/**
 * A store's shelf as sent. The copy stands until a catalog write changes the store's version:
 * the write's notice drops it at once, and a copy not checked for 10 s is checked against the
 * version before it is served, so a missed notice costs at most that.
 */
export async function shelfOf(db: Database, listen: Listen, storeId: string): Promise<Shelf> {
  const cache = cacheOf(db)
  listenOnce(db, listen)
  const cached = cache.get(storeId)
  if (cached && performance.now() - cached.verifiedAt < VERIFY_EVERY_MS) return cached
  const version = await storeVersion(db, storeId)
  if (cached?.version === version) {
    cached.verifiedAt = performance.now()
    return cached
  }
  const shelf = await buildShelf(db, storeId, version)
  cache.delete(storeId)
  cache.set(storeId, shelf)
  if (cache.size > MAX_SHELVES) cache.delete(cache.keys().next().value!)
  return shelf
}

/** Whether the client's If-None-Match names this shelf, in any encoding (the bytes under each are the same items). */
export function isCurrent(shelf: Shelf, ifNoneMatch: string | null) {
  if (!ifNoneMatch) return false
  const known = new Set(Object.values(shelf.etags))
  return ifNoneMatch === '*' || ifNoneMatch.split(',').some((tag) => known.has(tag.trim().replace(/^W\//, '')))
}

/** In a catalog write's transaction: the stores' versions move on, and every instance hears it when it commits. */
export async function markShelvesChanged(tx: Database, storeIds: readonly string[]) {
  if (storeIds.length === 0) return
  await tx
    .update(stores)
    .set({ catalogVersion: sql`${stores.catalogVersion} + 1` })
    .where(inArray(stores.id, [...storeIds]))
  for (const id of storeIds) await tx.execute(sql`select pg_notify(${SHELF_CHANGED_CHANNEL}, ${id})`)
}

const listening = new WeakSet<Database>()

/**
 * Drops this process's copies of the shelves a write changed, as the notices arrive; started with
 * the first copy. If listening fails, copies still go within the 10 s check.
 */
function listenOnce(db: Database, listen: Listen) {
  if (listening.has(db)) return
  listening.add(db)
  listen(SHELF_CHANGED_CHANNEL, (storeId) => cacheOf(db).delete(storeId)).catch((error) => {
    listening.delete(db)
    console.error(`Listening for shelf changes failed; copies are checked every ${VERIFY_EVERY_MS / 1000} s instead: ${(error as Error).message}`)
  })
}

/** After an import in this process, every copy goes at once. */
export function forgetShelves(db: Database) {
  caches.delete(db)
}
