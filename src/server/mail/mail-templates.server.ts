import { formatDateTime, formatMoney } from '../../lib/format'
import type { TransferInstructions } from '../../lib/payments'
import { withdrawalLineLabels } from '../../lib/withdrawal'
import { backOfficeMailParts } from './back-office-mails.server'
import type { MailKind } from './mail.schema'

/** Who a mail comes from: the shop, as its config presents it. */
export interface MailSender {
  shopName: string
  /** Absolute URL of the logo, or null. */
  logoUrl: string | null
  addressLines: string[]
  email: string
  phone: string
}

/** What each kind of mail says; links are absolute URLs on the shop's host. */
export type MailContent =
  | { kind: 'confirm_registration'; name: string; link: string }
  | { kind: 'registration_exists'; name: string; loginLink: string; resetLink: string }
  | {
      kind: 'reset_password'
      name: string
      link: string
      /** A shop customer's account, or a business user's (the back office says "du"). */
      audience: 'shop' | 'back_office'
    }
  | { kind: 'confirm_email_change'; name: string; link: string }
  | { kind: 'email_changed'; name: string; newEmail: string; resetLink: string }
  | {
      kind: 'order_received'
      name: string
      orderNumber: string
      totalCents: number
      link: string
      /** How to pay a bank-transfer order; null for any other. */
      transfer: TransferInstructions | null
    }
  | {
      kind: 'payment_received'
      name: string
      orderNumber: string
      amountCents: number
      link: string
    }
  | { kind: 'order_ready'; name: string; orderNumber: string; pickup: string; link: string }
  | { kind: 'order_shipped'; name: string; orderNumber: string; link: string }
  | {
      kind: 'order_cancelled'
      name: string
      orderNumber: string
      reason: string
      /** What is paid back (by Mollie, or by hand for transfer and cash), if anything was paid. */
      refundCents: number | null
      link: string
    }
  | {
      kind: 'reservation_expiring'
      name: string
      orderNumber: string
      expiresAt: Date
      link: string
    }
  | {
      kind: 'order_confirmed'
      name: string
      orderNumber: string
      link: string
      contract: ContractDetails
      /** How to pay a bank-transfer order still open; null otherwise. */
      transfer: TransferInstructions | null
    }
  | {
      kind: 'withdrawal_received'
      name: string
      orderNumber: string
      receivedAt: Date
      /** The lines the withdrawal covers, by name. */
      lines: string[]
      link: string
    }
  | { kind: 'order_completed'; name: string; orderNumber: string; link: string }
  | {
      kind: 'invitation'
      name: string
      organisationName: string
      roleLabel: string
      invitedBy: string | null
      expiresAt: Date
      link: string
    }
  | {
      kind: 'payment_reminder'
      name: string
      orderNumber: string
      invoiceNumber: string
      invoiceDate: string
      dueDate: string
      openCents: number
      /** Who receives the transfer, as the invoice names it, with the invoice number as reference. */
      transfer: TransferInstructions
      /** The shop account's order page; none for a customer without one. */
      link: string | null
    }
  | {
      kind: 'payment_refunded'
      name: string
      orderNumber: string
      amountCents: number
      link: string
    }

/**
 * The contract on a durable medium (§ 312f Abs. 2 BGB, Art. 246a EGBGB): who sells, what at which
 * price, delivery and payment, the terms, and per line whether the right of withdrawal applies —
 * with the withdrawal information and the model form where it does (ADR 067).
 */
export interface ContractDetails {
  /** Name with legal form, address, contact, register and VAT id, one per line. */
  seller: string[]
  lines: { name: string; quantity: string; grossCents: number; withdrawal: boolean }[]
  delivery: string
  deliveryFeeCents: number
  totalCents: number
  payment: string
  termsLink: string | null
  /** The shop's Widerrufsbelehrung with the model form; null when no line has the right. */
  withdrawalInformation: string | null
  /** The shop's withdrawal function, where the right applies. */
  withdrawalLink: string | null
}

/** The transfer's details, one per line, as a banking app asks for them. */
const transferBlock = (transfer: TransferInstructions) =>
  [
    `Empfänger: ${transfer.accountHolder}`,
    `IBAN: ${transfer.iban}`,
    ...(transfer.bic ? [`BIC: ${transfer.bic}`] : []),
    ...(transfer.bankName ? [`Bank: ${transfer.bankName}`] : []),
    `Betrag: ${formatMoney(transfer.amountCents)}`,
    `Verwendungszweck: ${transfer.reference}`,
  ].join('\n')

