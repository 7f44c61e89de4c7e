import type busboy from 'busboy'
import type { Metadata } from 'sharp'
import { AppError, badRequest } from './app-error'
import { MAX_PHOTO_BYTES, PHOTO_CONTENT_TYPES } from './constants'
import { controlCharacterError, fieldWithControlCharacter, parseJsonBody } from './json-body'
import { MAX_UPLOAD_REQUEST_BYTES, photoTooLarge } from './upload-routes'

export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number]
/** A photo as we keep it: re-encoded from the upload's pixels, with none of its metadata. */
export type CleanPhoto = { bytes: Uint8Array; contentType: PhotoContentType; extension: 'jpg' | 'png' | 'webp' }

/** A form's text fields: a few, each at most a long paragraph (2,000 characters of any script). */
const MAX_FORM_FIELDS = 10
const MAX_FIELD_BYTES = 8 * 1024

/** A 48-megapixel phone photo fits; a small PNG that unpacks to gigabytes of pixels does not. */
const MAX_PHOTO_PIXELS = 64_000_000

/**
 * The most pixels a byte of upload may claim, read from the header before anything is decoded.
 * A JPEG whose frame header says 8000×8000 over a scan of a few hundred bytes is one libjpeg only
 * warns about (sharp's failOn 'error' takes it, as it must for the shoddy JPEGs some phones make),
 * then fills with grey: 64 megapixels of decoding for 267 bytes.
 * No photo compresses near 1,024 pixels a byte. A phone's JPEG of a plain receipt, sensor noise
 * and all, is nearer 40; even one colour over the whole frame, the most any picture compresses,
 * is 170 a byte as sharp's JPEG (4000×3000 in 71 KB), 340 as mozjpeg's progressive one, 300 as
 * a PNG at level 9 and 560 as a lossy WebP. And 1,024 is twice what a JPEG can hold at all with
 * Huffman coding, which cameras and browsers use: each 8×8 block costs at least a bit. Only one
 * colour as a lossless WebP (22,000 a byte) or as a palette or 1-bit PNG (1,000 and more), or an
 * arithmetic-coded JPEG, comes near it or past it, and none of them is a photograph. So a
 * 64-megapixel claim needs a file of 62.5 KB at least, where it needed 267 bytes.
 */
const MAX_PIXELS_PER_BYTE = 1_024

type PhotoLibraries = { busboy: typeof busboy; fileTypeFromBuffer: typeof import('file-type').fileTypeFromBuffer; sharp: typeof import('sharp').default }
let libraries: Promise<PhotoLibraries> | undefined

/**
 * The form parser, the sniffer and the image codec, loaded at the first upload: together they cost
 * about 200 ms of every start (sharp most, with its native library), and most starts see no photo
 * for a long while.
 */
function photoLibraries(): Promise<PhotoLibraries> {
  if (!libraries)
    libraries = Promise.all([import('busboy'), import('file-type'), import('sharp')]).then(([parser, sniffer, codec]) => ({
      busboy: parser.default,
      fileTypeFromBuffer: sniffer.fileTypeFromBuffer,
      sharp: codec.default,
    }))
  return libraries
}

const FORMATS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const

const notAPhoto = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The photo must be a JPEG, PNG or WebP image')
/** A JPEG, PNG or WebP by its bytes that will not decode as one: cut short, broken, or claiming more pixels than it holds. */
const damagedPhoto = () =>
  new AppError(415, 'PHOTO_DAMAGED', 'The photo could not be read: the file is damaged or too large for its size. Take the photo again.')
const tooManyPixels = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'The photo has too many pixels (limit 64 megapixels)')
const photoMissing = (field: string) => badRequest('Choose a photo to upload', 'PHOTO_REQUIRED', { [field]: 'Choose a photo to upload' })

/** Bytes of a known or capped size, gathered into one buffer as they arrive: the upload is held once. */
function byteSink(expected: number) {
  let buffer = new Uint8Array(Math.min(Math.max(expected, 64 * 1024), MAX_PHOTO_BYTES))
  let length = 0
  return {
    push(chunk: Uint8Array) {
      // Past the limit busboy truncates the file and emits 'limit', which refuses the upload.
      if (length + chunk.byteLength > MAX_PHOTO_BYTES) return
      if (length + chunk.byteLength > buffer.byteLength) {
        const grown = new Uint8Array(Math.min(Math.max(buffer.byteLength * 2, length + chunk.byteLength), MAX_PHOTO_BYTES))
        grown.set(buffer.subarray(0, length))
        buffer = grown
      }
      buffer.set(chunk, length)
      length += chunk.byteLength
    },
    bytes: () => buffer.subarray(0, length),
  }
}

/**
 * Reads a multipart/form-data request: the file of `field`, refused as soon as it passes
 * MAX_PHOTO_BYTES (a declared length is checked before a byte is read, and the body is counted as
 * it arrives), and the text fields beside it. Only that one file is kept; other files are skipped.
 */
