/** An object as stored: its bytes as a stream, with what it is and how big. */
export type StoredObject = { body: ReadableStream<Uint8Array>; contentType: string; bytes: number }

/**
 * Where uploaded files live, behind one small interface: the database by default, an
 * S3-compatible bucket when configured. Keys are ours (`orders/<id>/receipt/<uuid>.jpg`), never a
 * name a client sent; objects are never public, the API serves them to whoever may see them.
 */
export interface ObjectStore {
  put(key: string, body: Uint8Array | ReadableStream<Uint8Array>, contentType: string): Promise<void>
  /** null when there is no such object. */
  get(key: string): Promise<StoredObject | null>
  /** Deleting an object that is not there is not an error. */
  delete(key: string): Promise<void>
}
