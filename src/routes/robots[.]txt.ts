import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { shopRobotsTxt } from '~/server/shop/shop-seo.server'

/** Per host: a shop's names its sitemap and keeps crawlers out of account and checkout. */
export const Route = createFileRoute('/robots.txt')({
  server: {
    handlers: apiHandlers({
      GET: async ({ request }) =>
        new Response(await shopRobotsTxt(await getApp(), request), {
          headers: {
            'Content-Type': 'text/plain; charset=utf-8',
            'Cache-Control': 'public, max-age=3600',
          },
        }),
    }),
  },
})
