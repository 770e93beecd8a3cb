import { describe, expect, it } from 'vitest'
import { formatMoney } from '~/lib/format'
import {
  withdrawalAppliesTo,
  withdrawalLastDay,
  withdrawalMessages,
  withdrawalRefusal,
} from '~/lib/withdrawal'
import { legalTemplates } from '~/server/legal-templates.server'
import { type ContractDetails, renderMail } from '~/server/mail/mail-templates.server'

const flower = { requiresPrescription: true, category: 'flower' } as const
const extract = { requiresPrescription: true, category: 'extract' } as const
const vaporiser = { requiresPrescription: false, category: 'accessory' } as const

describe('withdrawalAppliesTo (§ 312g Abs. 2 Nr. 1 BGB)', () => {
  it('excludes flowers prepared to the prescription and prepared extracts', () => {
    for (const preparation of ['ground', 'single_doses', 'tea', 'tea_single_doses'] as const) {
      expect(withdrawalAppliesTo(flower, preparation)).toBe(false)
    }
    expect(withdrawalAppliesTo(extract, 'extract')).toBe(false)
  })
  it('keeps the right for packs as they come, goods without prescription and unknown preparations', () => {
    expect(withdrawalAppliesTo(flower, 'unground')).toBe(true)
    expect(withdrawalAppliesTo(flower, null)).toBe(true)
    expect(withdrawalAppliesTo(extract, 'ground')).toBe(true)
    expect(withdrawalAppliesTo(vaporiser, 'ground')).toBe(true)
    expect(withdrawalAppliesTo({ requiresPrescription: true, category: 'dronabinol' }, null)).toBe(
      true,
    )
  })
})

describe('the withdrawal period (§ 356 Abs. 2, §§ 187, 188, 193 BGB)', () => {
  it('has not begun before receipt', () => {
    expect(withdrawalLastDay(null)).toBeNull()
  })
  it('ends 14 days after the day of receipt, a weekend moving to Monday', () => {
    // Received Wednesday 4 November 2026 → Wednesday 18 November.
    expect(withdrawalLastDay('2026-11-04T10:00:00Z')).toBe('2026-11-18')
    // Received Saturday 7 November → Saturday 21 November → Monday 23 November.
    expect(withdrawalLastDay('2026-11-07T10:00:00Z')).toBe('2026-11-23')
    // 22:30 UTC on 5 November is 23:30 in Berlin: still the 5th.
    expect(withdrawalLastDay('2026-11-05T22:30:00Z')).toBe('2026-11-19')
  })
  it('refuses after the last day, for closed orders and for orders with no such line', () => {
    const completed = {
      channel: 'shop',
      status: 'completed' as const,
      completedAt: '2026-11-04T10:00:00Z',
    }
    expect(withdrawalRefusal(completed, true, new Date('2026-11-18T22:00:00Z'))).toBeNull()
    expect(withdrawalRefusal(completed, true, new Date('2026-11-18T23:30:00Z'))).toBe(
      withdrawalMessages.periodEnded('2026-11-18'),
    )
    expect(withdrawalRefusal({ ...completed, status: 'cancelled' }, true, new Date())).toBe(
      withdrawalMessages.closed,
    )
    expect(withdrawalRefusal({ ...completed, channel: 'back_office' }, true, new Date())).toBe(
      withdrawalMessages.closed,
    )
    expect(withdrawalRefusal({ ...completed, completedAt: null }, false, new Date())).toBe(
      withdrawalMessages.noRight,
    )
  })
})

const seller = {
  name: 'Sonnen-Apotheke',
  street: 'Sonnenallee 12',
  postalCode: '12045',
  city: 'Berlin',
  email: 'kontakt@sonnen-apotheke.example',
  phone: '+49 30 1234567',
}

