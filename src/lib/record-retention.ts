import { memberRestrictedMessage } from './handout-retention'

/**
 * How long records about a person must be kept, whatever the person asks (domain.md, "Personal
 * data: not too early, not too long"; ADR 068). Each period runs to the end of a calendar year:
 * the records are free from 1 January of the year given by `freeFromYear…` below.
 */

/**
 * Invoices, cancellation invoices and credit notes: eight years from the end of the year of issue
 * (§ 147 Abs. 1 Nr. 4, Abs. 3, 4 AO; "Buchungsbelege", shortened from ten to eight years by the
 * Bürokratieentlastungsgesetz IV from 2025).
 */
export const invoiceRetentionYears = 8

/**
 * Delivery notes and order confirmations (sent trade letters), and a consumer's withdrawal
 * declaration (a received one): six years (§ 147 Abs. 1 Nr. 2, 3, Abs. 3 AO, § 257 HGB).
 */
export const tradeLetterRetentionYears = 6

/**
 * A pharmacy's dispensing and preparation records and the prescription they rest on: one year
 * past the expiry date of the product, at least five years (§ 22 Abs. 1 ApBetrO). Safe reading:
 * the five years run to the end of the fifth calendar year after the dispensing.
 */
export const pharmacyRecordMinimumYears = 5
export const pharmacyRecordYearsPastExpiry = 1

/**
 * A prescription handed in for an order that was cancelled or lapsed backs no record: its health
 * data (scan, dosage, insurance number, prescriber, e-Rezept token) goes this many days after the
 * order closed — time for the patient's questions, nothing longer (Art. 5 Abs. 1 lit. e DSGVO).
 */
export const unusedPrescriptionRetentionDays = 30

/**
 * The audit log: as long as the longest period of what it documents — the invoices' eight years
 * from the end of the event's year (it shows who issued, cancelled and anonymised).
 */
export const auditRetentionYears = invoiceRetentionYears

/** A customer's erasure waits for the periods (Art. 18 DSGVO): what the owner is told instead. */
export const customerRestrictedMessage =
  'Der Kunde ist gesperrt: Rechnungen und Aufzeichnungen zu ihm müssen noch aufbewahrt werden (§ 147 AO, § 22 ApBetrO, § 26 KCanG). Er erscheint in keiner Liste und wird nach Ablauf der letzten Frist automatisch anonymisiert.'

/** The refusal of a second erasure request while the customer is restricted. */
export const restrictedMessageFor = (kind: string) =>
  kind === 'member' ? memberRestrictedMessage : customerRestrictedMessage
