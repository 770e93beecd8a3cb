import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
} from 'jose'
import { z } from 'zod'

export const signingAlgorithm = 'EdDSA'

export interface SigningKeys {
  kid: string
  privateKey: CryptoKey
  /** Public keys by key id; a token signed with a key that is not listed here is refused. */
  publicKeys: ReadonlyMap<string, CryptoKey>
}

const privateJwkSchema = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string().min(1),
  d: z.string().min(1),
  kid: z.string().min(1).optional(),
})

async function fromPrivateJwk(input: unknown): Promise<SigningKeys> {
  const jwk = privateJwkSchema.parse(input)
  const { d: _secret, ...publicJwk } = jwk
  const kid = jwk.kid ?? (await calculateJwkThumbprint(publicJwk))
  const privateKey = (await importJWK(jwk, signingAlgorithm)) as CryptoKey
  const publicKey = (await importJWK(publicJwk, signingAlgorithm)) as CryptoKey
  return { kid, privateKey, publicKeys: new Map([[kid, publicKey]]) }
}

/**
 * The signing key comes from AUTH_PRIVATE_JWK when set (required once several processes share a
 * database); otherwise one is generated on first start and kept under DATA_DIR with mode 0600.
 */
export async function loadSigningKeys(options: {
  privateJwk?: string
  dataDir: string
}): Promise<SigningKeys> {
  if (options.privateJwk) {
    let parsed: unknown
    try {
      parsed = JSON.parse(options.privateJwk)
    } catch {
      throw new Error('AUTH_PRIVATE_JWK is not valid JSON')
    }
    return fromPrivateJwk(parsed)
  }

  const keyFile = path.resolve(options.dataDir, 'keys', 'signing-key.jwk.json')
  try {
    return await fromPrivateJwk(JSON.parse(await readFile(keyFile, 'utf8')))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }

  const { privateKey } = await generateKeyPair(signingAlgorithm, {
    crv: 'Ed25519',
    extractable: true,
  })
  const jwk: JWK = await exportJWK(privateKey)
  const { d: _secret, ...publicJwk } = jwk
  jwk.kid = await calculateJwkThumbprint(publicJwk)
  await mkdir(path.dirname(keyFile), { recursive: true, mode: 0o700 })
  // `wx` fails when another process created the file meanwhile; then that key wins.
  try {
    await writeFile(keyFile, JSON.stringify(jwk), { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return fromPrivateJwk(JSON.parse(await readFile(keyFile, 'utf8')))
  }
  return fromPrivateJwk(jwk)
}
