import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { shopSitemapXml } from '~/server/shop/shop-seo.server'

/** A shop's pages and every visible product page; 404 on a host without a shop. */
export const Route = createFileRoute('/sitemap.xml')({
  server: {
    handlers: apiHandlers({
      GET: async ({ request }) =>
        new Response(await shopSitemapXml(await getApp(), request), {
          headers: {
            'Content-Type': 'application/xml; charset=utf-8',
            'Cache-Control': 'public, max-age=600',
          },
        }),
    }),
  },
})
