import type { z } from 'zod'
import { type MasterProduct, masterProductSchema, revisionSchema } from './product-schemas'

export const packPhotoUnconfirmedMessage =
  'Bitte bestätige, dass das Bild nur die Packung zeigt – sonst lässt es sich nicht speichern (§ 10 HWG).'

/**
 * A save from the form or the API keeps an image only when it is confirmed as a pack photo
 * (§ 10 HWG, ADR 081). The import is not such a save: it never sets an image, it carries the
 * stored one — confirmed or, from before this rule, not — as it is.
 */
function requirePackPhotoConfirmation(
  product: Pick<MasterProduct, 'imageFileId' | 'imageIsPackPhoto'>,
  context: z.RefinementCtx,
) {
  if (product.imageFileId !== null && !product.imageIsPackPhoto) {
    context.addIssue({
      code: 'custom',
      path: ['imageIsPackPhoto'],
      message: packPhotoUnconfirmedMessage,
    })
  }
}

/** A master product as the form creates it: the product rules and the pack photo rule. */
export const masterProductSaveSchema = masterProductSchema.superRefine(requirePackPhotoConfirmation)

/**
 * What the master product form sends to save a product it loaded: the product and the revision
 * it was loaded at. A save based on an older revision is refused (optimistic locking in
 * `master-products.server.ts`), so two admins never overwrite each other unseen. Field errors keep
 * the product's own field names.
 */
export const masterProductUpdateSchema = masterProductSchema
  .safeExtend({ revision: revisionSchema })
  .superRefine(requirePackPhotoConfirmation)
export type MasterProductUpdate = z.input<typeof masterProductUpdateSchema>
