import { parseEuroToCents } from '~/lib/products'
import type { ShopPaymentMethod } from '~/lib/shop'
import {
  clubSiteFields,
  type ShopSettings,
  type ShopSettingsInput,
  shopSettingsSchema,
} from '~/lib/shop-settings'
import type { MailOrder, ShopDeliveryMethod, TenantConfig } from '~/lib/tenant-config'
import { formErrorsOf } from '../../forms/field-errors'

/**
 * The shop settings form's values: the tenant config as people type it — one block per delivery
 * method with a switch, euros as text, postal codes as one line — and the way back.
 */

interface MethodValues {
  enabled: boolean
  label: string
  description: string
  flowersAllowed: boolean
}

export interface ShopFormValues {
  shopName: string
  colors: TenantConfig['colors']
  /** `/api/files/<id>` of an uploaded logo, or '' for none. */
  logoUrl: string
  contact: TenantConfig['contact']
  legalNotice: string
  privacyPolicy: string
  terms: string
  withdrawalInformation: string
  pickup: MethodValues & { street: string; postalCode: string; city: string; openingHours: string }
  courier: MethodValues & { postalCodes: string; fee: string; freeFrom: string }
  shipping: MethodValues & { fee: string }
  /** The permit and the EU logo a shipping shop shows; the logo as `/api/files/<id>` or ''. */
  mailOrder: Omit<MailOrder, 'logoUrl'> & { logoUrl: string }
  payments: Record<ShopPaymentMethod, boolean>
  showPricesPublicly: boolean
  showStockAmounts: boolean
  customDomain: string
}

const methodLabels = {
  pickup: 'Abholung in der Apotheke',
  courier: 'Botendienst',
  shipping: 'Versand',
} as const

const euroFormat = new Intl.NumberFormat('de-DE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
})
const euroText = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '' : euroFormat.format(cents / 100)

function methodOf<Kind extends ShopDeliveryMethod['kind']>(
  config: TenantConfig,
  kind: Kind,
): Extract<ShopDeliveryMethod, { kind: Kind }> | undefined {
  return config.deliveryMethods.find(
    (method): method is Extract<ShopDeliveryMethod, { kind: Kind }> => method.kind === kind,
  )
}

const methodBase = (
  method: { label: string; description: string; flowersAllowed: boolean } | undefined,
  kind: keyof typeof methodLabels,
): MethodValues => ({
  enabled: method !== undefined,
  label: method?.label ?? methodLabels[kind],
  description: method?.description ?? '',
  flowersAllowed: method?.flowersAllowed ?? kind !== 'shipping',
})

export function formValuesOf(settings: ShopSettings): ShopFormValues {
  const { config } = settings
  const pickup = methodOf(config, 'pickup')
  const courier = methodOf(config, 'courier')
  const shipping = methodOf(config, 'shipping')
  return {
    shopName: config.shopName,
    colors: { ...config.colors },
    logoUrl: config.logoUrl ?? '',
    contact: { ...config.contact },
    legalNotice: config.legalNotice,
    privacyPolicy: config.privacyPolicy,
    terms: config.terms,
    withdrawalInformation: config.withdrawalInformation,
    pickup: {
      ...methodBase(pickup, 'pickup'),
      street: pickup?.street ?? config.contact.street,
      postalCode: pickup?.postalCode ?? config.contact.postalCode,
      city: pickup?.city ?? config.contact.city,
      openingHours: pickup?.openingHours ?? config.contact.openingHours,
    },
    courier: {
      ...methodBase(courier, 'courier'),
      postalCodes: courier?.postalCodes.join(', ') ?? '',
      fee: euroText(courier?.feeCents ?? 0),
      freeFrom: euroText(courier?.freeFromCents),
    },
    shipping: { ...methodBase(shipping, 'shipping'), fee: euroText(shipping?.feeCents ?? 0) },
    mailOrder: { ...config.mailOrder, logoUrl: config.mailOrder.logoUrl ?? '' },
    payments: {
      pickup: config.paymentMethods.includes('pickup'),
      bank_transfer: config.paymentMethods.includes('bank_transfer'),
      mollie: config.paymentMethods.includes('mollie'),
    },
    showPricesPublicly: config.showPricesPublicly,
    showStockAmounts: config.showStockAmounts,
    customDomain: settings.customDomain ?? '',
  }
}

