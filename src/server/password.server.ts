import { randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'
import pLimit from 'p-limit'

/** OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane. `2` is Algorithm.Argon2id (a const enum). */
const argon2idOptions = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

/**
 * Hashing runs on libuv's thread pool; bounding it keeps a burst of logins from occupying every
 * pool thread (and 19 MiB each) while file and DNS work of other requests waits behind them.
 */
const hashingSlots = pLimit(2)

export function hashPassword(password: string): Promise<string> {
  return hashingSlots(() => hash(password, argon2idOptions))
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return hashingSlots(() => verify(passwordHash, password).catch(() => false))
}

let decoyHash: Promise<string> | undefined

/**
 * Verifies against a throw-away hash, so that a login for an unknown account costs as much
 * time as one with a wrong password and does not reveal which accounts exist.
 */
export async function spendPasswordCheckTime(password: string): Promise<false> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'))
  await verifyPassword(await decoyHash, password)
  return false
}
