import { describe, expect, it } from 'vitest'
import { platformOrigin, tenantPublicOrigin } from '~/server/public-origin.server'

describe('public origins, from configuration only', () => {
  const production = { PUBLIC_SCHEME: 'https', APP_DOMAIN: 'blattwerk.de', PORT: 3000 } as const
  const local = { PUBLIC_SCHEME: 'https', APP_DOMAIN: 'blattwerk.localhost', PORT: 3000 } as const
  const sonnen = { slug: 'sonnen-apotheke', verifiedDomain: null }

  it('puts the platform on APP_DOMAIN with the public scheme', () => {
    expect(platformOrigin(production)).toBe('https://blattwerk.de')
  })

  it('puts a shop on its slug under the app domain with the public scheme', () => {
    expect(tenantPublicOrigin(sonnen, production)).toBe('https://sonnen-apotheke.blattwerk.de')
  })

  it('puts a shop on its own domain once verified', () => {
    expect(tenantPublicOrigin({ ...sonnen, verifiedDomain: 'shop.sonnen.de' }, production)).toBe(
      'https://shop.sonnen.de',
    )
  })

  it('is the server itself on a .localhost domain: http on its port', () => {
    expect(platformOrigin(local)).toBe('http://blattwerk.localhost:3000')
    expect(tenantPublicOrigin(sonnen, local)).toBe(
      'http://sonnen-apotheke.blattwerk.localhost:3000',
    )
  })
})
