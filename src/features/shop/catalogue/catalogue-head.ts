import type { QueryClient } from '@tanstack/react-query'
import {
  type CatalogueCategory,
  type CatalogueProduct,
  type CatalogueSearch,
  catalogueListPaths,
  isCatalogueFiltered,
} from '~/lib/shop-catalogue'
import type { SessionStore } from '../../session/session-store'
import { pageHead } from '../../shell/page-head'
import type { TenantInfo } from '../../tenant/tenant'
import { shopNameOf, shopPageTags } from '../shop-head'
import { catalogueProductKey, catalogueViewerOf } from './catalogue-keys'
import { catalogueWords } from './catalogue-words'

/**
 * The catalogue's `<head>`: title, description, canonical URL, Open Graph and, on product pages,
 * JSON-LD `Product` with its `Offer` (no ratings, no reviews). The JSON-LD goes out as a head
 * script, which the router stamps with the response's CSP nonce (ADR 011).
 */

interface HeadContext {
  tenant: TenantInfo | null
  session: SessionStore
  queryClient: QueryClient
}

/** The list's head; filtered lists point to the unfiltered one and are kept out of the index. */
export function catalogueListHead(category: CatalogueCategory) {
  return ({ match }: { match: { context: HeadContext; search: CatalogueSearch } }) => {
    const words = catalogueWords[category]
    const page = match.search.page > 1 ? `?page=${match.search.page}` : ''
    return shopPageTags({
      title: words.title,
      description: words.description,
      url: `${match.context.tenant?.publicOrigin ?? ''}${catalogueListPaths[category]}${page}`,
      type: 'website',
      shopName: shopNameOf(match.context.tenant),
      noIndex: isCatalogueFiltered(match.search),
    })
  }
}

const schemaAvailability = {
  in_stock: 'https://schema.org/InStock',
  low: 'https://schema.org/LimitedAvailability',
  out_of_stock: 'https://schema.org/OutOfStock',
} as const

/** JSON inside `<script>`: nothing in it may close the element or start markup. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/**
 * JSON-LD for a product page. The offer names its price only where the pharmacy shows prices to
 * everyone — a logged-in customer's page must not publish what visitors may not see.
 */
function productJsonLd(
  product: CatalogueProduct,
  url: string,
  shopName: string,
  pricesPublic: boolean,
  description: string,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description,
    url,
    category: product.category === 'flower' ? 'Cannabisblüten' : 'Cannabisextrakt',
    ...(product.pzn && { productID: `PZN-${product.pzn}` }),
    ...(product.brand && { brand: { '@type': 'Brand', name: product.brand } }),
    manufacturer: { '@type': 'Organization', name: product.producer },
    offers: {
      '@type': 'Offer',
      url,
      availability: schemaAvailability[product.availability.level],
      seller: { '@type': 'Organization', name: shopName },
      ...(pricesPublic &&
        product.price && {
          price: (product.price.grossCents / 100).toFixed(2),
          priceCurrency: 'EUR',
        }),
    },
  }
}

export function catalogueProductHead(category: CatalogueCategory) {
  return ({ match, params }: { match: { context: HeadContext }; params: { id: string } }) => {
    const { tenant, queryClient, session } = match.context
    const viewer = catalogueViewerOf(session.state)
    const product = queryClient.getQueryData<CatalogueProduct>(
      catalogueProductKey(category, params.id, viewer),
    )
    const shopName = shopNameOf(tenant)
    if (!product) return pageHead(catalogueWords[category].one, shopName)
    const url = `${tenant?.publicOrigin ?? ''}${catalogueListPaths[category]}/${product.id}`
    const description = product.summary
    const tags = shopPageTags({ title: product.name, description, url, type: 'product', shopName })
    const pricesPublic = tenant?.config?.showPricesPublicly === true
    return {
      ...tags,
      scripts: [
        {
          type: 'application/ld+json',
          children: scriptSafeJson(
            productJsonLd(product, url, shopName, pricesPublic, description),
          ),
        },
      ],
    }
  }
}
