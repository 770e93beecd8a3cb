import { berlinIsoDate } from '../../lib/format'
import {
  categoryOfProduct,
  configurationFromSearch,
  searchFromQueryString,
} from '../../lib/prescription-configurator'
import type { Database } from '../db/client.server'
import { renderPrescriptionSamplePdf } from '../documents/render/index.server'
import type { Tenant } from '../tenants.server'
import { configuratorProduct } from './configurator-products.server'
import { shopOf } from './reservations.server'

/**
 * The sample prescription of a configuration given as the configurator's query string, on a
 * shop's host only. The query is read like the page's link: what does not parse is left out, so
 * the sample shows "…" where the prescription is still incomplete.
 */
export async function prescriptionSample(
  db: Database,
  tenant: Tenant | null,
  query: URLSearchParams,
): Promise<Uint8Array> {
  const shop = shopOf(tenant)
  const search = searchFromQueryString(query)
  const product = await configuratorProduct(db, shop, search.produkt ?? null)
  const configuration = configurationFromSearch(search, product?.category)
  return renderPrescriptionSamplePdf({
    configuration,
    product:
      product && categoryOfProduct(product.category) === configuration.category ? product : null,
    pharmacyName: shop.config.shopName,
    today: berlinIsoDate(),
  })
}
