import { createFileRoute } from '@tanstack/react-router'
import { scopeOfActor } from '~/server/actor.server'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { prescriptionSample } from '~/server/shop/prescription-sample.server'
import { tenantOfRequest } from '~/server/tenants.server'

/**
 * The Rezeptkonfigurator's sample prescription as a PDF download: a plain GET link with the
 * configuration in its query (`?kategorie=bluete&produkt=…&menge=30…`), so it works without
 * JavaScript too. 404 on hosts without a shop.
 */
export const Route = createFileRoute('/api/shop/prescription-sample.pdf')({
  server: {
    handlers: apiHandlers({
      GET: async ({ request }) => {
        const app = await getApp()
        const tenant = await tenantOfRequest(app, request)
        const pdf = await prescriptionSample(
          app.database.scoped(scopeOfActor(null, tenant)),
          tenant,
          new URL(request.url).searchParams,
        )
        return new Response(new Uint8Array(pdf), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="Muster-Rezept.pdf"',
            // Patient and prescriber may be in it: no shared cache keeps it.
            'Cache-Control': 'private, no-store',
          },
        })
      },
    }),
  },
})
