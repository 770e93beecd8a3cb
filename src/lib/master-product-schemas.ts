import type { z } from 'zod'
import { masterProductSchema, revisionSchema } from './product-schemas'

/**
 * What the master product form sends to save a product it loaded: the product and the revision
 * it was loaded at. A save based on an older revision is refused (optimistic locking in
 * `master-products.server.ts`), so two admins never overwrite each other unseen. Field errors keep
 * the product's own field names.
 */
export const masterProductUpdateSchema = masterProductSchema.safeExtend({
  revision: revisionSchema,
})
export type MasterProductUpdate = z.input<typeof masterProductUpdateSchema>
