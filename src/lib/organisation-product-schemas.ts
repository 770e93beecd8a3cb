import { z } from 'zod'
import { customProductSchema, offerSchema } from './product-schemas'

/**
 * The inputs of changes to an organisation's listing beside its creation
 * (`createOrganisationProductSchema` in `product-schemas.ts`). Every change names the `version`
 * the form was loaded at (the listing's `updated_at`, ADR 020): a stale one is refused.
 */

const version = z.iso.datetime({ message: 'Unbekannter Stand des Produkts.' })

/** The own data of a listing; an own product's facts too. */
export const updateOrganisationProductSchema = z.object({
  version,
  offer: offerSchema,
  /** Only for the organisation's own products; master data is read-only. */
  product: customProductSchema.optional(),
})
export type UpdateOrganisationProductInput = z.input<typeof updateOrganisationProductSchema>

/** The master product's revision the user saw and acknowledges. */
export const acknowledgeMasterChangeSchema = z.object({
  revision: z.number().int().positive(),
})
