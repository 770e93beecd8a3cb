import {
  type CustomerListSearch,
  customerDisplayName,
  customerKindLabels,
  customerListCsvFileName,
  customerStatusLabel,
} from '../../lib/customers'
import { berlinIsoDate, formatDate } from '../../lib/format'
import type { Actor } from '../actor.server'
import { auditActorOf, recordAudit } from '../audit/audit.server'
import { csvFile } from '../csv.server'
import type { Database } from '../db/client.server'
import { listOrderBy } from '../list-query.server'
import { customers } from './customers.schema'
import { customerAudit, customerListCondition, customerListOrder } from './customers.server'
import { customerKeeper } from './customers-access.server'

/**
 * The customer list as a CSV file for German spreadsheets: every customer the list's search and
 * filters select (all pages, in the list's order), of the acting user's organisation only, with
 * who may read the list. A list of personal data leaving the system is audited like a single
 * customer's Datenauskunft: who, when, which filters and how many rows — never the search text,
 * which may be a name.
 */
export async function customerListCsv(
  actor: Actor,
  query: CustomerListSearch,
  db: Database,
  today: string = berlinIsoDate(),
): Promise<{ fileName: string; content: string }> {
  const { owner } = customerKeeper(actor)
  const rows = await db
    .select()
    .from(customers)
    .where(customerListCondition(owner.id, query))
    .orderBy(...listOrderBy(query, customerListOrder))
  const header = [
    owner.members ? 'Nummer' : 'Kundennummer',
    ...(owner.members ? ['Mitgliedsnummer'] : ['Art']),
    'Name',
    ...(owner.members ? [] : ['Ansprechpartner']),
    'Straße',
    'PLZ',
    'Ort',
    'Land',
    'E-Mail',
    'Telefon',
    'Status',
    'Angelegt am',
  ]
  const content = csvFile(
    header,
    rows.map((row) => [
      row.number,
      ...(owner.members ? [row.membershipNumber ?? ''] : [customerKindLabels[row.kind]]),
      customerDisplayName(row),
      ...(owner.members ? [] : [row.contactPerson ?? '']),
      row.street ?? '',
      row.postalCode ?? '',
      row.city ?? '',
      row.country,
      row.email ?? '',
      row.phone ?? '',
      customerStatusLabel({
        active: row.deactivatedAt === null,
        anonymised: row.anonymisedAt !== null,
      }),
      formatDate(row.createdAt),
    ]),
  )
  await recordAudit(db, {
    organisationId: owner.id,
    actor: auditActorOf(actor),
    requestId: actor.requestId,
    action: customerAudit.listExported,
    entity: { type: 'organisation', id: owner.id },
    after: {
      customers: rows.length,
      kind: query.kind ?? null,
      active: query.active ?? null,
      licence: query.licence ?? null,
      searched: query.q !== '',
    },
  })
  return { fileName: customerListCsvFileName(today, owner.members), content }
}
