import { and, eq, isNull } from 'drizzle-orm'
import { isUuid } from '../../lib/ids'
import type { Database } from '../db/client.server'
import { NotFoundError } from '../errors.server'
import {
  fileNotFoundMessage,
  type OpenedFile,
  openFileOfCheckedRecord,
} from '../files/file-store.server'
import { organisationProducts, products } from '../products/products.schema'
import type { ShopTenant } from '../tenants.server'

/**
 * The rendition of a confirmed pack photo (ADR 081), for anyone on `shop`'s host — when the shop
 * lists a product with it: a listing visible in the shop and not archived. Every other id (an
 * original image, an unconfirmed one, another shop's product) is 404, as if it did not exist.
 */
export async function openShopPackPhoto(
  db: Database,
  shop: ShopTenant,
  fileId: string,
): Promise<OpenedFile> {
  if (!isUuid(fileId)) throw new NotFoundError(fileNotFoundMessage)
  const [listed] = await db
    .select({ id: organisationProducts.id })
    .from(organisationProducts)
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(
      and(
        eq(organisationProducts.organisationId, shop.organisationId),
        eq(organisationProducts.visibleInShop, true),
        isNull(organisationProducts.archivedAt),
        eq(products.packPhotoFileId, fileId),
      ),
    )
    .limit(1)
  if (!listed) throw new NotFoundError(fileNotFoundMessage)
  // A rendition never changes under its id and shows only a pack: shared caches may keep it.
  return { ...(await openFileOfCheckedRecord(db, fileId)), public: true }
}
