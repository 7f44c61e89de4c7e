import { eq } from 'drizzle-orm'
import type { Database } from '../../../db/database'
import { storedObjects } from '../schema'
import type { ObjectStore } from './object-store'

/** The embedded store: each object one row of the database the app already has (see storedObjects). */
export function databaseObjectStore(db: Database): ObjectStore {
  return {
    async put(key, body, contentType) {
      // A row is written whole, so a stream is gathered first; photos reach here already capped at 5 MB.
      const data = body instanceof ReadableStream ? await Bun.readableStreamToBytes(body) : body
      const row = { contentType, bytes: data.byteLength, data }
      await db
        .insert(storedObjects)
        .values({ key, ...row })
        .onConflictDoUpdate({ target: storedObjects.key, set: row })
    },
    async get(key) {
      const [row] = await db.select().from(storedObjects).where(eq(storedObjects.key, key))
      if (!row) return null
      return { body: new Blob([row.data as Uint8Array<ArrayBuffer>]).stream(), contentType: row.contentType, bytes: row.bytes }
    },
    async delete(key) {
      await db.delete(storedObjects).where(eq(storedObjects.key, key))
    },
  }
}
