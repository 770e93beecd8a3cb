import { z } from 'zod'
import { customProductSchema, offerSchema, revisionSchema } from './product-schemas'

/**
 * The inputs of changes to an organisation's listing beside its creation
 * (`createOrganisationProductSchema` in `product-schemas.ts`). A save names the listing's
 * `revision` the form was loaded at (ADR 019): a stale one is refused.
 */

/** The own data of a listing; an own product's facts too. */
export const updateOrganisationProductSchema = z.object({
  revision: revisionSchema,
  offer: offerSchema,
  /** Only for the organisation's own products; master data is read-only. */
  product: customProductSchema.optional(),
})
export type UpdateOrganisationProductInput = z.input<typeof updateOrganisationProductSchema>

/** The master product's revision the user saw and acknowledges (not the listing's). */
export const acknowledgeMasterChangeSchema = z.object({
  productRevision: revisionSchema,
})