async function readForm(request: Request, field: string): Promise<{ file: Uint8Array | null; fields: Record<string, string> }> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data\b/i.test(contentType.trim())) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the photo as multipart/form-data')
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > MAX_UPLOAD_REQUEST_BYTES) throw photoTooLarge()
  if (!request.body) throw photoMissing(field)
  const { busboy } = await photoLibraries()

  let failure: AppError | null = null
  let sink: ReturnType<typeof byteSink> | null = null
  let photoRead: Promise<unknown> = Promise.resolve()
  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fileSize: MAX_PHOTO_BYTES, fields: MAX_FORM_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: MAX_FORM_FIELDS + 1 },
    })
  } catch {
    throw badRequest('The form could not be read', 'INVALID_FORM')
  }
  // No prototype: a field named __proto__ is just a field.
  const fields: Record<string, string> = Object.create(null)
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) failure ??= badRequest(`${name} is too long`, 'VALIDATION_ERROR', { [name]: `${name} is too long` })
    else fields[name] = value
  })
  parser.on('file', (name, file) => {
    if (name !== field || sink) return file.resume()
    const photo = byteSink(declared)
    sink = photo
    file.on('data', (chunk: Uint8Array) => photo.push(chunk))
    // A form cut off inside the file; the parser says so too, and one answer is enough.
    file.on('error', () => {
      failure ??= badRequest('The form could not be read', 'INVALID_FORM')
    })
    file.on('limit', () => {
      failure ??= photoTooLarge()
    })
    photoRead = new Promise((resolve) => file.on('close', resolve))
  })
  const finished = new Promise<void>((resolve) => {
    parser.on('error', () => {
      failure ??= badRequest('The form could not be read', 'INVALID_FORM')
      resolve()
    })
    parser.on('close', resolve)
  })

  const reader = request.body.getReader()
  let received = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    received += value.byteLength
    if (received > MAX_UPLOAD_REQUEST_BYTES) failure ??= photoTooLarge()
    if (failure) {
      await reader.cancel()
      throw failure
    }
    parser.write(value)
  }
  parser.end()
  await finished
  await photoRead
  if (failure) throw failure
  return { file: sink ? (sink as ReturnType<typeof byteSink>).bytes() : null, fields }
}

/**
 * Photos decoded at once. A decoded photo is its pixels (a 12-megapixel phone photo is about 36 MB
 * of them), so twenty uploads decoding together took 270 MB more; two keep both cores busy,
 * and the rest wait holding only their file (5 MB at most).
 */
const DECODING_AT_ONCE = 2
let decoding = 0
const waiting: (() => void)[] = []

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (decoding < DECODING_AT_ONCE) decoding++
  else await new Promise<void>((resolve) => waiting.push(resolve))
  try {
    return await work()
  } finally {
    // The turn passes straight to the next in line, or is given back.
    const next = waiting.shift()
    if (next) next()
    else decoding--
  }
}

/**
 * Takes a photo from an upload, trusting nothing the client said about it: the kind is read from
 * the bytes (file-type), only JPEG, PNG and WebP pass, and the picture is decoded and re-encoded
 * (sharp), so what we keep is pixels in a clean file: no EXIF location, no comment, no script
 * riding after the image's end. It is turned upright first, as the EXIF orientation it loses said.
 */
export async function receivePhoto(request: Request, field = 'photo'): Promise<CleanPhoto> {
  const { file } = await readForm(request, field)
  if (!file) throw photoMissing(field)
  return cleanPhoto(file)
}

/**
 * A report that may carry a photo: JSON (read as every JSON body is), or multipart/form-data
 * whose text fields are held to the same refusal of control characters and whose optional
 * photo is taken as receivePhoto takes one. The fields are for the caller's schema to judge.
 */
export async function receiveForm(request: Request, field = 'photo'): Promise<{ fields: unknown; photo: CleanPhoto | null }> {
  if (/^application\/json\b/i.test((request.headers.get('content-type') ?? '').trim())) return { fields: await parseJsonBody(request), photo: null }
  const { file, fields } = await readForm(request, field)
  const named = fieldWithControlCharacter(fields)
  if (named) throw controlCharacterError(named)
  return { fields, photo: file ? await cleanPhoto(file) : null }
}

/** Too many pixels for the limit: 413. More than its bytes can plausibly hold, or no header to read: damaged, 415. */
async function judgeSize(upload: Uint8Array) {
  const { sharp } = await photoLibraries()
  let header: Metadata
  try {
    // The header alone: no pixel is decoded. Unlimited, so that the limit's answer is ours (413).
    header = await sharp(upload, { limitInputPixels: false }).metadata()
  } catch {
    throw damagedPhoto()
  }
  const pixels = (header.width ?? 0) * (header.height ?? 0)
  if (!pixels) throw damagedPhoto()
  if (pixels > MAX_PHOTO_PIXELS) throw tooManyPixels()
  if (pixels > upload.byteLength * MAX_PIXELS_PER_BYTE) throw damagedPhoto()
}

async function cleanPhoto(upload: Uint8Array): Promise<CleanPhoto> {
  const { fileTypeFromBuffer, sharp } = await photoLibraries()
  const sniffed = await fileTypeFromBuffer(upload)
  const contentType = PHOTO_CONTENT_TYPES.find((type) => type === sniffed?.mime)
  if (!contentType) throw notAPhoto()
  await judgeSize(upload)
  let bytes: Uint8Array
  try {
    bytes = await inTurn(() =>
      sharp(upload, { failOn: 'error', limitInputPixels: MAX_PHOTO_PIXELS })
        .rotate()
        .toFormat(FORMATS[contentType] === 'jpg' ? 'jpeg' : FORMATS[contentType])
        .toBuffer(),
    )
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw tooManyPixels()
    // A file that starts like an image but does not decode as one (cut short, or a disguise):
    // failOn 'error' refuses a scan that ends before the image does, as well as one in error.
    throw damagedPhoto()
  }
  return { bytes, contentType, extension: FORMATS[contentType] }
}
