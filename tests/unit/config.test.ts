import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from '~/server/config.server'

describe('parseConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = parseConfig({})
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      APP_DOMAIN: 'localhost',
      LOG_LEVEL: 'info',
      TRUST_PROXY: [],
      NODE_ENV: 'production',
    })
    expect(config.DATABASE_URL).toBeUndefined()
  })

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '', APP_DOMAIN: '' })).toMatchObject({
      PORT: 3000,
      DATABASE_URL: undefined,
      APP_DOMAIN: 'localhost',
    })
  })

  it('accepts good values', () => {
    const config = parseConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/blattwerk',
      DATABASE_URL: 'postgres://app:secret@db.internal:5432/blattwerk',
      APP_DOMAIN: 'Blattwerk.DE',
      LOG_LEVEL: 'debug',
      TRUST_PROXY: 'loopback, 10.0.0.0/8,2001:db8::/32 , 192.0.2.1',
    })
    expect(config).toMatchObject({
      PORT: 8080,
      DATA_DIR: '/var/lib/blattwerk',
      DATABASE_URL: 'postgres://app:secret@db.internal:5432/blattwerk',
      APP_DOMAIN: 'blattwerk.de',
      LOG_LEVEL: 'debug',
      TRUST_PROXY: ['loopback', '10.0.0.0/8', '2001:db8::/32', '192.0.2.1'],
    })
  })

  it.each([
    ['PORT', 'abc', /^Invalid environment: PORT must be a number \(got "abc"\)$/],
    ['PORT', '70000', /PORT must be between 0 and 65535/],
    ['PORT', '30.5', /PORT must be a whole number/],
    [
      'DATABASE_URL',
      'mysql://localhost/db',
      /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/,
    ],
    ['APP_DOMAIN', 'not a domain', /APP_DOMAIN must be a host name/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL/],
    ['TRUST_PROXY', 'maybe', /TRUST_PROXY has an entry that is neither an address.*: "maybe"/],
    ['TRUST_PROXY', 'loopback,10.0.0.0/33', /TRUST_PROXY has an entry .*: "10.0.0.0\/33"/],
    ['TRUST_PROXY', 'true', /^Invalid environment: TRUST_PROXY must list the proxies to trust/],
  ])('refuses %s=%s with one line naming the variable', (name, value, message) => {
    let error: unknown
    try {
      parseConfig({ [name]: value })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as Error).message).toMatch(message)
    expect((error as Error).message).not.toContain('\n')
  })

  it('trusts no proxy when TRUST_PROXY is unset, empty or false', () => {
    for (const value of [undefined, '', 'false']) {
      expect(parseConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual([])
    }
  })

  it('never echoes the signing key it refuses', () => {
    expect(() => parseConfig({ AUTH_PRIVATE_JWK: 42 as unknown as string })).toThrow(
      /^Invalid environment: AUTH_PRIVATE_JWK [^"]*$/,
    )
  })

  it('reads the shop settings: app secret, public scheme, SMTP and a Mollie fallback key', () => {
    const config = parseConfig({
      APP_SECRET: 's'.repeat(32),
      PUBLIC_SCHEME: 'http',
      SMTP_URL: 'smtps://mailer:pw@smtp.example.org:465',
      MOLLIE_API_KEY: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM',
    })
    expect(config).toMatchObject({ PUBLIC_SCHEME: 'http', APP_SECRET: 's'.repeat(32) })
    expect(parseConfig({}).PUBLIC_SCHEME).toBe('https')
  })

  it.each([
    ['APP_SECRET', 'too-short'],
    ['SMTP_URL', 'https://mail.example.org'],
    ['MOLLIE_API_KEY', 'sk_live_abcdefghijklmnopqrstuvwxyz'],
  ])('refuses a bad %s without echoing it', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid environment: ${name} [^"]*$`),
    )
  })

  it('refuses a public scheme other than https or http', () => {
    expect(() => parseConfig({ PUBLIC_SCHEME: 'ftp' })).toThrow(
      'Invalid environment: PUBLIC_SCHEME must be https or http (got "ftp")',
    )
  })
})
