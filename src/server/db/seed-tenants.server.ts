import { createHash } from 'node:crypto'
import sharp from 'sharp'
import {
  type TenantConfig,
  type TenantConfigInput,
  tenantConfigSchema,
} from '../../lib/tenant-config'

import type { Executor } from './client.server'
import { storedFiles } from './core.schema'
import { demoIds } from './seed-ids.server'

/**
 * Sonnen-Apotheke ships, so it shows the EU common logo (Reg. (EU) 699/2014): a demo stand-in —
 * not the real logo, which only the register issues — kept like an uploaded shop logo.
 */
export const demoMailOrderLogoId = '00000000-0000-4000-8000-000000006601'

const demoMailOrderLogoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="200" viewBox="0 0 240 200">
  <rect width="240" height="200" fill="#ffffff"/>
  <rect x="8" y="8" width="224" height="120" fill="#1f5fa8"/>
  <g fill="#ffd500">${Array.from({ length: 12 }, (_, index) => {
    const angle = (index * Math.PI) / 6
    return `<circle cx="${(120 + 40 * Math.cos(angle)).toFixed(1)}" cy="${(68 + 40 * Math.sin(angle)).toFixed(1)}" r="5"/>`
  }).join('')}</g>
  <rect x="8" y="128" width="112" height="64" fill="#000000"/>
  <rect x="120" y="128" width="112" height="64" fill="#dd0000"/>
  <rect x="8" y="160" width="224" height="32" fill="#ffce00"/>
