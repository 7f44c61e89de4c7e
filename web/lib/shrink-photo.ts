import { PHOTO_CONTENT_TYPES, PHOTO_UPLOAD_MAX_SIDE_PX, PHOTO_UPLOAD_TARGET_BYTES } from '../../modules/shared/contract'

/** Tried in turn until the JPEG fits; a receipt's print stays legible at the lowest. */
const JPEG_QUALITIES = [0.85, 0.75, 0.65]
/** When even the lowest quality does not fit (a frame of pure sensor noise), the sides shrink by this and the qualities are tried again. */
const SIDE_STEP = 0.8

type Surface = { canvas: OffscreenCanvas | HTMLCanvasElement; context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D }

function surface(width: number, height: number): Surface {
  const canvas = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(width, height) : Object.assign(document.createElement('canvas'), { width, height })
  const context = canvas.getContext('2d') as Surface['context'] | null
  if (!context) throw new Error('No 2D canvas')
  return { canvas, context }
}

function jpeg({ canvas }: Surface, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/jpeg', quality })
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No JPEG'))), 'image/jpeg', quality))
}

function draw(bitmap: ImageBitmap, side: number): Surface {
  const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height))
  const target = surface(Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale)))
  // A transparent PNG would turn black as a JPEG: paper white behind it instead.
  target.context.fillStyle = '#fff'
  target.context.fillRect(0, 0, target.canvas.width, target.canvas.height)
  target.context.imageSmoothingQuality = 'high'
  target.context.drawImage(bitmap, 0, 0, target.canvas.width, target.canvas.height)
  return target
}

const jpegName = (name: string) => `${name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`

const alreadySmall = (file: Blob, bitmap: ImageBitmap) =>
  Math.max(bitmap.width, bitmap.height) <= PHOTO_UPLOAD_MAX_SIDE_PX &&
  file.size < PHOTO_UPLOAD_TARGET_BYTES &&
  (PHOTO_CONTENT_TYPES as readonly string[]).includes(file.type)

/**
 * A photo as it goes up: decoded by the browser (`createImageBitmap`, which also turns it upright
 * by its EXIF orientation), drawn on a canvas at most PHOTO_UPLOAD_MAX_SIDE_PX on its longest side,
 * and encoded as a JPEG under PHOTO_UPLOAD_TARGET_BYTES. The platform does it all, so no library
 * is shipped to the phone for it. A photo already that small goes as it is; a file the browser
 * cannot decode (or a browser without `createImageBitmap`) too, so the server judges it and says why.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (typeof createImageBitmap !== 'function') return file
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file)
  } catch {
    return file
  }
  try {
    if (alreadySmall(file, bitmap)) return file
    for (let side = PHOTO_UPLOAD_MAX_SIDE_PX; side >= 1; side = Math.floor(side * SIDE_STEP)) {
      const drawn = draw(bitmap, side)
      for (const quality of JPEG_QUALITIES) {
        const shrunk = await jpeg(drawn, quality)
        if (shrunk.size < PHOTO_UPLOAD_TARGET_BYTES) return new File([shrunk], jpegName(file.name), { type: 'image/jpeg' })
      }
    }
    return file
  } finally {
    bitmap.close()
  }
}
