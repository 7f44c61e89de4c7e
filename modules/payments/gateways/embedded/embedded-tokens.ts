/** Random ids and secrets the embedded gateway hands out, in base64url as Stripe's read. */
export const randomToken = (bytes: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString('base64url')

/** What the embedded gateway keeps of a secret it handed out (a client secret, a link's token): never the secret itself. */
export const sha256 = (text: string) => new Bun.CryptoHasher('sha256').update(text).digest('hex')
