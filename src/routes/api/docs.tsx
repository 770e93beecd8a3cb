import { createFileRoute } from '@tanstack/react-router'
import { ApiReference } from '~/features/api-docs/ApiReference'
import { fetchApiDocument } from '~/features/api-docs/api-docs.functions'

/** Human-readable reference of the REST API, rendered from the document at /api/openapi.json. */
export const Route = createFileRoute('/api/docs')({
  loader: () => fetchApiDocument(),
  head: () => ({
    meta: [
      { title: 'API-Referenz – Blattwerk' },
      {
        name: 'description',
        content: 'Referenz der REST-API von Blattwerk: Anmeldung, Tokens, Benutzer und Shops.',
      },
    ],
  }),
  component: ApiDocsPage,
})

function ApiDocsPage() {
  const spec = Route.useLoaderData()
  return <ApiReference spec={spec} />
}
