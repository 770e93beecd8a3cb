import { sql } from 'drizzle-orm'
import { formatCustomerNumber } from '../../lib/customers'
import { addCalendarDays, berlinIsoDate } from '../../lib/format'
import { numberCounters } from '../counters/counters.schema'
import { customerNumberYear } from '../counters/counters.server'
import { customerNotes, customers } from '../customers/customers.schema'
import type { Executor } from './client.server'
import {
  exempt,
  leipzigPostalCodes,
  leipzigStreets,
  memberNames,
  patients,
} from './seed-data/customers'

/**
 * The demo customers: Sonnen-Apotheke's 40 patients (statutory, private and self-paying, some
 * exempt from co-payment, one deactivated) and three business customers; Nordhanf's customers
 * Sonnen-Apotheke (an organisation of the platform) and Hafen-Apotheke, each with its operating
 * licence (§ 47 AMG) — Hafen-Apotheke's runs out in three weeks, so the dashboard shows it; Grüne Ecke's 30 members, two of them aged
 * 18–20 (the stricter hand-out limits apply to them). Plain batched inserts with fixed ids, so a
 * second run changes nothing; the counters continue after the seeded numbers.
 *
 * The shop account `kunde@example.com` is a consumer (b2c) account of the pharmacy's shop, so it
 * is linked to a patient (Kim Kunde), not to a business customer.
 */

export interface DemoCustomerOwners {
  pharmacy: string
  wholesaler: string
  club: string
  userPharmacyOwner: string
  userClubOwner: string
  shopCustomer: string
}

const customerId = (serial: number) =>
  `00000000-0000-4000-8000-00000000${(0xa000 + serial).toString(16)}`
const noteId = (serial: number) =>
  `00000000-0000-4000-8000-00000000${(0xb000 + serial).toString(16)}`

/** The customers the order seed and the tests name. */
export const demoCustomerIds = {
  /** Linked to the shop account kunde@example.com; statutory (TK). */
  kimKunde: customerId(1),
  /** Statutory, exempt from co-payment. */
  exemptPatient: customerId(4),
  statutoryPatient: customerId(2),
  privatePatient: customerId(3),
  selfPayPatient: customerId(5),
  deactivatedPatient: customerId(40),
  practice: customerId(41),
  painClinic: customerId(42),
  lindenApotheke: customerId(43),
  /** Nordhanf's customer: Sonnen-Apotheke (partner organisation on the platform). */
  nordhanfSonnenApotheke: customerId(0x101),
  /** Nordhanf's customer whose licence expires within 30 days. */
  nordhanfHafenApotheke: customerId(0x102),
  clubMember: customerId(0x201),
  /** Members aged 18–20 (KCanG: 30 g a month, at most 10 % THC). */
  youngMembers: [customerId(0x200 + 29), customerId(0x200 + 30)],
} as const

const day = 86_400_000
const daysAgo = (days: number) => berlinIsoDate(new Date(Date.now() - days * day))
/** A birth date `years` and `days` before today: the age stays right on any day of seeding. */
function bornYearsAgo(years: number, days: number): string {
  const [y, m, d] = berlinIsoDate().split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y - years, m - 1, d - days)).toISOString().slice(0, 10)
}
const emailOf = (first: string, last: string, domain: string) =>
  `${first}.${last}@${domain}`
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/ı/g, 'i')

type CustomerInsert = typeof customers.$inferInsert

