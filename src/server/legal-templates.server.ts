import type { LegalTemplateKind } from '../lib/shop-settings'
import { publicWithdrawalPath } from '../lib/withdrawal'

/**
 * The legal texts a new shop starts from (issue 32; ADR 067): Widerrufsbelehrung with the model
 * withdrawal form, AGB with the information Art. 246c EGBGB asks for, and a privacy notice with
 * recipients and retention periods. They are templates: the settings mark a text that still equals
 * its template "Vorlage – bitte prüfen" until the pharmacy saves its own; the shop shows it as is.
 */

/** The seller as the templates name it: the organisation's record. */
export interface TemplateSeller {
  name: string
  street: string
  postalCode: string
  city: string
  email: string
  phone: string
}

const addressOf = (seller: TemplateSeller) =>
  [seller.name, seller.street, [seller.postalCode, seller.city].filter(Boolean).join(' ')]
    .filter((part) => part.trim())
    .join(', ')

const contactOf = (seller: TemplateSeller) =>
  [seller.phone && `Telefon ${seller.phone}`, seller.email && `E-Mail ${seller.email}`]
    .filter(Boolean)
    .join(', ')

/** Anlage 2 zu Art. 246a § 1 Abs. 2 Satz 1 Nr. 1 und § 2 Abs. 2 Nr. 2 EGBGB, the seller filled in. */
export function modelWithdrawalForm(seller: TemplateSeller): string {
  return [
    '## Muster-Widerrufsformular',
    '(Wenn Sie den Vertrag widerrufen wollen, dann füllen Sie bitte dieses Formular aus und senden Sie es zurück.)',
    [
      `- An ${addressOf(seller)}${seller.email ? `, E-Mail ${seller.email}` : ''}:`,
      '- Hiermit widerrufe(n) ich/wir (\\*) den von mir/uns (\\*) abgeschlossenen Vertrag über den Kauf der folgenden Waren (\\*)/die Erbringung der folgenden Dienstleistung (\\*)',
      '- Bestellt am (\\*)/erhalten am (\\*)',
      '- Name des/der Verbraucher(s)',
      '- Anschrift des/der Verbraucher(s)',
      '- Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier)',
      '- Datum',
    ].join('\n'),
    '(\\*) Unzutreffendes streichen.',
  ].join('\n\n')
}

/** Anlage 1 zu Art. 246a § 1 Abs. 2 Satz 2 EGBGB for goods, with the exclusion for preparations. */
function withdrawalInformation(seller: TemplateSeller): string {
  return [
    '## Widerrufsbelehrung',
    '### Widerrufsrecht',
    'Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen.',
    'Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag, an dem Sie oder ein von Ihnen benannter Dritter, der nicht der Beförderer ist, die Waren in Besitz genommen haben bzw. hat.',
    `Um Ihr Widerrufsrecht auszuüben, müssen Sie uns (${addressOf(seller)}${contactOf(seller) ? `, ${contactOf(seller)}` : ''}) mittels einer eindeutigen Erklärung (z. B. ein mit der Post versandter Brief oder eine E-Mail) über Ihren Entschluss, diesen Vertrag zu widerrufen, informieren. Sie können dafür das beigefügte Muster-Widerrufsformular verwenden, das jedoch nicht vorgeschrieben ist.`,
    `Sie können den Vertrag auch über die Funktion „Vertrag widerrufen“ bei der Bestellung in Ihrem Kundenkonto oder auf der Seite [Vertrag widerrufen](${publicWithdrawalPath}) widerrufen (§ 356a BGB). Wir bestätigen Ihnen den Eingang Ihres Widerrufs unverzüglich per E-Mail mit Datum und Uhrzeit.`,
    'Zur Wahrung der Widerrufsfrist reicht es aus, dass Sie die Mitteilung über die Ausübung des Widerrufsrechts vor Ablauf der Widerrufsfrist absenden.',
    '### Folgen des Widerrufs',
    'Wenn Sie diesen Vertrag widerrufen, haben wir Ihnen alle Zahlungen, die wir von Ihnen erhalten haben, einschließlich der Lieferkosten (mit Ausnahme der zusätzlichen Kosten, die sich daraus ergeben, dass Sie eine andere Art der Lieferung als die von uns angebotene, günstigste Standardlieferung gewählt haben), unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurückzuzahlen, an dem die Mitteilung über Ihren Widerruf dieses Vertrags bei uns eingegangen ist. Für diese Rückzahlung verwenden wir dasselbe Zahlungsmittel, das Sie bei der ursprünglichen Transaktion eingesetzt haben, es sei denn, mit Ihnen wurde ausdrücklich etwas anderes vereinbart; in keinem Fall werden Ihnen wegen dieser Rückzahlung Entgelte berechnet. Wir können die Rückzahlung verweigern, bis wir die Waren wieder zurückerhalten haben oder bis Sie den Nachweis erbracht haben, dass Sie die Waren zurückgesandt haben, je nachdem, welches der frühere Zeitpunkt ist.',
    `Sie haben die Waren unverzüglich und in jedem Fall spätestens binnen vierzehn Tagen ab dem Tag, an dem Sie uns über den Widerruf dieses Vertrags unterrichten, an uns (${addressOf(seller)}) zurückzusenden oder zu übergeben. Die Frist ist gewahrt, wenn Sie die Waren vor Ablauf der Frist von vierzehn Tagen absenden. Sie tragen die unmittelbaren Kosten der Rücksendung der Waren.`,
    'Sie müssen für einen etwaigen Wertverlust der Waren nur aufkommen, wenn dieser Wertverlust auf einen zur Prüfung der Beschaffenheit, Eigenschaften und Funktionsweise der Waren nicht notwendigen Umgang mit ihnen zurückzuführen ist.',
    '### Ausschluss des Widerrufsrechts',
    'Das Widerrufsrecht besteht nicht bei Verträgen zur Lieferung von Waren, die nicht vorgefertigt sind und für deren Herstellung eine individuelle Auswahl oder Bestimmung durch den Verbraucher maßgeblich ist oder die eindeutig auf die persönlichen Bedürfnisse des Verbrauchers zugeschnitten sind (§ 312g Abs. 2 Nr. 1 BGB). Dazu gehören Arzneimittel, die wir nach Ihrer ärztlichen Verschreibung zubereiten (Rezepturarzneimittel): Cannabisblüten zerkleinert (NRF 22.12.), in Einzeldosen (NRF 22.13.) oder zur Teezubereitung (NRF 22.14., 22.15.) und Extrakte, die wir nach der Verschreibung herstellen. Für Fertigarzneimittel in der Originalpackung, unzerkleinerte Blüten und alle übrigen Waren besteht das Widerrufsrecht. Ihre Bestellbestätigung nennt für jede Position, ob das Widerrufsrecht besteht.',
    modelWithdrawalForm(seller),
  ].join('\n\n')
}

