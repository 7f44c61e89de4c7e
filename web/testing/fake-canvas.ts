/**
 * Stands in for the browser's image decoding and canvas, which happy-dom lacks: `createImageBitmap`
 * gives a picture of the size the test names (or refuses), and each JPEG an OffscreenCanvas
 * encodes weighs what `bytesAt` says for its size and quality. `decoded` lets a test hold the
 * decoding open to see the screen meanwhile.
 */
export function fakeCanvas({
  width,
  height,
  bytesAt = () => 1000,
  decodes = true,
}: {
  width: number
  height: number
  bytesAt?: (width: number, height: number, quality: number) => number
  decodes?: boolean
}) {
  const real = { createImageBitmap: globalThis.createImageBitmap, OffscreenCanvas: globalThis.OffscreenCanvas }
  const encoded: { width: number; height: number; quality: number }[] = []
  const drawn: { width: number; height: number }[] = []
  let closed = 0
  let decode: () => void = () => {}
  const decoded = new Promise<void>((resolve) => (decode = resolve))
  let holding = false

  globalThis.createImageBitmap = (async () => {
    if (holding) await decoded
    if (!decodes) throw new DOMException('The source image could not be decoded.', 'InvalidStateError')
    return { width, height, close: () => closed++ }
  }) as unknown as typeof createImageBitmap

  class FakeOffscreenCanvas {
    constructor(
      public width: number,
      public height: number,
    ) {}
    getContext() {
      return { fillRect: () => {}, drawImage: (_image: unknown, _x: number, _y: number, w: number, h: number) => drawn.push({ width: w, height: h }) }
    }
    async convertToBlob({ type, quality }: { type: string; quality: number }) {
      encoded.push({ width: this.width, height: this.height, quality })
      return new Blob([new Uint8Array(bytesAt(this.width, this.height, quality))], { type })
    }
  }
  globalThis.OffscreenCanvas = FakeOffscreenCanvas as unknown as typeof OffscreenCanvas

  return {
    encoded,
    drawn,
    closed: () => closed,
    /** Keeps the next decoding waiting until `release` is called. */
    hold: () => {
      holding = true
    },
    release: () => decode(),
    restore: () => Object.assign(globalThis, real),
  }
}