</svg>`

/** Stores the demo logo for Sonnen-Apotheke (idempotent: the id is fixed). */
export async function seedDemoMailOrderLogo(tx: Executor): Promise<void> {
  const data = await sharp(Buffer.from(demoMailOrderLogoSvg)).png().toBuffer()
  await tx
    .insert(storedFiles)
    .values({
      id: demoMailOrderLogoId,
      organisationId: demoIds.pharmacy,
      purpose: 'shop_logo',
      contentType: 'image/png',
      byteSize: data.byteLength,
      sha256: createHash('sha256').update(data).digest('hex'),
      data,
      createdBy: null,
    })
    .onConflictDoNothing()
}

/**
 * The demo shops' configs (version 2, ADR 026), parsed with the schema so a broken demo config
 * stops the seed instead of a page. Fake data throughout.
 */

const sonnenApotheke: TenantConfigInput = {
  version: 2,
  shopName: 'Sonnen-Apotheke',
  colors: { primary: '#1f6f43', primaryForeground: '#ffffff', accent: '#f2b705' },
  logoUrl: '/tenant-logos/sonnen-apotheke.svg',
  // The shop shows the organisation's contact record; only the opening hours are the shop's own.
  contact: {
    email: 'kontakt@sonnen-apotheke.example',
    phone: '+49 30 1234567',
    street: 'Sonnenallee 12',
    postalCode: '12045',
    city: 'Berlin',
    openingHours: 'Mo–Fr 8:30–18:30 Uhr, Sa 9:00–14:00 Uhr',
  },
  // Name, owner, address, phone, e-mail, register and VAT id come from the organisation's record
  // (legal.server.ts); the text holds what only the owner knows.
  legalNotice: [
    'Zuständige Aufsichtsbehörde: Landesamt für Gesundheit und Soziales Berlin',
    'Zuständige Kammer: Apothekerkammer Berlin',
    'Berufsbezeichnung: Apothekerin (verliehen in der Bundesrepublik Deutschland)',
    'Berufsrechtliche Regelungen: Apothekengesetz, Apothekenbetriebsordnung, Berufsordnung der Apothekerkammer Berlin',
  ].join('\n'),
  privacyPolicy: [
    'Verantwortlich für die Datenverarbeitung ist die Sonnen-Apotheke, Sonnenallee 12, 12045 Berlin.',
    'Wir verarbeiten Ihre Daten zur Abwicklung Ihrer Bestellungen und Rezepte (Art. 6 Abs. 1 lit. b DSGVO) sowie zur Erfüllung gesetzlicher Pflichten (Art. 6 Abs. 1 lit. c DSGVO, insbesondere Apothekenbetriebsordnung und Medizinal-Cannabisgesetz).',
    'Gesundheitsdaten aus Rezepten verarbeiten wir nach Art. 9 Abs. 2 lit. h DSGVO ausschließlich zur Versorgung.',
    'Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch sowie ein Beschwerderecht bei der Aufsichtsbehörde.',
  ].join('\n\n'),
  terms: [
    '§ 1 Geltungsbereich: Diese Bedingungen gelten für Bestellungen und Reservierungen im Online-Shop der Sonnen-Apotheke.',
    '§ 2 Vertragsschluss: Verschreibungspflichtige Arzneimittel geben wir nur gegen Vorlage einer gültigen ärztlichen Verschreibung ab. Der Vertrag kommt mit unserer Bestätigung nach Prüfung der Verschreibung zustande.',
    '§ 3 Preise: Alle Preise enthalten die gesetzliche Umsatzsteuer. Bei gesetzlich Versicherten berechnen wir die gesetzliche Zuzahlung.',
    '§ 4 Lieferung: Abholung in der Apotheke, Botendienst in den genannten Postleitzahlgebieten oder Versand. Cannabisblüten versenden wir nicht.',
  ].join('\n\n'),
  withdrawalInformation: [
    'Für verschreibungspflichtige Arzneimittel, die nach Ihrer Verschreibung zubereitet oder abgefüllt werden, besteht kein Widerrufsrecht (§ 312g Abs. 2 Nr. 1 und 3 BGB).',
    'Für übrige Waren können Sie Ihre Vertragserklärung innerhalb von 14 Tagen ohne Angabe von Gründen widerrufen. Die Frist beginnt mit Erhalt der Ware. Der Widerruf ist zu richten an: Sonnen-Apotheke, Sonnenallee 12, 12045 Berlin, kontakt@sonnen-apotheke.example.',
  ].join('\n\n'),
  deliveryMethods: [
    {
      kind: 'pickup',
      label: 'Abholung in der Apotheke',
      description: 'Abholung mit Ausweis und Originalrezept.',
      flowersAllowed: true,
      street: 'Sonnenallee 12',
      postalCode: '12045',
      city: 'Berlin',
      openingHours: 'Mo–Fr 8:30–18:30 Uhr, Sa 9:00–14:00 Uhr',
    },
    {
      kind: 'courier',
      label: 'Botendienst (Neukölln)',
      description: 'Lieferung am selben Tag bei Bestellung bis 14 Uhr.',
      flowersAllowed: true,
      postalCodes: ['12043', '12045', '12047'],
      feeCents: 490,
      freeFromCents: 10_000,
    },
    {
      kind: 'shipping',
      label: 'Versand (DHL, Ident-Check)',
      description: 'Zustellung nur an die volljährige Empfängerin oder den Empfänger.',
      flowersAllowed: false,
      feeCents: 690,
    },
  ],
  // Online payment shows once the shop has a Mollie key (README: test mode); without one the
  // embedded default offers pay at pickup and bank transfer.
  paymentMethods: ['pickup', 'bank_transfer', 'mollie'],
  showPricesPublicly: true,
  showStockAmounts: false,
  // A fictional permit and register entry: demo values, not a real pharmacy's.
  mailOrder: {
    permitAuthority: 'Landesamt für Gesundheit und Soziales Berlin (Demo)',
    permitDate: '2024-03-15',
    registerUrl: 'https://www.dimdi.de/dynamic/de/arzneimittel/versandhandel/demo-sonnen-apotheke',
    logoUrl: `/api/files/${demoMailOrderLogoId}`,
  },
}

const apothekeAmMarkt: TenantConfigInput = {
  version: 2,
  shopName: 'Apotheke am Markt',
  colors: { primary: '#1d4e89', primaryForeground: '#ffffff', accent: '#e07a1f' },
  logoUrl: null,
  contact: {
    email: 'buchhaltung@apotheke-am-markt.example',
    phone: '+49 331 2345678',
    street: 'Am Alten Markt 5',
    postalCode: '14467',
    city: 'Potsdam',
    openingHours: 'Mo–Fr 8:00–19:00 Uhr, Sa 9:00–13:00 Uhr',
  },
  legalNotice: [
    'Zuständige Aufsichtsbehörde: Landesamt für Arbeitsschutz, Verbraucherschutz und Gesundheit Brandenburg',
    'Zuständige Kammer: Landesapothekerkammer Brandenburg',
    'Berufsbezeichnung: Apotheker (verliehen in der Bundesrepublik Deutschland)',
  ].join('\n'),
  privacyPolicy: [
    'Verantwortlich für die Datenverarbeitung ist die Apotheke am Markt, Am Alten Markt 5, 14467 Potsdam.',
    'Wir verarbeiten Ihre Daten zur Versorgung mit Arzneimitteln (Art. 6 Abs. 1 lit. b und c, Art. 9 Abs. 2 lit. h DSGVO).',
    'Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch.',
  ].join('\n\n'),
  terms:
    'Verschreibungspflichtige Arzneimittel geben wir nur gegen Vorlage einer gültigen ärztlichen Verschreibung ab. Wir liefern ausschließlich mit unserem Botendienst in Potsdam.',
  withdrawalInformation:
    'Für verschreibungspflichtige Arzneimittel, die nach Ihrer Verschreibung zubereitet oder abgefüllt werden, besteht kein Widerrufsrecht (§ 312g Abs. 2 Nr. 1 und 3 BGB).',
  deliveryMethods: [
    {
      kind: 'courier',
      label: 'Botendienst (Potsdam)',
      description: 'Lieferung werktags zwischen 14 und 18 Uhr, Übergabe nur gegen Ausweis.',
      flowersAllowed: true,
      postalCodes: ['14467', '14469', '14471', '14473'],
      feeCents: 0,
      freeFromCents: null,
    },
  ],
  paymentMethods: ['bank_transfer'],
  // Prices of prescription medicines only for logged-in patients.
  showPricesPublicly: false,
  showStockAmounts: true,
}

const parsed = (config: TenantConfigInput, slug: string): TenantConfig => {
  const result = tenantConfigSchema.safeParse(config)
  if (!result.success) throw new Error(`Demo config of ${slug}: ${result.error.message}`)
  return result.data
}

export const demoTenantConfigs = {
  sonnenApotheke: parsed(sonnenApotheke, 'sonnen-apotheke'),
  apothekeAmMarkt: parsed(apothekeAmMarkt, 'apotheke-am-markt'),
}