/** AGB of a pharmacy's shop with the information of Art. 246c EGBGB (§ 312i Abs. 1 Nr. 2 BGB). */
function terms(seller: TemplateSeller): string {
  return [
    '## Allgemeine Geschäftsbedingungen',
    `### § 1 Geltungsbereich und Vertragspartner\n\nDiese Bedingungen gelten für Bestellungen und Reservierungen im Online-Shop. Ihr Vertragspartner ist ${addressOf(seller)}${contactOf(seller) ? ` (${contactOf(seller)})` : ''}.`,
    [
      '### § 2 Vertragsschluss: die technischen Schritte',
      'Die Darstellung der Produkte im Shop ist kein bindendes Angebot. Der Vertrag kommt in diesen Schritten zustande:',
      [
        '1. Sie legen Produkte in den Warenkorb und gehen zur Kasse.',
        '2. Sie geben Rechnungs- und Lieferadresse, Lieferart, Zahlungsart und für verschreibungspflichtige Arzneimittel das Rezept an (Scan, E-Rezept-Token oder Vorlage des Originals).',
        '3. Die Kassenseite zeigt neben Ihren Angaben die Zusammenfassung mit allen Preisen und Kosten. Mit dem Button „zahlungspflichtig bestellen“ geben Sie ein verbindliches Angebot ab.',
        '4. Wir bestätigen den Eingang Ihrer Bestellung per E-Mail; diese Eingangsbestätigung ist noch keine Annahme.',
        '5. Wir prüfen die Bestellung und, wo nötig, die ärztliche Verschreibung. Mit unserer Bestellbestätigung per E-Mail nehmen wir Ihr Angebot an; erst dann kommt der Vertrag zustande. Verschreibungspflichtige Arzneimittel geben wir nur gegen eine gültige Verschreibung ab.',
      ].join('\n'),
    ].join('\n\n'),
    '### § 3 Speicherung des Vertragstextes\n\nWir speichern den Vertragstext. Die Bestelldaten und diese AGB senden wir Ihnen mit der Bestellbestätigung per E-Mail zu. Mit einem Kundenkonto sehen Sie Ihre Bestellungen jederzeit unter „Meine Bestellungen“; diese AGB können Sie jederzeit auf dieser Seite abrufen und ausdrucken.',
    '### § 4 Eingabefehler erkennen und berichtigen\n\nBis zum Absenden können Sie alle Angaben auf der Kassenseite direkt ändern; Mengen ändern oder Produkte entfernen Sie im Warenkorb. Sie können den Vorgang jederzeit abbrechen, indem Sie die Seite verlassen. Die Zoomfunktion Ihres Browsers hilft, Eingaben besser zu erkennen.',
    '### § 5 Vertragssprache\n\nDer Vertrag wird in deutscher Sprache geschlossen.',
    '### § 6 Verhaltenskodizes\n\nWir haben uns keinen besonderen Verhaltenskodizes unterworfen. Als Apotheke beachten wir die Berufsordnung der zuständigen Apothekerkammer.',
    '### § 7 Preise, Liefer- und Versandkosten\n\nAlle Preise enthalten die gesetzliche Umsatzsteuer. Liefer- und Versandkosten nennt der Shop bei der Lieferart vor der Bestellung. Gesetzlich Versicherte zahlen für verordnete Arzneimittel die gesetzliche Zuzahlung.',
    '### § 8 Lieferung und Zahlung\n\nWir bieten die Lieferarten und Zahlungsarten an, die der Shop bei der Bestellung nennt. Cannabisblüten versenden wir nur, wo das Recht es zulässt.',
    '### § 9 Widerrufsrecht\n\nVerbrauchern steht ein Widerrufsrecht nach Maßgabe unserer [Widerrufsbelehrung](/widerruf) zu. Es besteht nicht für Arzneimittel, die wir nach Ihrer ärztlichen Verschreibung zubereiten (§ 312g Abs. 2 Nr. 1 BGB).',
    '### § 10 Gewährleistung\n\nEs gelten die gesetzlichen Mängelrechte.',
    '### § 11 Streitbeilegung\n\nWir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.',
  ].join('\n\n')
}