/** The request to pay a bank-transfer order, or nothing when there is none to pay. */
const transferParagraphs = (transfer: TransferInstructions | null) =>
  transfer
    ? [
        `Bitte überweisen Sie ${formatMoney(transfer.amountCents)} unter Angabe des Verwendungszwecks ${transfer.reference}:`,
        transferBlock(transfer),
      ]
    : []

const withdrawalStatement = {
  all: 'Für alle Positionen dieser Bestellung besteht ein gesetzliches Widerrufsrecht. Die Widerrufsbelehrung und das Muster-Widerrufsformular finden Sie unten.',
  none: 'Für diese Bestellung besteht kein Widerrufsrecht: Arzneimittel, die nach Ihrer ärztlichen Verschreibung zubereitet werden, sind vom Widerruf ausgeschlossen (§ 312g Abs. 2 Nr. 1 BGB).',
  some: 'Ihre Bestellung enthält Positionen mit und ohne Widerrufsrecht. Für die mit „Widerrufsrecht besteht“ markierten Positionen gilt die Widerrufsbelehrung unten; für Arzneimittel, die nach Ihrer ärztlichen Verschreibung zubereitet werden, besteht kein Widerrufsrecht (§ 312g Abs. 2 Nr. 1 BGB).',
}

/** Markdown as a plain-text mail reads it: no heading marks, escapes or emphasis; links spelled out. */
export function plainTextOfMarkdown(markdown: string, origin: string): string {
  return markdown
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/\\([*_])/g, '$1')
    .replace(
      /\[([^\]]+)\]\(([^)]+)\)/g,
      (_, text: string, href: string) =>
        `${text} (${href.startsWith('/') ? `${origin}${href}` : href})`,
    )
}

function contractParagraphs(contract: ContractDetails): string[] {
  const withdrawable = contract.lines.filter((line) => line.withdrawal).length
  const statement =
    withdrawable === 0 ? 'none' : withdrawable === contract.lines.length ? 'all' : 'some'
  return [
    `Verkäufer:\n${contract.seller.join('\n')}`,
    [
      'Ihre Bestellung:',
      ...contract.lines.map(
        (line) =>
          `- ${line.quantity} ${line.name}: ${formatMoney(line.grossCents)} (${line.withdrawal ? withdrawalLineLabels.applies : withdrawalLineLabels.excluded})`,
      ),
      `Lieferart: ${contract.delivery}${contract.deliveryFeeCents > 0 ? `, Liefergebühr ${formatMoney(contract.deliveryFeeCents)}` : ''}`,
      `Gesamtbetrag: ${formatMoney(contract.totalCents)} (inkl. Umsatzsteuer)`,
      `Zahlungsart: ${contract.payment}`,
    ].join('\n'),
    contract.termsLink
      ? `Es gelten unsere Allgemeinen Geschäftsbedingungen: ${contract.termsLink}`
      : 'Es gelten die gesetzlichen Bestimmungen; eigene Geschäftsbedingungen verwenden wir nicht.',
    withdrawalStatement[statement],
    ...(contract.withdrawalLink
      ? [
          `Sie können den Vertrag bis zum Ende der Widerrufsfrist auch hier widerrufen: ${contract.withdrawalLink}`,
        ]
      : []),
    ...(contract.withdrawalInformation ? [contract.withdrawalInformation] : []),
  ]
}

export interface RenderedMail {
  subject: string
  text: string
  html: string
}

export interface MailParts {
  subject: string
  paragraphs: string[]
  action?: { label: string; link: string }
}

