import sharp from 'sharp'

/*
 * Photos made on the spot with sharp, so no binary fixture lives in the repository: a phone's
 * JPEG with its GPS position, pictures of a given size, and the files that only pretend to be one.
 */

/** Where a phone would have stamped the photo: Edison, NJ, as EXIF GPS rationals. */
const EDISON_GPS = { GPSLatitudeRef: 'N', GPSLatitude: '40/1 31/1 4500/100', GPSLongitudeRef: 'W', GPSLongitude: '74/1 24/1 1800/100' }

/** A small JPEG as a phone sends it: EXIF with the camera and the GPS position of where it was taken. */
export const jpegWithGps = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#d94f2b' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Kirana Test Phone', Model: 'Receipt Cam' }, IFD3: EDISON_GPS })
    .toBuffer()

export const smallPng = () =>
  sharp({ create: { width: 32, height: 32, channels: 4, background: '#2b8cd9' } })
    .png()
    .toBuffer()
export const smallWebp = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: '#2bd96f' } })
    .webp()
    .toBuffer()

/** Deterministic noise, so pictures do not shrink under compression: a seeded xorshift. */
function noise(length: number, seed = 0x9e3779b9) {
  const pixels = new Uint8Array(length)
  let state = seed
  for (let index = 0; index < length; index++) {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    pixels[index] = state & 0xff
  }
  return pixels
}

/**
 * A real, decodable JPEG of about `bytes` (within a few percent, never under): a photograph's
 * worth of detail, as a 3 MB phone photo or one past the 5 MB limit.
 */
export function jpegOfAbout(bytes: number): Promise<Buffer> {
  let made = madeOfSize.get(bytes)
  if (!made) {
    made = noisyJpeg(bytes)
    madeOfSize.set(bytes, made)
  }
  return made
}
const madeOfSize = new Map<number, Promise<Buffer>>()

async function noisyJpeg(bytes: number): Promise<Buffer> {
  // Noise at quality 95 costs about 2.3 bytes a pixel; grow the picture until it is big enough.
  let side = Math.ceil(Math.sqrt(bytes / 2.3))
  for (;;) {
    const jpeg = await sharp(noise(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer()
    if (jpeg.byteLength >= bytes) return jpeg
    side = Math.ceil(side * Math.sqrt(bytes / jpeg.byteLength) * 1.01)
  }
}

/** Files that claim to be photos and are not, each as a browser would send it (name and declared type). */
export async function disguisedFiles() {
  const jpeg = await jpegWithGps()
  const script = '<html><body><script>fetch("/api/user").then(r=>r.text()).then(alert)</script></body></html>'
  return {
    'an SVG with a script': {
      bytes: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>`),
      name: 'receipt.svg',
      type: 'image/svg+xml',
    },
    'HTML named .jpg': { bytes: Buffer.from(script), name: 'receipt.jpg', type: 'image/jpeg' },
    'a PDF renamed .jpg': {
      bytes: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
      name: 'receipt.jpg',
      type: 'image/jpeg',
    },
    'a truncated JPEG': { bytes: jpeg.subarray(0, Math.floor(jpeg.byteLength * 0.6)), name: 'receipt.jpg', type: 'image/jpeg' },
    // JPEG's magic bytes and first segment, then a page: sniffed as a JPEG, but not a picture.
    'a polyglot: a JPEG header, then HTML': {
      bytes: Buffer.concat([jpeg.subarray(0, 20), Buffer.from(script)]),
      name: 'receipt.jpg',
      type: 'image/jpeg',
    },
    'a GIF': { bytes: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'), name: 'receipt.gif', type: 'image/gif' },
  }
}

/**
 * The photo bomb: a whole 16×16 JPEG (267 bytes, EOI and all) whose frame header (SOF) is made
 * to say `width`×`height`. Its scan runs out after those 16×16 pixels, which libjpeg only warns
 * about, so a decoder that is not told otherwise fills the rest with grey: for 8000×8000, 190 MB
 * of pixels and seconds of CPU.
 */
export async function jpegClaiming(width: number, height: number) {
  const jpeg = Buffer.from(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer(),
  )
  // Segments from after SOI: marker (2 bytes), length (2, counting itself), then the body.
  for (let at = 2; at + 4 <= jpeg.byteLength; at += 2 + jpeg.readUInt16BE(at + 2)) {
    if (jpeg[at + 1] === 0xc0 || jpeg[at + 1] === 0xc2) {
      // SOF: length, sample precision (1 byte), height, width.
      jpeg.writeUInt16BE(height, at + 5)
      jpeg.writeUInt16BE(width, at + 7)
      return jpeg
    }
  }
  throw new Error('no SOF marker in the JPEG sharp made')
}

/**
 * A receipt photographed as plainly as a picture can be: 4000×3000 of one colour in 71 KB, so
 * 170 pixels a byte, where a phone's photo of a real receipt, sensor noise and all, is nearer 40.
 */
export const flatReceiptPhoto = () =>
  sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#f4f1ea' } })
    .jpeg()
    .toBuffer()

/** A JPEG that decodes whole with a page riding after its end: kept only as its pixels, re-encoded. */
export const jpegWithPageAfterIt = async () => Buffer.concat([await jpegWithGps(), Buffer.from('<html><script>alert(document.cookie)</script></html>')])

/** The multipart/form-data request a browser sends for `<input type=file name=photo>`. */
export function photoUpload(path: string, file: { bytes: Uint8Array; name?: string; type?: string }, headers: Record<string, string> = {}) {
  const form = new FormData()
  form.append('photo', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name ?? 'receipt.jpg', { type: file.type ?? 'image/jpeg' }))
  return new Request(`http://localhost${path}`, { method: 'POST', body: form, headers })
}
