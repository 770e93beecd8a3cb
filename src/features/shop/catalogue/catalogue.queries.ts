import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { FailureError } from '~/lib/failure'
import type { CatalogueCategory, CatalogueListInput, CatalogueSearch } from '~/lib/shop-catalogue'
import type { SessionStore } from '../../session/session-store'
import { fetchCatalogue, fetchCatalogueProduct } from './catalogue.functions'
import { catalogueListKey, catalogueProductKey, catalogueViewerOf } from './catalogue-keys'

/** What the catalogue routes' loaders take from the router context. */
interface LoaderContext {
  queryClient: QueryClient
  session: SessionStore
}

export const catalogueQuery = (input: CatalogueListInput, viewer: string | null) =>
  queryOptions({
    queryKey: catalogueListKey(input, viewer),
    queryFn: () => fetchCatalogue({ data: input }),
  })

export const catalogueProductQuery = (
  category: CatalogueCategory,
  id: string,
  viewer: string | null,
) =>
  queryOptions({
    queryKey: catalogueProductKey(category, id, viewer),
    queryFn: () => fetchCatalogueProduct({ data: { category, id } }),
  })

/** A list route's loader. */
export async function loadCatalogue(
  context: LoaderContext,
  category: CatalogueCategory,
  search: CatalogueSearch,
): Promise<void> {
  const viewer = catalogueViewerOf(context.session.state)
  await context.queryClient.ensureQueryData(catalogueQuery({ category, search }, viewer))
}

/** A product page's loader: a product this shop does not show is the router's not-found page. */
export async function loadCatalogueProduct(
  context: LoaderContext,
  category: CatalogueCategory,
  id: string,
): Promise<void> {
  const viewer = catalogueViewerOf(context.session.state)
  try {
    await context.queryClient.ensureQueryData(catalogueProductQuery(category, id, viewer))
  } catch (error) {
    if (error instanceof FailureError && error.status === 404) throw notFound()
    throw error
  }
}
