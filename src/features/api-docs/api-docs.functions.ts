import { createServerFn } from '@tanstack/react-start'
import { getOpenApiDocument } from '~/server/openapi.server'
import { noInput } from '../server-fn/inputs'
import type { ApiDocument } from './ApiReference'

/** The OpenAPI document that /api/openapi.json answers, for the reference page's loader. */
export const fetchApiDocument = createServerFn({ method: 'GET' })
  .validator(noInput)
  .handler(
    // The generated document is plain JSON; `ApiDocument` names the parts the page reads.
    async () => getOpenApiDocument() as ApiDocument,
  )