function pharmacyCustomers(owners: DemoCustomerOwners): CustomerInsert[] {
  const rows: CustomerInsert[] = patients.map(
    ([firstName, lastName, birthDate, street, postalCode, payerKind, insurerName], index) => {
      const serial = index + 1
      return {
        id: customerId(serial),
        organisationId: owners.pharmacy,
        number: formatCustomerNumber(serial),
        kind: 'patient',
        firstName,
        lastName,
        birthDate,
        street,
        postalCode,
        city: 'Berlin',
        country: 'DE',
        email: index === 0 ? 'kunde@example.com' : emailOf(firstName, lastName, 'example.org'),
        phone: `030 ${String(6_120_000 + serial * 137)}`,
        payerKind,
        insurerName,
        insuranceNumber:
          payerKind === 'statutory'
            ? `${String.fromCharCode(65 + (serial % 26))}${String(100_000_000 + serial * 7_919).slice(0, 9)}`
            : payerKind === 'private'
              ? `PKV-${String(40_000 + serial * 31)}`
              : null,
        copaymentExempt: exempt.has(index),
        shopUserId: index === 0 ? owners.shopCustomer : null,
        deactivatedAt: serial === 40 ? new Date(Date.now() - 30 * day) : null,
        createdBy: owners.userPharmacyOwner,
      }
    },
  )
  const business = (serial: number, values: Partial<CustomerInsert>): CustomerInsert => ({
    id: customerId(serial),
    organisationId: owners.pharmacy,
    number: formatCustomerNumber(serial),
    kind: 'business',
    city: 'Berlin',
    country: 'DE',
    createdBy: owners.userPharmacyOwner,
    ...values,
  })
  rows.push(
    business(41, {
      companyName: 'Praxis Dr. med. Anja Weber',
      contactPerson: 'Dr. med. Anja Weber',
      street: 'Urbanstraße 71',
      postalCode: '10967',
      email: 'praxis@dr-weber.example',
      phone: '030 6912345',
      vatId: null,
      licenceNumber: null,
      // Wants its invoices as a PDF: ZUGFeRD (the other businesses get XRechnung).
      eInvoiceFormat: 'zugferd',
    }),
    business(42, {
      companyName: 'Schmerzzentrum Kreuzberg MVZ GmbH',
      contactPerson: 'Dr. med. Volker Brandt',
      street: 'Skalitzer Straße 97',
      postalCode: '10997',
      email: 'einkauf@schmerzzentrum-kreuzberg.example',
      phone: '030 6187770',
      vatId: 'DE301234567',
      eInvoiceAddress: 'rechnung@schmerzzentrum-kreuzberg.example',
    }),
    business(43, {
      companyName: 'Linden-Apotheke OHG',
      contactPerson: 'Apothekerin Miriam Lind',
      street: 'Lindenstraße 34',
      postalCode: '10969',
      email: 'bestellung@linden-apotheke.example',
      phone: '030 2519988',
      vatId: 'DE289876543',
      licenceNumber: 'BE-APO-2211',
    }),
  )
  return rows
}

/**
 * Nordhanf may deliver only to licensed pharmacies (§ 47 AMG): validity relative to the seeding
 * day, so the demo stays valid whenever it is set up.
 */
function wholesalerCustomers(owners: DemoCustomerOwners): CustomerInsert[] {
  const today = berlinIsoDate()
  return [
    {
      id: demoCustomerIds.nordhanfSonnenApotheke,
      organisationId: owners.wholesaler,
      number: formatCustomerNumber(1),
      kind: 'business',
      companyName: 'Sonnen-Apotheke',
      contactPerson: 'Dr. Clara Sonnberg',
      partnerOrganisationId: owners.pharmacy,
      vatId: 'DE123456789',
      licenceType: 'pharmacy',
      licenceNumber: 'BE-APO-1012',
      licenceAuthority: 'Landesamt für Gesundheit und Soziales Berlin',
      licenceValidUntil: addCalendarDays(today, 3 * 365),
      street: 'Sonnenallee 12',
      postalCode: '12045',
      city: 'Berlin',
      country: 'DE',
      email: 'inhaberin@sonnen-apotheke.example',
      phone: '030 1234567',
      eInvoiceAddress: 'inhaberin@sonnen-apotheke.example',
    },
    {
      id: demoCustomerIds.nordhanfHafenApotheke,
      organisationId: owners.wholesaler,
      number: formatCustomerNumber(2),
      kind: 'business',
      companyName: 'Hafen-Apotheke Altona',
      contactPerson: 'Apotheker Ole Hansen',
      vatId: 'DE276543210',
      licenceType: 'pharmacy',
      licenceNumber: 'HH-APO-2016-0231',
      licenceAuthority: 'Behörde für Justiz und Verbraucherschutz Hamburg',
      licenceValidUntil: addCalendarDays(today, 21),
      street: 'Große Elbstraße 145',
      postalCode: '22767',
      city: 'Hamburg',
      country: 'DE',
      email: 'einkauf@hafen-apotheke.example',
      phone: '040 3896512',
    },
  ]
}

