import { type CustomerInput, customerSchema } from '~/lib/customer-schemas'
import type {
  CustomerDetail,
  CustomerKind,
  EInvoiceFormat,
  LicenceType,
  PayerKind,
} from '~/lib/customers'

/** The customer form's values: text as typed, one shape for all kinds (the kind picks the fields). */
export interface CustomerFormValues {
  kind: CustomerKind
  firstName: string
  lastName: string
  birthDate: string
  companyName: string
  contactPerson: string
  vatId: string
  licenceType: LicenceType | ''
  licenceNumber: string
  licenceAuthority: string
  licenceValidUntil: string
  medcanPermitNumber: string
  eInvoiceAddress: string
  eInvoiceFormat: EInvoiceFormat
  street: string
  postalCode: string
  city: string
  country: string
  email: string
  phone: string
  payerKind: PayerKind | ''
  insurerName: string
  insuranceNumber: string
  copaymentExempt: boolean
  membershipNumber: string
  joinedOn: string
  idCheckedOn: string
  leftOn: string
  noOtherClubDeclaredOn: string
  residenceDeclaredOn: string
  teamUserId: string
}

export function emptyCustomerValues(kind: CustomerKind): CustomerFormValues {
  return {
    kind,
    firstName: '',
    lastName: '',
    birthDate: '',
    companyName: '',
    contactPerson: '',
    vatId: '',
    licenceType: '',
    licenceNumber: '',
    licenceAuthority: '',
    licenceValidUntil: '',
    medcanPermitNumber: '',
    eInvoiceAddress: '',
    eInvoiceFormat: 'xrechnung',
    street: '',
    postalCode: '',
    city: '',
    country: 'DE',
    email: '',
    phone: '',
    payerKind: '',
    insurerName: '',
    insuranceNumber: '',
    copaymentExempt: false,
    membershipNumber: '',
    joinedOn: '',
    idCheckedOn: '',
    leftOn: '',
    noOtherClubDeclaredOn: '',
    residenceDeclaredOn: '',
    teamUserId: '',
  }
}

export function customerValuesOf(customer: CustomerDetail): CustomerFormValues {
  const values = emptyCustomerValues(customer.kind)
  for (const key of Object.keys(values) as (keyof CustomerFormValues)[]) {
    const value = customer[key]
    if (value !== null && value !== undefined)
      (values as unknown as Record<string, unknown>)[key] = value
  }
  return values
}

/** What the form sends for its kind (the other kinds' fields are left out). */
export function customerInputOf(values: CustomerFormValues): CustomerInput {
  const address = {
    street: values.street,
    postalCode: values.postalCode,
    city: values.city,
    country: values.country,
    email: values.email,
    phone: values.phone,
  }
  if (values.kind === 'business') {
    return {
      kind: 'business',
      companyName: values.companyName,
      contactPerson: values.contactPerson,
      vatId: values.vatId,
      licenceType: values.licenceType,
      licenceNumber: values.licenceNumber,
      licenceAuthority: values.licenceAuthority,
      licenceValidUntil: values.licenceValidUntil,
      medcanPermitNumber: values.medcanPermitNumber,
      eInvoiceAddress: values.eInvoiceAddress,
      eInvoiceFormat: values.eInvoiceFormat,
      ...address,
    }
  }
  const person = {
    firstName: values.firstName,
    lastName: values.lastName,
    birthDate: values.birthDate,
  }
  if (values.kind === 'member') {
    return {
      kind: 'member',
      ...person,
      ...address,
      membershipNumber: values.membershipNumber,
      joinedOn: values.joinedOn,
      idCheckedOn: values.idCheckedOn,
      leftOn: values.leftOn,
      noOtherClubDeclaredOn: values.noOtherClubDeclaredOn,
      residenceDeclaredOn: values.residenceDeclaredOn,
      teamUserId: values.teamUserId,
    }
  }
  return {
    kind: 'patient',
    ...person,
    ...address,
    payerKind: values.payerKind as PayerKind,
    insurerName: values.insurerName,
    insuranceNumber: values.insuranceNumber,
    copaymentExempt: values.copaymentExempt,
  }
}

/** The shared schema's messages under the form's fields. */
export function customerFormErrors(values: CustomerFormValues) {
  const result = customerSchema.safeParse(customerInputOf(values))
  if (result.success) return undefined
  const fields: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '')
    if (name) fields[name] ??= issue.message
  }
  return { fields }
}
