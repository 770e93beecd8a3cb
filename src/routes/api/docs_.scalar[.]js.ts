import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { scalarBundleResponse } from '~/server/scalar-bundle.server'

/** Scalar's browser bundle from our own origin: the viewer /api/docs loads after hydration. */
export const Route = createFileRoute('/api/docs_/scalar.js')({
  server: {
    handlers: apiHandlers({ GET: () => scalarBundleResponse() }),
  },
})
