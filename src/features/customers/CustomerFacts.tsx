import type { ReactNode } from 'react'
import {
  type CustomerFields,
  customerFieldLabels,
  customerKindLabels,
  eInvoiceFormatLabels,
  licenceTypeLabels,
  payerKindLabels,
} from '~/lib/customers'
import { formatDate } from '~/lib/format'
import { countryLabel } from '~/lib/products'
import { FactList } from '../ui/FactList'

/** The fields a kind uses, in the order the form asks for them. */
const fieldsByKind: Record<CustomerFields['kind'], (keyof CustomerFields)[]> = {
  patient: [
    'firstName',
    'lastName',
    'birthDate',
    'street',
    'postalCode',
    'city',
    'country',
    'email',
    'phone',
    'payerKind',
    'insurerName',
    'insuranceNumber',
    'copaymentExempt',
  ],
  business: [
    'companyName',
    'contactPerson',
    'vatId',
    'licenceType',
    'licenceNumber',
    'licenceAuthority',
    'licenceValidUntil',
    'medcanPermitNumber',
    'eInvoiceAddress',
    'eInvoiceFormat',
    'street',
    'postalCode',
    'city',
    'country',
    'email',
    'phone',
  ],
  member: [
    'firstName',
    'lastName',
    'birthDate',
    'street',
    'postalCode',
    'city',
    'country',
    'email',
    'phone',
    'membershipNumber',
    'joinedOn',
    'idCheckedOn',
    'noOtherClubDeclaredOn',
    'residenceDeclaredOn',
    'leftOn',
  ],
}

const dateFields = new Set<keyof CustomerFields>([
  'birthDate',
  'joinedOn',
  'idCheckedOn',
  'leftOn',
  'noOtherClubDeclaredOn',
  'residenceDeclaredOn',
  'licenceValidUntil',
])

/** One stored value as people read it. */
export function customerFieldText(fields: CustomerFields, key: keyof CustomerFields): string {
  const value = fields[key]
  if (value === null || value === '') return '–'
  if (key === 'kind') return customerKindLabels[fields.kind]
  if (key === 'payerKind' && fields.payerKind) return payerKindLabels[fields.payerKind]
  if (key === 'licenceType' && fields.licenceType) return licenceTypeLabels[fields.licenceType]
  if (key === 'eInvoiceFormat') return eInvoiceFormatLabels[fields.eInvoiceFormat]
  if (key === 'country') return countryLabel(String(value))
  if (typeof value === 'boolean') return value ? 'ja' : 'nein'
  if (dateFields.has(key)) return formatDate(String(value))
  return String(value)
}

/** The stored fields of a customer's kind as a definition list; `all` includes the empty ones. */
export function CustomerFacts({
  fields,
  extra = [],
}: {
  fields: CustomerFields
  extra?: [string, ReactNode][]
}) {
  const rows: [string, ReactNode][] = [
    ['Art', customerKindLabels[fields.kind]],
    ...fieldsByKind[fields.kind].map((key): [string, ReactNode] => [
      customerFieldLabels[key],
      customerFieldText(fields, key),
    ]),
    ...extra,
  ]
  return <FactList rows={rows} />
}
