import { sql } from 'drizzle-orm'
import type { PayerKind } from '../../lib/customer-enums'
import { formatCustomerNumber } from '../../lib/customers'
import { berlinIsoDate } from '../../lib/format'
import { numberCounters } from '../counters/counters.schema'
import { customerNumberYear } from '../counters/counters.server'
import { customerNotes, customers } from '../customers/customers.schema'
import type { Executor } from './client.server'

/**
 * The demo customers: Sonnen-Apotheke's 40 patients (statutory, private and self-paying, some
 * exempt from co-payment, one deactivated) and three business customers; Nordhanf's customer
 * Sonnen-Apotheke (an organisation of the platform); Grüne Ecke's 30 members, two of them aged
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
  clubMember: customerId(0x201),
  /** Members aged 18–20 (KCanG: 30 g a month, at most 10 % THC). */
  youngMembers: [customerId(0x200 + 29), customerId(0x200 + 30)],
} as const

type Patient = [
  first: string,
  last: string,
  birth: string,
  street: string,
  postalCode: string,
  payer: PayerKind,
  insurer: string | null,
]

/** Berlin patients; index 0 is Kim Kunde, the shop customer. */
const patients: Patient[] = [
  ['Kim', 'Kunde', '1988-06-14', 'Weserstraße 41', '12045', 'statutory', 'Techniker Krankenkasse'],
  ['Jürgen', 'Hoffmann', '1961-03-02', 'Hermannstraße 112', '12051', 'statutory', 'AOK Nordost'],
  ['Sabine', 'Krüger', '1974-11-23', 'Kastanienallee 7', '10435', 'private', 'Debeka'],
  ['Helga', 'Schulze', '1949-08-09', 'Karl-Marx-Straße 201', '12055', 'statutory', 'AOK Nordost'],
  ['Lukas', 'Becker', '1995-01-17', 'Boxhagener Straße 18', '10245', 'self_pay', null],
  ['Monika', 'Wagner', '1958-05-30', 'Sonnenallee 144', '12059', 'statutory', 'Barmer'],
  ['Thomas', 'Schäfer', '1970-09-12', 'Gneisenaustraße 66', '10961', 'statutory', 'DAK-Gesundheit'],
  [
    'Anna',
    'Neumann',
    '1991-12-03',
    'Pannierstraße 29',
    '12047',
    'statutory',
    'Techniker Krankenkasse',
  ],
  [
    'Wolfgang',
    'Schwarz',
    '1955-02-21',
    'Richardstraße 85',
    '12043',
    'private',
    'Allianz Private Krankenversicherung',
  ],
  ['Petra', 'Zimmermann', '1966-07-08', 'Reuterstraße 54', '12053', 'statutory', 'IKK classic'],
  ['Stefan', 'Braun', '1979-04-26', 'Oranienstraße 163', '10969', 'self_pay', null],
  ['Claudia', 'Hartmann', '1972-10-15', 'Wildenbruchstraße 12', '12045', 'statutory', 'BKK VBU'],
  ['Mehmet', 'Yılmaz', '1984-03-19', 'Flughafenstraße 38', '12053', 'statutory', 'AOK Nordost'],
  ['Ursula', 'Lange', '1946-12-28', 'Emser Straße 90', '12051', 'statutory', 'Barmer'],
  ['Jan', 'Schmitt', '1993-06-06', 'Friedelstraße 5', '12047', 'private', 'Signal Iduna'],
  [
    'Katrin',
    'Werner',
    '1977-08-31',
    'Lenaustraße 9',
    '12047',
    'statutory',
    'Techniker Krankenkasse',
  ],
  [
    'Dieter',
    'Krause',
    '1952-01-11',
    'Silbersteinstraße 73',
    '12051',
    'statutory',
    'DAK-Gesundheit',
  ],
  ['Sandra', 'Meier', '1982-05-04', 'Schillerpromenade 27', '12049', 'self_pay', null],
  ['Michael', 'Lehmann', '1968-02-14', 'Okerstraße 3', '12049', 'statutory', 'AOK Nordost'],
  [
    'Aylin',
    'Demir',
    '1990-09-22',
    'Wissmannstraße 16',
    '12049',
    'statutory',
    'Techniker Krankenkasse',
  ],
  ['Frank', 'Köhler', '1963-11-07', 'Mainzer Straße 44', '12053', 'private', 'Debeka'],
  ['Birgit', 'Herrmann', '1959-04-18', 'Schierker Straße 21', '12051', 'statutory', 'Barmer'],
  ['Tobias', 'König', '1987-07-27', 'Lichtenrader Straße 60', '12049', 'self_pay', null],
  ['Gabriele', 'Walter', '1951-10-02', 'Kienitzer Straße 99', '12053', 'statutory', 'AOK Nordost'],
  ['Markus', 'Mayer', '1976-12-12', 'Weichselstraße 25', '12043', 'statutory', 'IKK classic'],
  [
    'Nadine',
    'Huber',
    '1985-03-09',
    'Donaustraße 81',
    '12043',
    'statutory',
    'Techniker Krankenkasse',
  ],
  [
    'Andreas',
    'Kaiser',
    '1962-06-25',
    'Jonasstraße 30',
    '12053',
    'private',
    'HUK-Coburg Krankenversicherung',
  ],
  ['Elke', 'Fuchs', '1954-09-16', 'Anzengruberstraße 8', '12043', 'statutory', 'DAK-Gesundheit'],
  ['Sebastian', 'Peters', '1994-02-03', 'Elbestraße 14', '12045', 'self_pay', null],
  ['Martina', 'Lang', '1971-05-29', 'Ederstraße 6', '12059', 'statutory', 'Barmer'],
  ['Christian', 'Scholz', '1980-08-20', 'Harzer Straße 47', '12059', 'statutory', 'AOK Nordost'],
  ['Renate', 'Möller', '1948-11-13', 'Treptower Straße 33', '12059', 'statutory', 'BKK VBU'],
  ['Daniel', 'Weiß', '1989-01-28', 'Maybachufer 19', '12047', 'private', 'Debeka'],
  [
    'Heike',
    'Jung',
    '1967-04-01',
    'Bouchéstraße 11',
    '12435',
    'statutory',
    'Techniker Krankenkasse',
  ],
  ['Florian', 'Hahn', '1992-10-10', 'Kiehlufer 57', '12059', 'self_pay', null],
  ['Ingrid', 'Schubert', '1945-07-19', 'Hobrechtstraße 70', '12047', 'statutory', 'AOK Nordost'],
  [
    'Patrick',
    'Vogel',
    '1983-12-24',
    'Pflügerstraße 13',
    '12047',
    'private',
    'Allianz Private Krankenversicherung',
  ],
  ['Karin', 'Friedrich', '1957-03-27', 'Nansenstraße 2', '12047', 'statutory', 'Barmer'],
  ['Maximilian', 'Keller', '1997-05-15', 'Sanderstraße 24', '12047', 'self_pay', null],
  ['Doris', 'Günther', '1950-08-05', 'Thomasstraße 52', '12053', 'statutory', 'DAK-Gesundheit'],
]

