import { describe, expect, it } from 'vitest'
import { type TenantConfigInput, tenantConfigSchema } from '~/lib/tenant-config'
import { demoTenantConfigs } from '~/server/db/seed-tenants.server'

const base = demoTenantConfigs.sonnenApotheke

const messagesOf = (input: unknown) => {
  const result = tenantConfigSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('tenant config schema', () => {
  it('accepts the demo configs', () => {
    for (const config of Object.values(demoTenantConfigs)) {
      expect(tenantConfigSchema.parse(config)).toEqual(config)
    }
  })

  it('shows prices publicly and hides stock amounts unless the config says otherwise', () => {
    const { showPricesPublicly: _prices, showStockAmounts: _stock, ...rest } = base
    const parsed = tenantConfigSchema.parse(rest satisfies TenantConfigInput)
    expect(parsed.showPricesPublicly).toBe(true)
    expect(parsed.showStockAmounts).toBe(false)
  })

  it.each([
    [
      'a delivery method twice',
      { deliveryMethods: [base.deliveryMethods[0], base.deliveryMethods[0]] },
      'Jede Lieferart darf nur einmal vorkommen.',
    ],
    [
      'a payment method twice',
      { paymentMethods: ['pickup', 'pickup'] },
      'Jede Zahlungsart darf nur einmal vorkommen.',
    ],
    ['an unknown payment method', { paymentMethods: ['cash'] }, 'Unbekannte Zahlungsart.'],
    [
      'a courier without postal codes',
      {
        deliveryMethods: [
          {
            kind: 'courier',
            label: 'Bote',
            description: '',
            flowersAllowed: true,
            postalCodes: [],
            feeCents: 0,
            freeFromCents: null,
          },
        ],
      },
      'Bitte gib mindestens eine Postleitzahl an.',
    ],
    [
      'a postal code that is not five digits',
      {
        deliveryMethods: [
          {
            kind: 'courier',
            label: 'Bote',
            description: '',
            flowersAllowed: true,
            postalCodes: ['1234'],
            feeCents: 0,
            freeFromCents: null,
          },
        ],
      },
      'Bitte gib eine fünfstellige Postleitzahl ein.',
    ],
    [
      'a negative fee',
      {
        deliveryMethods: [
          {
            kind: 'shipping',
            label: 'Versand',
            description: '',
            flowersAllowed: false,
            feeCents: -1,
          },
        ],
      },
      'Die Versandkosten darf nicht negativ sein.',
    ],
  ])('refuses %s', (_case, change, message) => {
    expect(messagesOf({ ...base, ...change })).toContain(message)
  })

  it('refuses a config of another version', () => {
    expect(messagesOf({ ...base, version: 1 }).length).toBeGreaterThan(0)
  })
})
