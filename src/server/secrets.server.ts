import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { ConfigError } from './config.server'
import type { Database } from './db/client.server'
import { appSettings } from './db/schema'

/**
 * The application secret (`APP_SECRET`): the root of the keys that protect stored secrets, such
 * as a tenant's Mollie API key. Like the signing key it is generated once under DATA_DIR when
 * unset, so `npm start` works on a fresh machine; processes that share a database must all be
 * given the same one (`checkAppSecret` refuses a start that would not be able to read it).
 */
export async function loadAppSecret(options: {
  appSecret?: string
  dataDir: string
}): Promise<string> {
  if (options.appSecret) return options.appSecret
  const secretFile = path.resolve(options.dataDir, 'keys', 'app-secret')
  try {
    return (await readFile(secretFile, 'utf8')).trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const secret = randomBytes(32).toString('base64url')
  await mkdir(path.dirname(secretFile), { recursive: true, mode: 0o700 })
  // `wx` fails when another process created the file meanwhile; then that secret wins.
  try {
    await writeFile(secretFile, secret, { mode: 0o600, flag: 'wx' })
    return secret
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return (await readFile(secretFile, 'utf8')).trim()
  }
}

/**
 * A value that proves which secret a database was set up with, without revealing it: stored once
 * per database, compared at every start.
 */
export const appSecretFingerprint = (secret: string) =>
  createHmac('sha256', secret).update('blattwerk/app-secret-fingerprint/v1').digest('base64url')

const sameFingerprint = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

const fingerprintKey = 'app_secret_fingerprint'

export const appSecretMismatchMessage =
  'APP_SECRET differs from the secret this database was set up with: give every process that shares the database the same APP_SECRET'

/**
 * The first start records which secret the database belongs to; every later start (of any
 * process) must bring the same one, or what it seals could not be opened by the others.
 */
export async function checkAppSecret(db: Database, secret: string): Promise<void> {
  const fingerprint = appSecretFingerprint(secret)
  await db
    .insert(appSettings)
    .values({ key: fingerprintKey, value: fingerprint })
    .onConflictDoNothing()
  const [stored] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, fingerprintKey))
  if (!stored || !sameFingerprint(stored.value, fingerprint)) {
    throw new ConfigError(appSecretMismatchMessage)
  }
}

const sealedPrefix = 'v1.'
const ivBytes = 12
const tagBytes = 16

export class SealedValueError extends Error {
  override name = 'SealedValueError'
}

/** Encrypts small secrets for storage: AES-256-GCM with a key derived from the app secret. */
export interface SecretBox {
  /**
   * `context` names what the value is for and whose it is (`tenant:<id>:mollie-api-key`); it is
   * authenticated, so a sealed value copied to another row or purpose does not open.
   */
  seal(plaintext: string, context: string): string
  open(sealed: string, context: string): string
}

export function createSecretBox(appSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'blattwerk', 'blattwerk/secret-box/v1', 32))
  return {
    seal(plaintext, context) {
      const iv = randomBytes(ivBytes)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(context, 'utf8'))
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      return (
        sealedPrefix + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')
      )
    },
    open(sealed, context) {
      if (!sealed.startsWith(sealedPrefix)) throw new SealedValueError('unknown sealed format')
      const bytes = Buffer.from(sealed.slice(sealedPrefix.length), 'base64url')
      if (bytes.length < ivBytes + tagBytes) throw new SealedValueError('sealed value too short')
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, ivBytes))
      decipher.setAAD(Buffer.from(context, 'utf8'))
      decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes))
      try {
        return Buffer.concat([
          decipher.update(bytes.subarray(ivBytes + tagBytes)),
          decipher.final(),
        ]).toString('utf8')
      } catch {
        throw new SealedValueError('sealed value does not open with this secret and context')
      }
    },
  }
}
