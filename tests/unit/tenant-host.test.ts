import { describe, expect, it } from 'vitest'
import { hostSchema, normaliseHost, tenantSlugFromHost } from '~/lib/tenant-host'

describe('tenantSlugFromHost', () => {
  it.each([
    ['sonnen-apotheke.blattwerk.de', 'sonnen-apotheke'],
    ['sonnen-apotheke.localhost:3000', 'sonnen-apotheke'],
    ['Sonnen-Apotheke.Blattwerk.DE:443', 'sonnen-apotheke'],
    ['gruene-ecke.blattwerk.localhost', 'gruene-ecke'],
    ['sonnen-apotheke.blattwerk.de.', 'sonnen-apotheke'],
  ])('%s → %s', (host, slug) => {
    expect(tenantSlugFromHost(host, 'blattwerk.localhost')).toBe(slug)
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

  it('excludes the first label of the configured product domain', () => {
    expect(tenantSlugFromHost('shop.example.org', 'shop.example.org')).toBeNull()
    expect(tenantSlugFromHost('shop.example.org', 'blattwerk.de')).toBe('shop')
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
