import { z } from 'zod'
import {
  checkShopColours,
  formatContrast,
  graphicContrastMinimum,
  isHexColour,
  textContrastMinimum,
} from './colour-contrast'
import { type MailOrder, type TenantConfig, tenantConfigSchema } from './tenant-config'
import { text } from './text-schema'

/**
 * The shop settings of `/organisations/$id?tab=shop` (issue 13): the tenant config (version 2,
 * ADR 026) as the owner edits it, with the checks a stored config does not repeat on every read —
 * readable colours and the legal texts a shop must have.
 */

/** What a shop must name before it may ship, field by field (§ 11a ApoG, domain.md). */
export const mailOrderMissingMessages: Record<keyof MailOrder, string> = {
  permitAuthority:
    'Für den Versand braucht die Apotheke eine Versandhandelserlaubnis (§ 11a ApoG): Bitte geben Sie die Behörde an, die sie erteilt hat.',
  permitDate:
    'Für den Versand braucht die Apotheke eine Versandhandelserlaubnis (§ 11a ApoG): Bitte geben Sie das Datum der Erlaubnis an.',
  registerUrl:
    'Für den Versand muss der Shop auf seinen Eintrag im Versandhandelsregister verlinken: Bitte geben Sie die Adresse des Eintrags an.',
  logoUrl:
    'Für den Versand muss der Shop das EU-Sicherheitslogo zeigen: Bitte laden Sie das Logo hoch, das Sie vom Register erhalten haben.',
}

export const shopSettingsSchema = tenantConfigSchema.superRefine((config, context) => {
  const { primary, primaryForeground } = config.colors
  if (isHexColour(primary) && isHexColour(primaryForeground)) {
    const check = checkShopColours(config.colors)
    if (check.text < textContrastMinimum) {
      context.addIssue({
        code: 'custom',
        path: ['colors', 'primaryForeground'],
        message: `Text in dieser Farbe ist auf der Hauptfarbe schlecht lesbar (Kontrast ${formatContrast(check.text)}, nötig sind ${formatContrast(textContrastMinimum)}).`,
      })
    }
    if (check.onPage < graphicContrastMinimum) {
      context.addIssue({
        code: 'custom',
        path: ['colors', 'primary'],
        message: `Die Hauptfarbe hebt sich zu wenig vom weißen Hintergrund ab (Kontrast ${formatContrast(check.onPage)}, nötig sind ${formatContrast(graphicContrastMinimum)}).`,
      })
    }
  }
  // § 11a ApoG, Reg. (EU) 699/2014: no shipping without the permit and the EU common logo.
  if (config.deliveryMethods.some((method) => method.kind === 'shipping')) {
    for (const [field, message] of Object.entries(mailOrderMissingMessages)) {
      const value = config.mailOrder[field as keyof MailOrder]
      if (value === '' || value === null) {
        context.addIssue({ code: 'custom', path: ['mailOrder', field], message })
      }
    }
  }
  // § 5 DDG and Art. 13 DSGVO: a shop without these may not go online.
  if (config.legalNotice.trim() === '') {
    context.addIssue({
      code: 'custom',
      path: ['legalNotice'],
      message: 'Ein Shop braucht ein Impressum (§ 5 DDG).',
    })
  }
  if (config.privacyPolicy.trim() === '') {
    context.addIssue({
      code: 'custom',
      path: ['privacyPolicy'],
      message: 'Ein Shop braucht eine Datenschutzerklärung (Art. 13 DSGVO).',
    })
  }
})

export type ShopSettingsInput = z.input<typeof tenantConfigSchema>

/**
 * What a club may set (KCanG § 6: no advertising): its name, logo, contact and legal texts. The
 * service keeps everything else as stored.
 */
export const clubSiteFields = [
  'shopName',
  'logoUrl',
  'contact',
  'legalNotice',
  'privacyPolicy',
] as const satisfies readonly (keyof TenantConfig)[]

/** A shop's logo is a stored file of purpose `shop_logo`, served at this address. */
export const shopLogoUrl = (fileId: string) => `/api/files/${fileId}`
export const shopLogoFileId = (url: string | null): string | null =>
  url?.match(/^\/api\/files\/([0-9a-f-]{36})$/)?.[1] ?? null

export const logoNotUploadedMessage = 'Bitte laden Sie das Logo erneut hoch.'
export const mailOrderLogoNotUploadedMessage = 'Bitte laden Sie das EU-Sicherheitslogo erneut hoch.'

const hostnamePattern = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

export const customDomainMessage =
  'Bitte geben Sie einen Hostnamen ohne https:// und ohne Pfad an, z. B. shop.ihre-apotheke.de.'

/** A host of the tenant's own; empty removes it. Checked against the app's domain by the service. */
export const customDomainSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase().replace(/\.$/, '') : value),
  z.union([
    z.literal('').transform(() => null),
    text({ max: 253, tooLong: customDomainMessage }).regex(hostnamePattern, customDomainMessage),
  ]),
)

/** What the shop settings page shows. */
export interface ShopSettings {
  organisationId: string
  /** `pharmacy`: every setting; `club`: name, logo, contact and legal texts only. */
  kind: 'shop' | 'club_site'
  slug: string
  /** Where the shop answers: `https://<slug>.<domain>`. */
  address: string
  /** What a custom domain's CNAME points at. */
  cnameTarget: string
  customDomain: string | null
  /**
   * The own domain's proof of control: the TXT record its owner sets, and whether it was found.
   * Until then (and after it lapsed) the domain serves nothing.
   */
  domainVerification: {
    recordName: string
    recordValue: string
    verifiedAt: Date | null
    checkedAt: Date | null
  } | null
  /** False until the first save: the shop is not online yet. */
  published: boolean
  config: TenantConfig
  mollie: { keySet: boolean; mode: 'test' | 'live' | null }
  /** The organisation's bank account, which bank transfer shows (its letterhead). */
  bankAccount: { iban: string | null; bic: string | null; bankName: string | null }
  /**
   * A pharmacy's starting legal texts (ADR 067): a text that still equals its template is marked
   * "Vorlage – bitte prüfen" until the pharmacy saves its own. Null for a club's site.
   */
  legalTemplates: Record<LegalTemplateKind, string> | null
}

/** The legal texts a pharmacy's shop starts from a template. */
export type LegalTemplateKind = 'privacyPolicy' | 'terms' | 'withdrawalInformation'

export const legalTemplateNotice = 'Vorlage – bitte prüfen'

export const shopSettingsNotFoundMessage = 'Diese Organisation hat keinen Shop.'
