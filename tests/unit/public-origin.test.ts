import { describe, expect, it } from 'vitest'
import { tenantPublicOrigin } from '~/server/public-origin.server'

describe('tenantPublicOrigin', () => {
  const production = { PUBLIC_SCHEME: 'https', APP_DOMAIN: 'blattwerk.de', PORT: 3000 } as const
  const local = { PUBLIC_SCHEME: 'https', APP_DOMAIN: 'blattwerk.localhost', PORT: 3000 } as const

  it('is the slug under the app domain with the public scheme', () => {
    expect(tenantPublicOrigin({ slug: 'sonnen-apotheke', customDomain: null }, production)).toBe(
      'https://sonnen-apotheke.blattwerk.de',
    )
  })

  it('is the custom domain where the tenant has one', () => {
    expect(
      tenantPublicOrigin({ slug: 'sonnen-apotheke', customDomain: 'shop.sonnen.de' }, production),
    ).toBe('https://shop.sonnen.de')
  })

  it('is the server itself on a .localhost domain: http on its port', () => {
    expect(tenantPublicOrigin({ slug: 'sonnen-apotheke', customDomain: null }, local)).toBe(
      'http://sonnen-apotheke.blattwerk.localhost:3000',
    )
  })
})
