import { AppError } from './app-error'
import { MAX_PHOTO_BYTES } from './constants'

/** Room for the form around the photo: the boundaries and the part's headers. */
const FORM_ENVELOPE_BYTES = 16 * 1024
/** The largest request body an upload route takes: a photo in its form. Every other route keeps the JSON limit. */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_PHOTO_BYTES + FORM_ENVELOPE_BYTES

export const photoTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', `The photo is too large (limit ${MAX_PHOTO_BYTES / 1024 / 1024} MB)`)

/**
 * The paths whose handler reads its own multipart body (POST /api/orders/{id}/receipt). The
 * API's one body parser leaves their body unread for them and still refuses multipart everywhere
 * else; the request limits let their larger bodies through to the handler's own counting.
 */
const uploadPaths: RegExp[] = []

/** Declares a route an upload route; returns its path for the route's definition. */
export function uploadRoute<Path extends string>(prefix: string, path: Path): Path {
  uploadPaths.push(new RegExp(`^${(prefix + path).replace(/:[^/]+/g, '[^/]+')}$`))
  return path
}

export const isUploadPath = (pathname: string) => uploadPaths.some((pattern) => pattern.test(pathname))
