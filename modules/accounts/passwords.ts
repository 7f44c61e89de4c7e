import { hash, verify } from '@node-rs/argon2'

/** OWASP's argon2id floor: 19 MiB, 2 passes, 1 lane. (2 is Algorithm.Argon2id; the enum is const-only.) */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS)

let decoy: Promise<string> | undefined

/** Hashes the decoy ahead of the first sign-in, so the first unknown account is not the slow one. */
export function prepareDecoyHash() {
  decoy ??= hashPassword(crypto.randomUUID())
}

/**
 * Checks a password against a stored hash. With no account, it checks against a decoy so an
 * unknown account costs the same time as a wrong password and the two cannot be told apart.
 */
export async function passwordMatches(storedHash: string | undefined, password: string): Promise<boolean> {
  prepareDecoyHash()
  const target = storedHash ?? (await decoy!)
  const matches = await verify(target, password).catch(() => false)
  return storedHash !== undefined && matches
}
