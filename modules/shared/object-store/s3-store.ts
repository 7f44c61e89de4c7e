import type { ObjectStore } from './object-store'

export type S3Settings = { bucket: string; accessKeyId: string; secretAccessKey: string; endpoint?: string; region?: string }

/** An S3-compatible bucket through Bun's own S3 client: AWS, R2, MinIO, Spaces. */
export function s3ObjectStore(settings: S3Settings): ObjectStore {
  const client = new Bun.S3Client(settings)
  return {
    async put(key, body, contentType) {
      // A stream goes up as it is read; Bun's client switches to a multipart upload for large bodies.
      await client.write(key, body instanceof ReadableStream ? new Response(body) : body, { type: contentType })
    },
    async get(key) {
      const file = client.file(key)
      try {
        const { size, type } = await file.stat()
        return { body: file.stream(), contentType: type, bytes: size }
      } catch (error) {
        if ((error as { code?: string }).code === 'NoSuchKey' || (error as { code?: string }).code === 'NotFound') return null
        throw error
      }
    },
    async delete(key) {
      await client.delete(key)
    },
  }
}
