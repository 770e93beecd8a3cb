import { type SQL, sql } from 'drizzle-orm'
import { products } from './products.schema'

/**
 * The one product search: name, PZN, cultivar, manufacturer or brand contains the text — a
 * prefix is a substring too —, ignoring case, umlauts (ä = ae = a) and accents. Both sides go
 * through the database's `product_search_key`, so the query is folded exactly like the stored
 * column, and the trigram index on `search_text` serves it. Undefined for an empty search, so it
 * can go straight into `and(...)`.
 */
export function productSearchCondition(search: string): SQL | undefined {
  if (!search) return undefined
  const escaped = search.replace(/[\\%_]/g, (character) => `\\${character}`)
  return sql`${products.searchText} like '%' || product_search_key(${escaped}) || '%'`
}
