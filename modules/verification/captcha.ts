import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Database } from '../../db/database'
import type { Clock } from '../shared/index'
import { captchaPasses } from './schema'

const PASS_LIFETIME_MS = 2 * 60 * 1000

/** Checks the token a captcha widget gave the browser. */
export interface CaptchaVerifier {
  provider: 'embedded' | 'recaptcha'
  verify(userId: string, token: string): Promise<boolean>
  /** The embedded captcha issues its passes itself; a hosted one's widget does. */
  issue?(userId: string): Promise<string>
}

const hash = (token: string) => new Bun.CryptoHasher('sha256').update(token).digest('hex')

/**
 * The embedded captcha: ticking the box asks the server for a pass, which the fallback must
 * spend within two minutes, once, as the same user. It has the shape of a hosted captcha
 * (a token the server checks) without a third party.
 */
export function embeddedCaptcha(db: Database, clock: Clock): CaptchaVerifier {
  return {
    provider: 'embedded' as const,
    async issue(userId: string) {
      const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
      const now = clock.now()
      await db.insert(captchaPasses).values({ userId, tokenHash: hash(token), expiresAt: new Date(now.getTime() + PASS_LIFETIME_MS), createdAt: now })
      return token
    },
    async verify(userId: string, token: string) {
      const now = clock.now()
      const [spent] = await db
        .update(captchaPasses)
        .set({ usedAt: now })
        .where(and(eq(captchaPasses.tokenHash, hash(token)), eq(captchaPasses.userId, userId), isNull(captchaPasses.usedAt), gt(captchaPasses.expiresAt, now)))
        .returning({ id: captchaPasses.id })
      return spent !== undefined
    },
  }
}

/** Google reCAPTCHA, when RECAPTCHA_SECRET_KEY is set: the token is checked with siteverify. */
export function recaptcha(secret: string, verifyUrl: string): CaptchaVerifier {
  return {
    provider: 'recaptcha',
    async verify(_userId: string, token: string) {
      try {
        const response = await fetch(verifyUrl, {
          method: 'POST',
          body: new URLSearchParams({ secret, response: token }),
          signal: AbortSignal.timeout(5000),
        })
        return response.ok && ((await response.json()) as { success?: boolean }).success === true
      } catch (error) {
        console.warn('reCAPTCHA verification unavailable:', (error as Error).message)
        return false
      }
    },
  }
}