const parts: { [K in MailKind]: (content: Extract<MailContent, { kind: K }>) => MailParts } = {
  confirm_registration: ({ link }) => ({
    subject: 'Bitte bestätigen Sie Ihre Registrierung',
    paragraphs: [
      'vielen Dank für Ihre Registrierung. Bitte bestätigen Sie Ihre E-Mail-Adresse, damit Sie sich anmelden können.',
      'Der Link ist 48 Stunden gültig. Haben Sie sich nicht registriert, können Sie diese E-Mail ignorieren.',
    ],
    action: { label: 'E-Mail-Adresse bestätigen', link },
  }),
  registration_exists: ({ loginLink, resetLink }) => ({
    subject: 'Sie haben bereits ein Kundenkonto',
    paragraphs: [
      'jemand hat versucht, mit Ihrer E-Mail-Adresse ein neues Kundenkonto anzulegen. Sie haben bereits ein Konto bei uns.',
      `Sie können sich wie gewohnt anmelden: ${loginLink}`,
      'Haben Sie Ihr Passwort vergessen, setzen Sie es über den folgenden Link zurück. Waren Sie das nicht, müssen Sie nichts tun.',
    ],
    action: { label: 'Passwort zurücksetzen', link: resetLink },
  }),
  reset_password: ({ link, audience }) =>
    audience === 'back_office'
      ? backOfficeMailParts.reset_password({ link })
      : {
          subject: 'Passwort zurücksetzen',
          paragraphs: [
            'Sie haben angefordert, Ihr Passwort zurückzusetzen. Der Link ist eine Stunde gültig und kann einmal verwendet werden; danach sind alle Ihre Sitzungen abgemeldet.',
            'Haben Sie das nicht angefordert, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt unverändert.',
          ],
          action: { label: 'Neues Passwort festlegen', link },
        },
  confirm_email_change: ({ link }) => ({
    subject: 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse',
    paragraphs: [
      'Sie möchten Ihre E-Mail-Adresse ändern. Bitte bestätigen Sie die neue Adresse; bis dahin gilt die bisherige.',
    ],
    action: { label: 'Neue E-Mail-Adresse bestätigen', link },
  }),
  email_changed: ({ newEmail, resetLink }) => ({
    subject: 'Ihre E-Mail-Adresse wurde geändert',
    paragraphs: [
      `die E-Mail-Adresse Ihres Kundenkontos lautet jetzt ${newEmail}. Mitteilungen zu Ihrem Konto und Ihren Bestellungen gehen künftig dorthin.`,
      'Haben Sie das nicht veranlasst, setzen Sie bitte sofort Ihr Passwort zurück und wenden Sie sich an uns.',
    ],
    action: { label: 'Passwort zurücksetzen', link: resetLink },
  }),
  order_received: ({ orderNumber, totalCents, link, transfer }) => ({
    subject: `Ihre Bestellung ${orderNumber} ist eingegangen`,
    paragraphs: [
      `vielen Dank für Ihre Bestellung ${orderNumber} über ${formatMoney(totalCents)}.`,
      'Wir prüfen Ihre Bestellung und, wo nötig, Ihre Verschreibung, und melden uns, sobald sie abholbereit ist oder versandt wird.',
      ...transferParagraphs(transfer),
    ],
    action: { label: 'Bestellung ansehen', link },
  }),
  payment_received: ({ orderNumber, amountCents, link }) => ({
    subject: `Zahlung für Bestellung ${orderNumber} erhalten`,
    paragraphs: [
      `wir haben Ihre Zahlung über ${formatMoney(amountCents)} für die Bestellung ${orderNumber} erhalten.`,
    ],
    action: { label: 'Bestellung ansehen', link },
  }),
  order_ready: ({ orderNumber, pickup, link }) => ({
    subject: `Ihre Bestellung ${orderNumber} ist abholbereit`,
    paragraphs: [
      `Ihre Bestellung ${orderNumber} liegt für Sie bereit.`,
      `Abholung: ${pickup}`,
      'Bitte bringen Sie einen Ausweis und, falls noch nicht vorgelegt, das Originalrezept mit.',
    ],
    action: { label: 'Bestellung ansehen', link },
  }),
  order_shipped: ({ orderNumber, link }) => ({
    subject: `Ihre Bestellung ${orderNumber} ist unterwegs`,
    paragraphs: [`Ihre Bestellung ${orderNumber} ist auf dem Weg zu Ihnen.`],
    action: { label: 'Bestellung ansehen', link },
  }),
  order_cancelled: ({ orderNumber, reason, refundCents, link }) => ({
    subject: `Ihre Bestellung ${orderNumber} wurde storniert`,
    paragraphs: [
      `Ihre Bestellung ${orderNumber} wurde storniert. Grund: ${reason}`,
      ...(refundCents
        ? [`Den bereits gezahlten Betrag von ${formatMoney(refundCents)} erstatten wir Ihnen.`]
        : []),
    ],
    action: { label: 'Bestellung ansehen', link },
  }),
  reservation_expiring: ({ orderNumber, expiresAt, link }) => ({
    subject: `Ihre Reservierung ${orderNumber} läuft bald ab`,
    paragraphs: [
      `Ihre Reservierung ${orderNumber} gilt bis ${formatDateTime(expiresAt)} Uhr. Danach geben wir die Ware wieder frei.`,
    ],
    action: { label: 'Reservierung ansehen', link },
  }),
  order_confirmed: ({ orderNumber, link, contract, transfer }) => ({
    subject: `Ihre Bestellung ${orderNumber} ist bestätigt`,
    paragraphs: [
      `wir haben Ihre Bestellung ${orderNumber} geprüft und nehmen sie an; damit ist der Kaufvertrag geschlossen. Wir melden uns wieder, sobald sie abholbereit ist oder versandt wird. Bitte bewahren Sie diese E-Mail auf: sie enthält Ihren Vertrag.`,
      ...transferParagraphs(transfer),
      ...contractParagraphs(contract),
    ],
    action: { label: 'Bestellung ansehen', link },
  }),
  withdrawal_received: ({ orderNumber, receivedAt, lines, link }) => ({
    subject: `Eingangsbestätigung Ihres Widerrufs zur Bestellung ${orderNumber}`,
    paragraphs: [
      `wir bestätigen den Eingang Ihres Widerrufs des Vertrags zur Bestellung ${orderNumber} am ${formatDateTime(receivedAt)} Uhr.`,
      `Der Widerruf umfasst:\n${lines.map((line) => `- ${line}`).join('\n')}`,
      'Wir melden uns zur Rückgabe der Ware und erstatten Ihnen die Zahlungen nach unserer Widerrufsbelehrung spätestens binnen vierzehn Tagen ab heute.',
    ],
    action: { label: 'Bestellung ansehen', link },
  }),
  order_completed: ({ orderNumber, link }) => ({
    subject: `Ihre Bestellung ${orderNumber} ist abgeschlossen`,
    paragraphs: [
      `Ihre Bestellung ${orderNumber} ist abgeschlossen. Vielen Dank für Ihr Vertrauen.`,
      'Ihre Rechnung finden Sie in Ihrem Kundenkonto.',
    ],
    action: { label: 'Bestellung ansehen', link },
  }),
  payment_reminder: ({ invoiceNumber, invoiceDate, dueDate, openCents, transfer, link }) => ({
    subject: `Zahlungserinnerung zur Rechnung ${invoiceNumber}`,
    paragraphs: [
      `zu unserer Rechnung ${invoiceNumber} vom ${invoiceDate} konnten wir bis heute keinen vollständigen Zahlungseingang feststellen. Das Zahlungsziel war der ${dueDate}.`,
      `Offen sind ${formatMoney(openCents)}. Bitte überweisen Sie den Betrag unter Angabe der Rechnungsnummer ${transfer.reference} als Verwendungszweck:`,
      transferBlock(transfer),
      'Falls Sie in den letzten Tagen bereits gezahlt haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.',
    ],
    ...(link && { action: { label: 'Bestellung ansehen', link } }),
  }),
  payment_refunded: ({ orderNumber, amountCents, link }) => ({
    subject: `Erstattung für Bestellung ${orderNumber}`,
    paragraphs: [
      `wir haben Ihnen ${formatMoney(amountCents)} für die Bestellung ${orderNumber} erstattet. Je nach Zahlungsart kann es einige Tage dauern, bis der Betrag bei Ihnen eingeht.`,
    ],
    action: { label: 'Bestellung ansehen', link },
  }),
  invitation: backOfficeMailParts.invitation,
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character)

