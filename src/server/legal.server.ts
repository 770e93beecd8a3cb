import { eq } from 'drizzle-orm'
import { sellerIdentityLines } from '../lib/legal-forms'
import { mailOrderPermitText, showsMailOrderMarks } from '../lib/shop'
import type { App } from './app.server'
import { organisations } from './db/schema'
import { NotFoundError } from './errors.server'
import { resolveTenant } from './tenants.server'

/** Impressum and Datenschutz exist on every host; AGB and Widerrufsbelehrung only in a shop. */
export type LegalDocument = 'legalNotice' | 'privacyPolicy' | ShopLegalDocument
export type ShopLegalDocument = 'terms' | 'withdrawalInformation'

const isShopDocument = (document: LegalDocument): document is ShopLegalDocument =>
  document === 'terms' || document === 'withdrawalInformation'

export const noShopTextMessage = 'Dieser Shop hat diesen Text nicht hinterlegt.'

export interface LegalText {
  /** Whose text it is: the shop's, or the platform operator's. */
  publisher: string
  /** Markdown, drawn without raw HTML (`LegalMarkdown`, on the server: `legal-html.server.tsx`). */
  markdown: string
}

/** The platform operator's texts, built from its organisation record so the address stays true. */
async function platformText(
  app: App,
  document: 'legalNotice' | 'privacyPolicy',
): Promise<LegalText> {
  const [operator] = await app.systemDb
    .select()
    .from(organisations)
    .where(eq(organisations.category, 'platform'))
    .limit(1)
  const name = operator?.name ?? 'Blattwerk'
  const address = [
    operator?.street,
    [operator?.postalCode, operator?.city].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ')
  const email = `kontakt@${app.config.APP_DOMAIN}`
  const paragraphs =
    document === 'legalNotice'
      ? [
          `Angaben gemäß § 5 Digitale-Dienste-Gesetz: ${name}${address ? `, ${address}` : ''}.`,
          `Kontakt: E-Mail ${email}; Nachrichten erreichen uns auch über das Kontaktformular.`,
          'Blattwerk ist Software für Apotheken, Großhändler, Hersteller und Anbauvereinigungen. Für Angebote, Preise und Abgaben in den Shops sind die jeweiligen Betriebe verantwortlich; ihr Impressum steht im jeweiligen Shop.',
          // The shop finder's places and distances (ADR 078): CC BY 4.0 asks for the credit.
          'Orte und Entfernungen in der Apothekensuche: GeoNames (CC BY 4.0), https://www.geonames.org/.',
          'Verbraucherstreitbeilegung: Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.',
        ]
      : [
          `Verantwortlich für die Datenverarbeitung auf dieser Website ist ${name}${address ? `, ${address}` : ''} (E-Mail ${email}).`,
          'Beim Aufruf der Seiten verarbeiten wir technisch notwendige Daten (IP-Adresse, Zeitpunkt, aufgerufene Adresse) zum sicheren Betrieb (Art. 6 Abs. 1 lit. f DSGVO) und löschen Protokolle nach spätestens 14 Tagen.',
          'Für die Anmeldung setzen wir ein notwendiges Cookie („token“), das nur die Sitzung aufrechterhält; es wird nach spätestens 11,2 Stunden ungültig. Wir verwenden keine Cookies zu Werbe- oder Analysezwecken.',
          'Nachrichten über das Kontaktformular speichern wir, um Ihre Anfrage zu beantworten (Art. 6 Abs. 1 lit. b und f DSGVO), und löschen sie, wenn sie erledigt ist und keine Aufbewahrungspflicht besteht.',
          'Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch sowie das Recht, sich bei einer Datenschutz-Aufsichtsbehörde zu beschweren.',
        ]
  return { publisher: name, markdown: paragraphs.join('\n\n') }
}

/** On a shop's host its own texts; elsewhere (or while the shop is not configured) the platform's. */
export async function legalTextFor(
  app: App,
  host: string,
  document: LegalDocument,
): Promise<LegalText> {
  const tenant = await resolveTenant(app.systemDb, host, app.config.APP_DOMAIN)
  if (isShopDocument(document)) {
    const markdown = tenant?.hasShop ? (tenant.config?.[document] ?? '').trim() : ''
    if (markdown === '') throw new NotFoundError(noShopTextMessage)
    return { publisher: tenant?.config?.shopName ?? '', markdown }
  }
  if (tenant?.config) {
    const text = tenant.config[document]
    if (document === 'privacyPolicy') return { publisher: tenant.config.shopName, markdown: text }
    // A shipping shop names its mail-order permit and register entry here too (§ 11a ApoG).
    const mailOrder = showsMailOrderMarks(tenant.config)
      ? `${mailOrderPermitText(tenant.config.mailOrder)}.  \nEintrag im Versandhandelsregister: ${tenant.config.mailOrder.registerUrl}`
      : ''
    return {
      publisher: tenant.config.shopName,
      markdown: [await imprintHeader(app, tenant.organisationId), text, mailOrder]
        .filter(Boolean)
        .join('\n\n'),
    }
  }
  return platformText(app, document)
}

/**
 * The part of a shop's imprint its organisation record holds (§ 5 DDG): name with legal form,
 * who runs it, address, phone and e-mail, register and VAT id — the same record its documents
 * print, so the two cannot disagree. The owner's text follows (authority, chamber, profession).
 */
async function imprintHeader(app: App, organisationId: string): Promise<string> {
  const [row] = await app.systemDb
    .select()
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  if (!row) return ''
  const [name, ...rest] = sellerIdentityLines(row)
  const lines = [`**${name}**`, ...rest]
  // Markdown line breaks: two spaces at the end of each line.
  return lines.join('  \n')
}
