import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from '~/server/config.server'

describe('parseConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = parseConfig({})
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      APP_DOMAIN: 'blattwerk.localhost',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      NODE_ENV: 'production',
    })
    expect(config.DATABASE_URL).toBeUndefined()
  })

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '', APP_DOMAIN: '' })).toMatchObject({
      PORT: 3000,
      DATABASE_URL: undefined,
      APP_DOMAIN: 'blattwerk.localhost',
    })
  })

  it('accepts good values', () => {
    const config = parseConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/blattwerk',
      DATABASE_URL: 'postgres://app:secret@db.internal:5432/blattwerk',
      APP_DOMAIN: 'Blattwerk.DE',
      LOG_LEVEL: 'debug',
      TRUST_PROXY: 'true',
    })
    expect(config).toMatchObject({
      PORT: 8080,
      DATA_DIR: '/var/lib/blattwerk',
      DATABASE_URL: 'postgres://app:secret@db.internal:5432/blattwerk',
      APP_DOMAIN: 'blattwerk.de',
      LOG_LEVEL: 'debug',
      TRUST_PROXY: true,
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
    ['TRUST_PROXY', 'maybe', /TRUST_PROXY/],
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

  it('never echoes the signing key it refuses', () => {
    expect(() => parseConfig({ AUTH_PRIVATE_JWK: 42 as unknown as string })).toThrow(
      /^Invalid environment: AUTH_PRIVATE_JWK [^"]*$/,
    )
  })
})