/** Plain text plus simple HTML, signed with the shop's name, address and contact. */
export function renderMail(content: MailContent, sender: MailSender): RenderedMail {
  const { subject, paragraphs, action } = (parts[content.kind] as (c: MailContent) => MailParts)(
    content,
  )
  const greeting = content.name ? `Guten Tag ${content.name},` : 'Guten Tag,'
  const signature = [
    sender.shopName,
    ...sender.addressLines,
    sender.phone && `Telefon ${sender.phone}`,
    sender.email,
  ].filter((line) => line !== '')
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(action ? [`${action.label}: ${action.link}`, ''] : []),
    'Mit freundlichen Grüßen',
    ...signature,
  ].join('\n')
  const style = 'font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5'
  const html = [
    `<!doctype html><html lang="de"><body style="${style}">`,
    sender.logoUrl
      ? `<p><img src="${escapeHtml(sender.logoUrl)}" alt="${escapeHtml(sender.shopName)}" height="48"></p>`
      : `<p><strong>${escapeHtml(sender.shopName)}</strong></p>`,
    `<p>${escapeHtml(greeting)}</p>`,
    // A paragraph's own line breaks (an account's lines) stay lines.
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`),
    action
      ? `<p><a href="${escapeHtml(action.link)}" style="display:inline-block;padding:10px 16px;background:#1f6f43;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
      : '',
    `<p>Mit freundlichen Grüßen<br>${signature.map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n')
  return { subject: `${subject} – ${sender.shopName}`, text, html }
}