/** Statutory patients with an exemption certificate (§ 62 SGB V). */
const exempt = new Set([3, 13, 35])

const memberNames: [string, string][] = [
  ['Jonas', 'Richter'],
  ['Lea', 'Wolf'],
  ['Paul', 'Schröder'],
  ['Marie', 'Neumann'],
  ['Felix', 'Schwarz'],
  ['Laura', 'Zimmermann'],
  ['Tim', 'Braun'],
  ['Julia', 'Krüger'],
  ['Niklas', 'Hofmann'],
  ['Sophie', 'Hartmann'],
  ['Leon', 'Lange'],
  ['Hannah', 'Schmitt'],
  ['David', 'Werner'],
  ['Lena', 'Schmitz'],
  ['Moritz', 'Krause'],
  ['Emma', 'Meier'],
  ['Philipp', 'Lehmann'],
  ['Anna', 'Schmid'],
  ['Simon', 'Schulze'],
  ['Clara', 'Maier'],
  ['Jakob', 'Köhler'],
  ['Mia', 'Herrmann'],
  ['Erik', 'König'],
  ['Nele', 'Walter'],
  ['Ben', 'Mayer'],
  ['Greta', 'Huber'],
  ['Oskar', 'Kaiser'],
  ['Ida', 'Fuchs'],
  // The two members aged 18–20.
  ['Luis', 'Peters'],
  ['Frieda', 'Scholz'],
]
const leipzigStreets = [
  'Karl-Liebknecht-Straße',
  'Eisenbahnstraße',
  'Gohliser Straße',
  'Könneritzstraße',
  'Zschochersche Straße',
  'Georg-Schwarz-Straße',
  'Kochstraße',
  'Arthur-Hoffmann-Straße',
]
const leipzigPostalCodes = ['04107', '04315', '04155', '04229', '04229', '04177', '04275', '04277']

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

function wholesalerCustomers(owners: DemoCustomerOwners): CustomerInsert[] {
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
      licenceNumber: 'BE-APO-1012',
      street: 'Sonnenallee 12',
      postalCode: '12045',
      city: 'Berlin',
      country: 'DE',
      email: 'inhaberin@sonnen-apotheke.example',
      phone: '030 1234567',
      eInvoiceAddress: 'inhaberin@sonnen-apotheke.example',
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
  await raiseCounter(tx, owners.wholesaler, 1)
  await raiseCounter(tx, owners.club, club.length)
}
