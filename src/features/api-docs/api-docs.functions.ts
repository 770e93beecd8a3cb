import { createServerFn } from '@tanstack/react-start'
import { getOpenApiDocument } from '~/server/openapi.server'
import { noInput } from '../server-fn/inputs'

/** Where the server answers the OpenAPI document (src/routes/api/openapi[.]json.ts). */
export const openApiDocumentUrl = '/api/openapi.json'

const httpMethods = ['get', 'post', 'put', 'patch', 'delete'] as const

interface ApiOperationSummary {
  method: (typeof httpMethods)[number]
  path: string
  summary: string
}

/**
 * The operations of the OpenAPI document, grouped by their first tag in the document's tag
 * order: the list the page renders on the server. The Scalar viewer fetches the document itself.
 */
export const fetchApiSummary = createServerFn({ method: 'GET' })
  .validator(noInput)
  .handler(async () => {
    const document = getOpenApiDocument()
    const groups = new Map<string, ApiOperationSummary[]>(
      (document.tags ?? []).map((tag) => [tag.name, []]),
    )
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const method of httpMethods) {
        const operation = item[method]
        if (!operation) continue
        const tag = operation.tags?.[0] ?? 'Other'
        groups.set(tag, [
          ...(groups.get(tag) ?? []),
          { method, path, summary: operation.summary ?? '' },
        ])
      }
    }
    return {
      title: document.info.title,
      version: document.info.version,
      groups: [...groups]
        .filter(([, operations]) => operations.length > 0)
        .map(([name, operations]) => ({ name, operations })),
    }
  })