describe('the legal-text templates a new shop starts from', () => {
  const templates = legalTemplates(seller)
  it('Widerrufsbelehrung: right, period, consequences, exclusion, function and model form', () => {
    const text = templates.withdrawalInformation
    for (const part of [
      '### Widerrufsrecht',
      'binnen vierzehn Tagen',
      '### Folgen des Widerrufs',
      '### Ausschluss des Widerrufsrechts',
      '§ 312g Abs. 2 Nr. 1 BGB',
      'NRF 22.12.',
      'Vertrag widerrufen',
      '§ 356a BGB',
      '## Muster-Widerrufsformular',
      'Hiermit widerrufe(n) ich/wir',
      'Bestellt am (\\*)/erhalten am (\\*)',
      'Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier)',
      'Sonnen-Apotheke, Sonnenallee 12, 12045 Berlin',
    ]) {
      expect(text).toContain(part)
    }
  })
  it('AGB: the information of Art. 246c EGBGB', () => {
    const text = templates.terms
    for (const part of [
      'technischen Schritte',
      'zahlungspflichtig bestellen',
      'Speicherung des Vertragstextes',
      'Eingabefehler erkennen und berichtigen',
      'Vertragssprache',
      'deutscher Sprache',
      'Verhaltenskodizes',
    ]) {
      expect(text).toContain(part)
    }
  })
  it('Datenschutzerklärung: recipients and retention periods', () => {
    const text = templates.privacyPolicy
    for (const part of [
      'Mollie B.V.',
      'E-Mail-Versanddienstleister',
      'Hosting',
      'Steuerberater',
      '8 Jahre',
      '§ 147',
      '§ 22 ApBetrO',
      'mindestens fünf Jahre',
      'Verschreibungen',
      'Kontaktformular: 12 Monate',
    ]) {
      expect(text).toContain(part)
    }
  })
})

describe('the confirmation and receipt mails', () => {
  const sender = {
    shopName: 'Sonnen-Apotheke',
    logoUrl: null,
    addressLines: ['Sonnenallee 12', '12045 Berlin'],
    email: 'kontakt@sonnen-apotheke.example',
    phone: '',
  }
  const contract = (withdrawals: boolean[]): ContractDetails => ({
    seller: ['Sonnen-Apotheke e.K.', 'Sonnenallee 12, 12045 Berlin', 'USt-IdNr.: DE287654321'],
    lines: withdrawals.map((withdrawal, index) => ({
      name: `Produkt ${index + 1}`,
      quantity: '1 Stück',
      grossCents: 1000,
      withdrawal,
    })),
    delivery: 'Versand',
    deliveryFeeCents: 590,
    totalCents: 1000 * withdrawals.length + 590,
    payment: 'Überweisung',
    termsLink: 'https://sonnen.example/agb',
    withdrawalInformation: withdrawals.some(Boolean)
      ? 'Widerrufsbelehrung … Muster-Widerrufsformular'
      : null,
    withdrawalLink: withdrawals.some(Boolean) ? 'https://sonnen.example/vertrag-widerrufen' : null,
  })
  const confirmation = (withdrawals: boolean[]) =>
    renderMail(
      {
        kind: 'order_confirmed',
        name: 'Petra',
        orderNumber: 'AU-2026-00017',
        link: 'https://x',
        contract: contract(withdrawals),
        transfer: null,
      },
      sender,
    )

  it('carries seller, lines, delivery, total, payment and the terms', () => {
    const { text, html } = confirmation([true])
    for (const part of [
      'Sonnen-Apotheke e.K.',
      'USt-IdNr.: DE287654321',
      `1 Stück Produkt 1: ${formatMoney(1000)}`,
      `Lieferart: Versand, Liefergebühr ${formatMoney(590)}`,
      `Gesamtbetrag: ${formatMoney(1590)}`,
      'Zahlungsart: Überweisung',
      'https://sonnen.example/agb',
    ]) {
      expect(text).toContain(part)
    }
    expect(html).toContain('Sonnenallee 12, 12045 Berlin<br>')
  })
  it('states the right, its absence, or both per line', () => {
    const all = confirmation([true, true]).text
    expect(all).toContain(
      'Für alle Positionen dieser Bestellung besteht ein gesetzliches Widerrufsrecht',
    )
    expect(all).toContain('Muster-Widerrufsformular')
    expect(all).toContain('https://sonnen.example/vertrag-widerrufen')
    const none = confirmation([false]).text
    expect(none).toContain('Für diese Bestellung besteht kein Widerrufsrecht')
    expect(none).not.toContain('Muster-Widerrufsformular')
    const mixed = confirmation([true, false]).text
    expect(mixed).toContain(`Produkt 1: ${formatMoney(1000)} (Widerrufsrecht besteht)`)
    expect(mixed).toContain(`Produkt 2: ${formatMoney(1000)} (Kein Widerrufsrecht`)
    expect(mixed).toContain('Positionen mit und ohne Widerrufsrecht')
  })
  it('acknowledges a withdrawal with date and time of receipt', () => {
    const { subject, text } = renderMail(
      {
        kind: 'withdrawal_received',
        name: 'Petra',
        orderNumber: 'AU-2026-00017',
        receivedAt: new Date('2026-11-20T13:05:00Z'),
        lines: ['Vaporisator'],
        link: 'https://x',
      },
      sender,
    )
    expect(subject).toContain('Eingangsbestätigung Ihres Widerrufs')
    expect(text).toContain('am 20.11.2026, 14:05 Uhr')
    expect(text).toContain('- Vaporisator')
  })
})