/** A privacy notice for the shop: controller, purposes, recipients, retention periods, rights. */
function privacyPolicy(seller: TemplateSeller): string {
  return [
    '## Datenschutzerklärung',
    `### Verantwortlicher\n\n${addressOf(seller)}${contactOf(seller) ? `, ${contactOf(seller)}` : ''}.`,
    '### Zwecke und Rechtsgrundlagen\n\nWir verarbeiten Ihre Daten, um Ihre Bestellungen und Rezepte abzuwickeln (Art. 6 Abs. 1 lit. b DSGVO) und um gesetzliche Pflichten zu erfüllen (Art. 6 Abs. 1 lit. c DSGVO, insbesondere Apothekenbetriebsordnung, Medizinal-Cannabisgesetz und Abgabenordnung). Gesundheitsdaten aus Verschreibungen verarbeiten wir nach Art. 9 Abs. 2 lit. h DSGVO ausschließlich zu Ihrer Versorgung. Für die Anmeldung setzen wir ein notwendiges Cookie, das nur die Sitzung aufrechterhält; Cookies zu Werbe- oder Analysezwecken verwenden wir nicht.',
    [
      '### Empfänger',
      [
        '- Zahlungsdienstleister: Mollie B.V., Amsterdam (Niederlande), wenn Sie online bezahlen — Name, Betrag, Bestellnummer und Zahlungsdaten.',
        '- E-Mail-Versanddienstleister, der unsere E-Mails zustellt (Auftragsverarbeitung, Art. 28 DSGVO).',
        '- Hosting: der Betreiber der Shop-Software und sein Rechenzentrum (Auftragsverarbeitung, Art. 28 DSGVO).',
        '- Unser Steuerberater, soweit Rechnungen und Buchungsbelege betroffen sind.',
        '- Ihre Krankenkasse bzw. deren Abrechnungsstelle bei Verordnungen zu Lasten der gesetzlichen Krankenversicherung.',
      ].join('\n'),
    ].join('\n\n'),
    [
      '### Speicherdauer',
      [
        '- Rechnungen und Buchungsbelege: 8 Jahre ab dem Ende des Kalenderjahres (§ 147 Abs. 1, 3 und 4 AO).',
        '- Handels- und Geschäftsbriefe: 6 Jahre ab dem Ende des Kalenderjahres (§ 147 AO, § 257 HGB).',
        '- Aufzeichnungen der Apotheke über Herstellung, Prüfung und Abgabe von Arzneimitteln: bis ein Jahr nach Ablauf des Verfalldatums, mindestens fünf Jahre (§ 22 ApBetrO).',
        '- Verschreibungen (Scan, E-Rezept-Daten) und die Angaben dazu: so lange wie die Aufzeichnungen, zu denen sie gehören (§ 22 ApBetrO), danach löschen wir sie.',
        '- Nachrichten über das Kontaktformular: 12 Monate; die IP-Adresse des Absenders: 30 Tage.',
        '- Ihr Kundenkonto: bis Sie es löschen; was danach aufbewahrt werden muss, sperren wir bis zum Ende der Frist.',
      ].join('\n'),
    ].join('\n\n'),
    '### Ihre Rechte\n\nSie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch (Art. 15–21 DSGVO) sowie das Recht, sich bei einer Datenschutz-Aufsichtsbehörde zu beschweren (Art. 77 DSGVO).',
  ].join('\n\n')
}

/** The templates for `seller`, by setting. */
export function legalTemplates(seller: TemplateSeller): Record<LegalTemplateKind, string> {
  return {
    privacyPolicy: privacyPolicy(seller),
    terms: terms(seller),
    withdrawalInformation: withdrawalInformation(seller),
  }
}
