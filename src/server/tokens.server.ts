import { createHash } from 'node:crypto'
import { errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify, SignJWT } from 'jose'
import { z } from 'zod'
import { type AccountType, shopUserRole, userRoleSchema } from '../lib/auth-api'
import { type SigningKeys, signingAlgorithm } from './signing-keys.server'

export const tokenIssuer = 'blattwerk'
export const tokenAudience = 'blattwerk-api'
export const accessTokenLifetimeSeconds = 15 * 60
/** Also the Max-Age of the `token` cookie that holds it in the browser. */
export const refreshTokenLifetimeSeconds = 40_320
const clockToleranceSeconds = 5

const accessTokenType = 'at+jwt'
const refreshTokenType = 'rt+jwt'

export interface AccessClaims {
  sub: string
  accountType: AccountType
  role: string
  sid: string
  /** Tenant slug; b2c tokens only. */
  tenant?: string
}

export interface RefreshClaims {
  sub: string
  role: string
  /** Family (session) id. */
  fid: string
  jti: string
  tenant?: string
  iat: number
  exp: number
}

const accessPayloadSchema = z.object({
  typ: z.literal('access'),
  sub: z.uuid(),
  accountType: z.enum(['b2b', 'b2c']),
  role: z.union([userRoleSchema, z.literal(shopUserRole)]),
  sid: z.uuid(),
  tenant: z.string().optional(),
  exp: z.number().int(),
})

const refreshPayloadSchema = z.object({
  typ: z.literal('refresh'),
  sub: z.uuid(),
  role: z.union([userRoleSchema, z.literal(shopUserRole)]),
  fid: z.uuid(),
  jti: z.uuid(),
  tenant: z.string().optional(),
  iat: z.number().int(),
  exp: z.number().int(),
})

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError'
}

const nowInSeconds = () => Math.floor(Date.now() / 1000)

export function signAccessToken(keys: SigningKeys, claims: AccessClaims): Promise<string> {
  const issuedAt = nowInSeconds()
  return new SignJWT({ typ: 'access', ...claims })
    .setProtectedHeader({ alg: signingAlgorithm, kid: keys.kid, typ: accessTokenType })
    .setIssuer(tokenIssuer)
    .setAudience(tokenAudience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + accessTokenLifetimeSeconds)
    .sign(keys.privateKey)
}

/**
 * Ed25519 signatures are deterministic: the same claims always give the same token. That lets the
 * rotation grace window hand a second tab the family's current token again, rebuilt from the
 * stored claims, although only its hash is kept.
 */
export function signRefreshToken(keys: SigningKeys, claims: RefreshClaims): Promise<string> {
  const payload: JWTPayload = {
    iss: tokenIssuer,
    aud: tokenAudience,
    typ: 'refresh',
    sub: claims.sub,
    role: claims.role,
    fid: claims.fid,
    ...(claims.tenant ? { tenant: claims.tenant } : {}),
    jti: claims.jti,
    iat: claims.iat,
    exp: claims.exp,
  }
  return new SignJWT(payload)
    .setProtectedHeader({ alg: signingAlgorithm, kid: keys.kid, typ: refreshTokenType })
    .sign(keys.privateKey)
}

export function newRefreshClaims(base: Omit<RefreshClaims, 'iat' | 'exp'>): RefreshClaims {
  const iat = nowInSeconds()
  return { ...base, iat, exp: iat + refreshTokenLifetimeSeconds }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

function keyResolver(keys: SigningKeys): JWTVerifyGetKey {
  return (header) => {
    const key = header.kid ? keys.publicKeys.get(header.kid) : undefined
    if (!key) throw new errors.JWKSNoMatchingKey()
    return key
  }
}

async function verify(keys: SigningKeys, token: string, typ: string): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, keyResolver(keys), {
      algorithms: [signingAlgorithm],
      issuer: tokenIssuer,
      audience: tokenAudience,
      typ,
      clockTolerance: clockToleranceSeconds,
      requiredClaims: ['exp', 'iat', 'sub'],
    })
    return payload
  } catch (error) {
    throw new InvalidTokenError(error instanceof Error ? error.message : 'invalid token')
  }
}

/** A checked access token's claims, with its expiry (seconds since the epoch). */
export interface VerifiedAccessClaims extends AccessClaims {
  exp: number
}

export async function verifyAccessToken(
  keys: SigningKeys,
  token: string,
): Promise<VerifiedAccessClaims> {
  const parsed = accessPayloadSchema.safeParse(await verify(keys, token, accessTokenType))
  if (!parsed.success) throw new InvalidTokenError('access token claims malformed')
  const { typ: _typ, ...claims } = parsed.data
  return claims
}

export async function verifyRefreshToken(keys: SigningKeys, token: string): Promise<RefreshClaims> {
  const parsed = refreshPayloadSchema.safeParse(await verify(keys, token, refreshTokenType))
  if (!parsed.success) throw new InvalidTokenError('refresh token claims malformed')
  const { typ: _typ, ...claims } = parsed.data
  return claims
}

export const accountTypeOfRole = (role: string): AccountType =>
  role === shopUserRole ? 'b2c' : 'b2b'
