import type { ZodType } from 'zod'
import {
  type CustomProduct,
  customProductSchema,
  type MasterProduct,
  masterProductSchema,
  offerSchema,
  salesUnitProblem,
} from '../../lib/product-schemas'
import { baseUnitsPerSalesUnit, formatDecimal } from '../../lib/products'
import { productColumns } from '../products/product-facts.server'
import { organisationProducts, products } from '../products/products.schema'
import type { Executor } from './client.server'
import {
  clubListings,
  clubName,
  clubVarieties,
  type DemoListing,
  marketPharmacyListings,
  masterProducts,
  pharmacyListings,
  wholesalerListings,
} from './seed-data/products'

/**
 * Writes the demo product catalogue of `seed-data/products.ts`. Every product passes the shared
 * schemas and every listing the offer rules before anything is written, so a demo row that
 * breaks a rule stops the seed instead of showing up in the product.
 */

/** Demo products and listings are as first written: revision 1, and each listing has seen it. */
const demoRevision = 1
/** When the archived demo listings were archived. */
const demoArchivedAt = new Date('2026-10-15T09:00:00.000Z')

// ─── Writing ───────────────────────────────────────────────────────────────────────────────

/** The demo organisations and accounts the products belong to (the core seed's ids). */
export interface DemoProductOwners {
  pharmacy: string
  marketPharmacy: string
  wholesaler: string
  club: string
  userAdmin: string
  userPharmacyOwner: string
  userMarketPharmacyOwner: string
  userWholesalerOwner: string
  userClubOwner: string
}

/** Parses demo data with a shared schema; a broken demo row stops the seed with its name. */
function checked<TOutput>(schema: ZodType<TOutput>, input: unknown, what: string): TOutput {
  const result = schema.safeParse(input)
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.map(String).join('.') || '(row)'}: ${issue.message}`)
      .join('; ')
    throw new Error(`Demo ${what} breaks the product rules: ${problems}`)
  }
  return result.data
}

/** The demo master products, checked. */
function demoMasterProducts(): { id: string; product: MasterProduct }[] {
  return masterProducts.map(({ id, facts }) => ({
    id,
    product: checked<MasterProduct>(masterProductSchema, facts, `master product ${facts.name}`),
  }))
}

/** Grüne Ecke's own products, checked. */
function demoClubProducts(): { id: string; product: CustomProduct }[] {
  return clubVarieties.map((variety) => ({
    id: variety.id,
    product: checked<CustomProduct>(
      customProductSchema,
      {
        pzn: '',
        name: variety.cultivar,
        manufacturer: clubName,
        category: 'flower',
        cultivar: variety.cultivar,
        genetics: variety.genetics,
        dominance: variety.dominance ?? null,
        thcContent: variety.thc,
        cbdContent: variety.cbd,
        cannabinoidUnit: 'percent',
        terpenes: variety.terpenes,
        irradiated: false,
        countryOfCultivation: 'DE',
        packSize: 1,
        packUnit: 'g',
        description: `Eigenanbau der ${clubName} (Indoor, Leipzig), Abgabe lose nach Gewicht an Mitglieder. THC ${formatDecimal(variety.thc)} %, CBD ${formatDecimal(variety.cbd)} %: Messwerte der letzten Ernte; maßgeblich sind die Werte der jeweiligen Ernte.`,
      },
      `club product ${variety.cultivar}`,
    ),
  }))
}

/**
 * Inserts the demo catalogue: master products, Grüne Ecke's own products and the three
 * organisations' listings. Fixed ids and ON CONFLICT DO NOTHING: a second run changes nothing.
 */
export async function seedDemoProducts(tx: Executor, owners: DemoProductOwners): Promise<void> {
  const masters = demoMasterProducts()
  const clubProducts = demoClubProducts()
  const productsById = new Map<string, CustomProduct>([
    ...masters.map(({ id, product }) => [id, product] as const),
    ...clubProducts.map(({ id, product }) => [id, product] as const),
  ])

  const listingRows = (
    organisationId: string,
    createdBy: string,
    listings: DemoListing[],
    what: string,
  ) =>
    listings.map((listing) => {
      const product = productsById.get(listing.productId)
      if (!product) throw new Error(`Demo listing ${listing.id} names an unknown product`)
      const offer = checked(
        offerSchema,
        {
          salesUnit: listing.salesUnit,
          priceCents: listing.price,
          vatRate: listing.vatRate ?? '19',
          visibleInShop: (listing.visible ?? false) && !listing.archived,
          orderStep: listing.step ?? 1,
          minOrderQuantity: listing.min ?? null,
          maxOrderQuantity: listing.max ?? null,
          lowStockThreshold: listing.lowStock ?? null,
        },
        `${what} listing of ${product.name}`,
      )
      const problem = salesUnitProblem(offer.salesUnit, product)
      if (problem) throw new Error(`Demo ${what} listing of ${product.name}: ${problem}`)
      const { packBaseUnits } = productColumns(product)
      return {
        id: listing.id,
        organisationId,
        productId: listing.productId,
        ...offer,
        baseUnitsPerSalesUnit: baseUnitsPerSalesUnit(offer.salesUnit, packBaseUnits),
        productRevisionSeen: demoRevision,
        revision: demoRevision,
        archivedAt: listing.archived ? demoArchivedAt : null,
        createdBy,
      }
    })

  const listings = [
    ...listingRows(owners.pharmacy, owners.userPharmacyOwner, pharmacyListings, 'pharmacy'),
    ...listingRows(
      owners.marketPharmacy,
      owners.userMarketPharmacyOwner,
      marketPharmacyListings,
      'market pharmacy',
    ),
    ...listingRows(owners.wholesaler, owners.userWholesalerOwner, wholesalerListings, 'wholesaler'),
    ...listingRows(owners.club, owners.userClubOwner, clubListings, 'club'),
  ]

  await tx
    .insert(products)
    .values([
      ...masters.map(({ id, product }) => ({
        id,
        organisationId: null,
        ...productColumns(product),
        revision: demoRevision,
        createdBy: owners.userAdmin,
        updatedBy: owners.userAdmin,
      })),
      ...clubProducts.map(({ id, product }) => ({
        id,
        organisationId: owners.club,
        ...productColumns(product),
        revision: demoRevision,
        createdBy: owners.userClubOwner,
        updatedBy: owners.userClubOwner,
      })),
    ])
    .onConflictDoNothing()
  await tx.insert(organisationProducts).values(listings).onConflictDoNothing()
}
