import { useCallback, useState } from 'react'
import { type fetchApiSummary, openApiDocumentUrl } from './api-docs.functions'
import { ScalarReference } from './ScalarReference'

type ApiSummary = Awaited<ReturnType<typeof fetchApiSummary>>

/**
 * The page's server-rendered content: every operation and the link to the document. It is what
 * readers without JavaScript get, and what shows until Scalar's bundle has loaded.
 */
function OperationList({ summary }: { summary: ApiSummary }) {
  return (
    <main className="mx-auto max-w-4xl px-6 py-10">
      <p className="text-sm font-medium text-brand-700">API reference</p>
      <h1 className="mt-1 text-3xl font-semibold text-brand-900">{summary.title}</h1>
      <p className="mt-2 text-sm text-ink-muted">
        Version <span className="font-mono">{summary.version}</span> · OpenAPI document:{' '}
        <a href={openApiDocumentUrl} className="font-mono text-brand-700 underline">
          {openApiDocumentUrl}
        </a>
      </p>
      {summary.groups.map((group) => (
        <section key={group.name} className="mt-8">
          <h2 className="text-xl font-semibold text-brand-900">{group.name}</h2>
          <ul className="mt-3 space-y-2">
            {group.operations.map((operation) => (
              <li key={`${operation.method} ${operation.path}`}>
                <code className="font-mono">
                  <span className="font-semibold uppercase">{operation.method}</span>{' '}
                  {operation.path}
                </code>
                {operation.summary && ` – ${operation.summary}`}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  )
}

/** The API reference: Scalar's viewer in the browser, the plain list before and without it. */
export function ApiDocsPage({ summary }: { summary: ApiSummary }) {
  const [scalarMounted, setScalarMounted] = useState(false)
  // Stable, so Scalar is mounted once and not again on the page's next render.
  const markScalarMounted = useCallback(() => setScalarMounted(true), [])
  return (
    <div lang="en" className="min-h-screen bg-surface text-ink">
      {!scalarMounted && <OperationList summary={summary} />}
      <ScalarReference onMounted={markScalarMounted} />
    </div>
  )
}
