/** The encodings we send bodies in: compressed, or as they are. */
export type ContentEncoding = 'br' | 'gzip' | 'identity'

/**
 * The encoding to send, by what the client accepts (q=0 refuses one) and what we have: gzip,
 * which every client takes, else brotli, else none.
 */
export function pickEncoding(acceptEncoding: string | null, have: readonly Exclude<ContentEncoding, 'identity'>[] = ['gzip', 'br']): ContentEncoding {
  const accepted = new Map(
    (acceptEncoding ?? '').split(',').map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';')
      const q = params.map((param) => /^\s*q=([\d.]+)/.exec(param)?.[1]).find(Boolean)
      return [name!, q === undefined ? 1 : Number(q)] as const
    }),
  )
  if (have.includes('gzip') && (accepted.get('gzip') ?? 0) > 0) return 'gzip'
  if (have.includes('br') && (accepted.get('br') ?? 0) > 0) return 'br'
  return 'identity'
}
