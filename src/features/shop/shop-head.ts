import { pageHead } from '../shell/page-head'
import type { TenantInfo } from '../tenant/tenant'

/** What the shop pages put into `<head>` besides their own tags (catalogue-head.ts). */

type MetaTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }

/** Title, description, canonical URL and Open Graph of a shop page. */
export function shopPageTags(options: {
  title: string
  description: string
  url: string
  type: 'website' | 'product'
  shopName: string
  noIndex?: boolean
}): { meta: MetaTag[]; links: { rel: string; href: string }[] } {
  const { meta } = pageHead(options.title, options.shopName)
  return {
    meta: [
      ...meta,
      { name: 'description', content: options.description },
      ...(options.noIndex ? [{ name: 'robots', content: 'noindex, follow' }] : []),
      { property: 'og:type', content: options.type },
      { property: 'og:title', content: `${options.title} – ${options.shopName}` },
      { property: 'og:description', content: options.description },
      { property: 'og:url', content: options.url },
      { property: 'og:site_name', content: options.shopName },
      { property: 'og:locale', content: 'de_DE' },
    ],
    links: [{ rel: 'canonical', href: options.url }],
  }
}

export const shopNameOf = (tenant: TenantInfo | null) => tenant?.config?.shopName ?? 'Online-Shop'
