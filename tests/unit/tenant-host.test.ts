import { describe, expect, it } from 'vitest'
import {
  hostSchema,
  isCustomDomainCandidate,
  normaliseHost,
  tenantSlugFromHost,
} from '~/lib/tenant-host'

describe('tenantSlugFromHost', () => {
  it.each([
    ['sonnen-apotheke.blattwerk.de', 'blattwerk.de', 'sonnen-apotheke'],
    ['Sonnen-Apotheke.Blattwerk.DE:443', 'blattwerk.de', 'sonnen-apotheke'],
    ['sonnen-apotheke.blattwerk.de.', 'blattwerk.de', 'sonnen-apotheke'],
    ['sonnen-apotheke.localhost:3000', 'blattwerk.localhost', 'sonnen-apotheke'],
    ['gruene-ecke.blattwerk.localhost', 'blattwerk.localhost', 'gruene-ecke'],
  ])('%s on %s → %s', (host, appDomain, slug) => {
    expect(tenantSlugFromHost(host, appDomain)).toBe(slug)
  })

  it.each([
    // Only the product domain and localhost carry tenant subdomains.
    'sonnen-apotheke.evil.com',
    'sonnen-apotheke.blattwerk.de.evil.com',
    'sonnen-apotheke.blattwerk.de',
    // One label only: deeper subdomains name no tenant.
    'a.sonnen-apotheke.blattwerk.localhost',
    'a.sonnen-apotheke.localhost',
  ])('%s names no tenant on blattwerk.localhost', (host) => {
    expect(tenantSlugFromHost(host, 'blattwerk.localhost')).toBeNull()
  })

  it.each([
    'localhost',
    'localhost:3000',
    'www.blattwerk.de',
    'WWW.blattwerk.de:8443',
    'blattwerk.localhost',
    'blattwerk.localhost:3000',
    '127.0.0.1',
    '127.0.0.1:3000',
    '10.1.2.3',
    '[::1]',
    '[::1]:3000',
    '[2001:db8::1]:443',
  ])('%s has no tenant', (host) => {
    expect(tenantSlugFromHost(host, 'blattwerk.localhost')).toBeNull()
  })

  it('takes <slug>.localhost for a tenant only while the app runs on a localhost domain', () => {
    expect(tenantSlugFromHost('sonnen-apotheke.localhost:3000', 'localhost')).toBe(
      'sonnen-apotheke',
    )
    expect(tenantSlugFromHost('sonnen-apotheke.localhost:3000', 'blattwerk.de')).toBeNull()
    expect(tenantSlugFromHost('sonnen-apotheke.localhost', 'shop.example.org')).toBeNull()
  })

  it('excludes the product domain itself and its first label', () => {
    expect(tenantSlugFromHost('shop.example.org', 'shop.example.org')).toBeNull()
    expect(tenantSlugFromHost('shop.localhost', 'shop.example.org')).toBeNull()
    expect(tenantSlugFromHost('shop.example.org', 'blattwerk.de')).toBeNull()
  })
})

describe('isCustomDomainCandidate', () => {
  it.each(['shop.sonnen-apotheke.de', 'sonnen-apotheke.evil.com', 'Apotheke.Example:8443'])(
    '%s may be a tenant domain',
    (host) => {
      expect(isCustomDomainCandidate(host, 'blattwerk.de')).toBe(true)
    },
  )

  it.each([
    'blattwerk.de',
    'x.blattwerk.de',
    'localhost',
    'x.localhost',
    'intranet',
    '10.0.0.1',
    '[::1]:3000',
  ])('%s is never a tenant domain', (host) => {
    expect(isCustomDomainCandidate(host, 'blattwerk.de')).toBe(false)
  })
})

describe('host parsing', () => {
  it('normalises case, port and trailing dot', () => {
    expect(normaliseHost('A.B.C:80')).toBe('a.b.c')
    expect(normaliseHost('[::1]:3000')).toBe('[::1]')
  })

  it.each(['', '   ', 'a b', 'host/path', 'host:port', 'x'.repeat(300), 'http://x.de'])(
    'refuses %j',
    (host) => {
      expect(hostSchema.safeParse(host).success).toBe(false)
    },
  )
})
