import { createFileRoute } from '@tanstack/react-router'
import { ApiDocsPage } from '~/features/api-docs/ApiDocsPage'
import { fetchApiSummary } from '~/features/api-docs/api-docs.functions'

/** Human-readable reference of the REST API, rendered from the document at /api/openapi.json. */
export const Route = createFileRoute('/api/docs')({
  loader: () => fetchApiSummary(),
  head: () => ({
    meta: [
      { title: 'API-Referenz – Blattwerk' },
      {
        name: 'description',
        content: 'Referenz der REST-API von Blattwerk: Anmeldung, Tokens, Benutzer und Shops.',
      },
    ],
  }),
  component: ApiDocsRoute,
})

function ApiDocsRoute() {
  return <ApiDocsPage summary={Route.useLoaderData()} />
}