/** Euros the schema refuses as a number it explains: NaN is "not a number". */
const centsOf = (text: string) => parseEuroToCents(text) ?? 0

export interface ShopSettingsDraft {
  config: ShopSettingsInput
  /** Form field name per config path that differs (`deliveryMethods.1.feeCents` → `courier.fee`). */
  fieldOf: (path: string) => string
}

export function draftOf(values: ShopFormValues): ShopSettingsDraft {
  const methods: ShopSettingsInput['deliveryMethods'] = []
  const kinds: (keyof typeof methodLabels)[] = []
  const base = (method: MethodValues) => ({
    label: method.label,
    description: method.description,
    flowersAllowed: method.flowersAllowed,
  })
  if (values.pickup.enabled) {
    kinds.push('pickup')
    const { street, postalCode, city, openingHours } = values.pickup
    methods.push({ kind: 'pickup', ...base(values.pickup), street, postalCode, city, openingHours })
  }
  if (values.courier.enabled) {
    kinds.push('courier')
    methods.push({
      kind: 'courier',
      ...base(values.courier),
      postalCodes: values.courier.postalCodes.split(/[\s,;]+/).filter(Boolean),
      feeCents: centsOf(values.courier.fee),
      freeFromCents: parseEuroToCents(values.courier.freeFrom),
    })
  }
  if (values.shipping.enabled) {
    kinds.push('shipping')
    methods.push({
      kind: 'shipping',
      ...base(values.shipping),
      feeCents: centsOf(values.shipping.fee),
    })
  }
  const config: ShopSettingsInput = {
    version: 2,
    shopName: values.shopName,
    colors: values.colors,
    logoUrl: values.logoUrl || null,
    contact: values.contact,
    legalNotice: values.legalNotice,
    privacyPolicy: values.privacyPolicy,
    terms: values.terms,
    withdrawalInformation: values.withdrawalInformation,
    deliveryMethods: methods,
    paymentMethods: (Object.keys(values.payments) as ShopPaymentMethod[]).filter(
      (method) => values.payments[method],
    ),
    showPricesPublicly: values.showPricesPublicly,
    showStockAmounts: values.showStockAmounts,
    mailOrder: { ...values.mailOrder, logoUrl: values.mailOrder.logoUrl || null },
  }
  const fieldOf = (path: string) => {
    const match = path.match(/^deliveryMethods\.(\d+)\.(\w+)/)
    // The server's one objection to the payment methods from this form: bank transfer without IBAN.
    if (!match) return path === 'paymentMethods' ? 'payments.bank_transfer' : path
    const kind = kinds[Number(match[1])] ?? 'pickup'
    const field = match[2] as string
    const renamed: Record<string, string> = {
      feeCents: 'fee',
      freeFromCents: 'freeFrom',
    }
    return `${kind}.${renamed[field] ?? field}`
  }
  return { config, fieldOf }
}

/** The schema's objections, by form field; undefined when the draft passes. */
export function draftErrors(values: ShopFormValues, kind: ShopSettings['kind']) {
  const draft = draftOf(values)
  const fields: Record<string, string> = {}
  const euro = (text: string, field: string, what: string, optional = false) => {
    const cents = parseEuroToCents(text)
    if (cents === null ? !optional : Number.isNaN(cents) || cents < 0) {
      fields[field] = `Bitte gib ${what} in Euro an, z. B. 4,90.`
    }
  }
  if (kind === 'shop') {
    if (values.courier.enabled) {
      euro(values.courier.fee, 'courier.fee', 'die Liefergebühr')
      euro(values.courier.freeFrom, 'courier.freeFrom', 'den Betrag', true)
    }
    if (values.shipping.enabled) euro(values.shipping.fee, 'shipping.fee', 'die Versandkosten')
  }
  const schemaErrors = formErrorsOf(shopSettingsSchema, draft.config, draft.fieldOf)
  for (const [field, message] of Object.entries(schemaErrors)) {
    if (kind === 'club_site' && !isClubField(field)) continue
    fields[field] ??= message
  }
  return Object.keys(fields).length > 0 ? { fields } : undefined
}

const isClubField = (field: string) =>
  clubSiteFields.some((name) => field === name || field.startsWith(`${name}.`))
