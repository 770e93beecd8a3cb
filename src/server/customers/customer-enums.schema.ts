import { pgEnum } from 'drizzle-orm/pg-core'
import { customerKinds, eInvoiceFormats, licenceTypes, payerKinds } from '../../lib/customer-enums'

/**
 * The customer enums, in a module without imports from the other schemas: customer orders use
 * `payer_kind` while `db/schema.ts` and the area schemas are still loading each other.
 */
export const customerKind = pgEnum('customer_kind', customerKinds)
export const payerKind = pgEnum('payer_kind', payerKinds)
export const eInvoiceFormat = pgEnum('e_invoice_format', eInvoiceFormats)
export const licenceType = pgEnum('customer_licence_type', licenceTypes)