function clubMembers(owners: DemoCustomerOwners): CustomerInsert[] {
  return memberNames.map(([firstName, lastName], index) => {
    const serial = index + 1
    const young = index >= 28
    const joinedDaysAgo = young ? 40 + index : 60 + index * 13
    return {
      id: customerId(0x200 + serial),
      organisationId: owners.club,
      number: formatCustomerNumber(serial),
      kind: 'member',
      firstName,
      lastName,
      // 19 and 20 years old (the young ones), else 22 to 66.
      birthDate: young
        ? bornYearsAgo(index === 28 ? 19 : 20, 45)
        : bornYearsAgo(22 + ((index * 7) % 45), index * 11),
      street: `${leipzigStreets[index % leipzigStreets.length]} ${3 + index * 2}`,
      postalCode: leipzigPostalCodes[index % leipzigPostalCodes.length],
      city: 'Leipzig',
      country: 'DE',
      email: index % 3 === 0 ? null : emailOf(firstName, lastName, 'example.net'),
      phone: index % 4 === 0 ? `0341 ${String(2_400_000 + serial * 211)}` : null,
      membershipNumber: `GE-${String(serial).padStart(3, '0')}`,
      joinedOn: daysAgo(joinedDaysAgo),
      idCheckedOn: daysAgo(joinedDaysAgo),
      noOtherClubDeclaredOn: daysAgo(joinedDaysAgo),
      noOtherClubRecordedBy: owners.userClubOwner,
      residenceDeclaredOn: daysAgo(joinedDaysAgo),
      residenceRecordedBy: owners.userClubOwner,
      // The board's account hands out, so it is a member's (§ 19 Abs. 2 KCanG): Lea Wolf's.
      teamUserId: serial === 2 ? owners.userClubOwner : null,
      createdBy: owners.userClubOwner,
    }
  })
}

function demoNotes(owners: DemoCustomerOwners): (typeof customerNotes.$inferInsert)[] {
  const note = (serial: number, customer: number, body: string, daysBack: number) => ({
    id: noteId(serial),
    organisationId: owners.pharmacy,
    customerId: customerId(customer),
    body,
    createdBy: owners.userPharmacyOwner,
    createdAt: new Date(Date.now() - daysBack * day),
  })
  return [
    note(1, 1, 'Bestellt meist über den Shop und holt am Samstagvormittag ab.', 20),
    note(2, 2, 'Verordnung von Dr. Weber, Folgerezept jeweils zum Monatsende.', 12),
    note(3, 4, 'Befreiungsbescheinigung liegt für das laufende Jahr vor.', 40),
    note(4, 42, 'Sammelbestellung für die Praxis, Lieferung per Botendienst.', 5),
  ]
}

/** Keeps a counter at least at `lastValue`, so new customers continue after the seeded ones. */
async function raiseCounter(tx: Executor, organisationId: string, lastValue: number) {
  await tx
    .insert(numberCounters)
    .values({ organisationId, series: 'customer', year: customerNumberYear, lastValue })
    .onConflictDoUpdate({
      target: [numberCounters.organisationId, numberCounters.series, numberCounters.year],
      set: { lastValue: sql`greatest(${numberCounters.lastValue}, ${lastValue})` },
    })
}

export async function seedDemoCustomers(tx: Executor, owners: DemoCustomerOwners): Promise<void> {
  const pharmacy = pharmacyCustomers(owners)
  const club = clubMembers(owners)
  // One after another: the transaction is one connection, which runs one query at a time.
  await tx
    .insert(customers)
    .values([...pharmacy, ...wholesalerCustomers(owners), ...club])
    .onConflictDoNothing()
  await tx.insert(customerNotes).values(demoNotes(owners)).onConflictDoNothing()
  await raiseCounter(tx, owners.pharmacy, pharmacy.length)
  await raiseCounter(tx, owners.wholesaler, 2)
  await raiseCounter(tx, owners.club, club.length)
}
