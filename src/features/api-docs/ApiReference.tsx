import type { ReactNode } from 'react'

/** The parts of an OpenAPI 3.1 document (as /api/openapi.json answers it) this page reads. */
export interface ApiDocument {
  openapi: string
  info: { title: string; version: string; description?: string }
  tags?: { name: string; description?: string }[]
  paths: Record<string, PathItem>
  components?: {
    schemas?: Record<string, JsonSchema>
    securitySchemes?: Record<string, SecurityScheme>
  }
}

type JsonPrimitive = string | number | boolean | null

export interface JsonSchema {
  $ref?: string
  type?: string | string[]
  format?: string
  description?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  additionalProperties?: boolean | JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  enum?: JsonPrimitive[]
  const?: JsonPrimitive
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minItems?: number
  maxItems?: number
  examples?: JsonPrimitive[]
}

interface SecurityScheme {
  type: string
  scheme?: string
  bearerFormat?: string
  description?: string
}

interface Parameter {
  name: string
  in: string
  required?: boolean
  description?: string
  schema?: JsonSchema
}

interface MediaType {
  schema?: JsonSchema
}

interface ResponseHeader {
  description?: string
  required?: boolean
  schema?: JsonSchema
}

interface ApiResponse {
  description: string
  headers?: Record<string, ResponseHeader>
  content?: Record<string, MediaType>
}

interface Operation {
  operationId?: string
  tags?: string[]
  summary?: string
  description?: string
  security?: Record<string, string[]>[]
  parameters?: Parameter[]
  requestBody?: { required?: boolean; description?: string; content: Record<string, MediaType> }
  responses: Record<string, ApiResponse>
}

/** A path that may wrap after each `/` instead of in the middle of a segment. */
function PathText({ path }: { path: string }) {
  let offset = 0
  return path.split('/').map((segment, index) => {
    const key = offset
    offset += segment.length + 1
    return (
      <span key={key}>
        {index > 0 && (
          <>
            /<wbr />
          </>
        )}
        {segment}
      </span>
    )
  })
}

const httpMethods = ['get', 'post', 'put', 'patch', 'delete'] as const
type HttpMethod = (typeof httpMethods)[number]
type PathItem = Partial<Record<HttpMethod, Operation>>

interface OperationEntry {
  anchor: string
  method: HttpMethod
  path: string
  operation: Operation
}

interface TagGroup {
  name: string
  description?: string
  anchor: string
  operations: OperationEntry[]
}

export const openApiDocumentUrl = '/api/openapi.json'

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

const schemaAnchor = (name: string) => `schema-${slug(name)}`
const schemaRefPrefix = '#/components/schemas/'
const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1)

function operationsOf(spec: ApiDocument): OperationEntry[] {
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    httpMethods.flatMap((method) => {
      const operation = item[method]
      if (!operation) return []
      const anchor = `operation-${slug(operation.operationId ?? `${method} ${path}`)}`
      return [{ anchor, method, path, operation }]
    }),
  )
}

/** Operations grouped by their first tag, in the order of the document's `tags`. */
function groupByTag(spec: ApiDocument): TagGroup[] {
  const operations = operationsOf(spec)
  const groups: TagGroup[] = (spec.tags ?? []).map((tag) => ({
    ...tag,
    anchor: `tag-${slug(tag.name)}`,
    operations: [],
  }))
  for (const entry of operations) {
    const tagName = entry.operation.tags?.[0] ?? 'Other'
    let group = groups.find((candidate) => candidate.name === tagName)
    if (!group) {
      group = { name: tagName, anchor: `tag-${slug(tagName)}`, operations: [] }
      groups.push(group)
    }
    group.operations.push(entry)
  }
  return groups.filter((group) => group.operations.length > 0)
}

function resolveSchema(spec: ApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.$ref?.startsWith(schemaRefPrefix)) return schema
  return spec.components?.schemas?.[refName(schema.$ref)] ?? schema
}

/** Text with `code` spans, as the document's descriptions write them. */
function InlineText({ text }: { text: string }) {
  let offset = 0
  return text.split('`').map((part, index) => {
    const key = offset
    offset += part.length + 1
    if (index % 2 === 0) return <span key={key}>{part}</span>
    return (
      <code key={key} className="rounded bg-surface-muted px-1 py-0.5 font-mono text-[0.85em]">
        {part}
      </code>
    )
  })
}

function Prose({ text, className = '' }: { text: string; className?: string }) {
  return text.split(/\n{2,}/).map((paragraph) => (
    <p key={paragraph} className={`mt-3 leading-relaxed ${className}`}>
      <InlineText text={paragraph} />
    </p>
  ))
}

const methodStyles: Record<HttpMethod, string> = {
  get: 'bg-brand-700',
  post: 'bg-focus',
  put: 'bg-warning',
  patch: 'bg-warning',
  delete: 'bg-danger',
}

function MethodBadge({ method }: { method: HttpMethod }) {
  return (
    <span
      className={`inline-block min-w-16 rounded-md px-2 py-1 text-center font-mono text-xs font-bold uppercase tracking-wide text-white ${methodStyles[method]}`}
    >
      {method}
    </span>
  )
}

function StatusBadge({ status }: { status: string }) {
  const success = status.startsWith('2') || status.startsWith('3')
  const style = success ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger'
  return (
    <span className={`inline-block rounded-md px-2 py-0.5 font-mono text-sm font-bold ${style}`}>
      {status}
    </span>
  )
}

function SchemaLink({ name }: { name: string }) {
  return (
    <a
      href={`#${schemaAnchor(name)}`}
      className="font-mono text-brand-700 underline underline-offset-2 hover:text-brand-900"
    >
      {name}
    </a>
  )
}

/** A compact type for a schema: `string (uuid)`, `B2bUser`, `TenantConfig | null`, `string[]`. */
function TypeLabel({ schema }: { schema: JsonSchema }): ReactNode {
  if (schema.$ref) return <SchemaLink name={refName(schema.$ref)} />
  const variants = schema.anyOf ?? schema.oneOf
  if (variants) {
    return variants.map((variant, index) => (
      <span key={JSON.stringify(variant)}>
        {index > 0 && ' | '}
        <TypeLabel schema={variant} />
      </span>
    ))
  }
  if (schema.const !== undefined)
    return <code className="font-mono">{JSON.stringify(schema.const)}</code>
  if (schema.type === 'array') {
    return <>{schema.items ? <TypeLabel schema={schema.items} /> : 'unknown'}[]</>
  }
  if (typeof schema.additionalProperties === 'object' && !schema.properties) {
    return (
      <>
        map of string → <TypeLabel schema={schema.additionalProperties} />
      </>
    )
  }
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any')
  return schema.format ? `${type} (${schema.format})` : type
}

const codeList = (values: readonly JsonPrimitive[]) =>
  values.map((value, index) => (
    <span key={String(value)}>
      {index > 0 && ', '}
      <code className="font-mono">{JSON.stringify(value)}</code>
    </span>
  ))

/** `1 – 100`, `at most 254`, `at least 1`; null without bounds. */
function rangeText(min: number | undefined, max: number | undefined): string | null {
  if (min !== undefined && max !== undefined) return min === max ? `${min}` : `${min} – ${max}`
  if (max !== undefined) return `at most ${max}`
  if (min !== undefined) return `at least ${min}`
  return null
}

/** The validation rules of a schema in words. */
function constraintsOf(schema: JsonSchema): { label: string; value: ReactNode }[] {
  const rules: { label: string; value: ReactNode }[] = []
  if (schema.enum) rules.push({ label: 'One of', value: codeList(schema.enum) })
  const { minLength, maxLength, minimum, maximum, minItems, maxItems } = schema
  const length = rangeText(minLength, maxLength)
  if (length) rules.push({ label: 'Length', value: `${length} characters` })
  if (minimum !== undefined) rules.push({ label: 'Minimum', value: String(minimum) })
  if (schema.exclusiveMinimum !== undefined) {
    rules.push({ label: 'Greater than', value: String(schema.exclusiveMinimum) })
  }
  if (maximum !== undefined) rules.push({ label: 'Maximum', value: String(maximum) })
  if (schema.exclusiveMaximum !== undefined) {
    rules.push({ label: 'Less than', value: String(schema.exclusiveMaximum) })
  }
  const items = rangeText(minItems, maxItems)
  if (items) rules.push({ label: 'Items', value: items })
  if (schema.pattern) {
    rules.push({
      label: 'Pattern',
      value: <code className="font-mono break-all">{schema.pattern}</code>,
    })
  }
  if (schema.examples?.length) rules.push({ label: 'Example', value: codeList(schema.examples) })
  return rules
}

function SchemaDetails({ schema }: { schema: JsonSchema }) {
  const rules = constraintsOf(schema)
  return (
    <>
      {schema.description && (
        <p>
          <InlineText text={schema.description} />
        </p>
      )}
      {rules.length > 0 && (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-ink-muted">
          {rules.map((rule) => (
            <div key={rule.label} className="contents">
              <dt className="font-medium">{rule.label}:</dt>
              <dd className="min-w-0">{rule.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  )
}

interface FieldRow {
  name: string
  depth: number
  required: boolean
  schema: JsonSchema
}

/** An object nested inline (not a `$ref`): directly, as array items or as a nullable variant. */
function inlineObject(schema: JsonSchema): { schema: JsonSchema; suffix: string } | null {
  if (schema.properties) return { schema, suffix: '' }
  if (schema.items?.properties) return { schema: schema.items, suffix: '[]' }
  const variant = (schema.anyOf ?? schema.oneOf)?.find((candidate) => candidate.properties)
  return variant ? { schema: variant, suffix: '' } : null
}

function fieldRows(schema: JsonSchema, prefix = '', depth = 0): FieldRow[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const path = `${prefix}${name}`
    const row = { name: path, depth, required: schema.required?.includes(name) ?? false }
    const nested = inlineObject(property)
    return [
      { ...row, schema: property },
      ...(nested ? fieldRows(nested.schema, `${path}${nested.suffix}.`, depth + 1) : []),
    ]
  })
}

const headCellClass = 'border-b border-border px-3 py-2 font-semibold text-ink'
const cellClass = 'border-b border-border px-3 py-2 align-top'

/** A scrollable reference table: a caption for screen readers, column heads, the rows as given. */
function ReferenceTable({
  caption,
  columns,
  children,
}: {
  caption: string
  columns: string[]
  children: ReactNode
}) {
  return (
    <div className="overflow-x-auto rounded-card border border-border bg-surface">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-muted">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={headCellClass}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

/** The fields of an object schema as a table; other schemas as their type. */
function SchemaTable({ schema, caption }: { schema: JsonSchema; caption: string }) {
  const rows = fieldRows(schema)
  if (rows.length === 0) {
    return (
      <div className="text-sm">
        <p>
          Type: <TypeLabel schema={schema} />
        </p>
        <SchemaDetails schema={schema} />
      </div>
    )
  }
  return (
    <ReferenceTable caption={caption} columns={['Field', 'Type', 'Required', 'Details']}>
      {rows.map((row) => (
        <tr key={row.name}>
          <th scope="row" className={`${cellClass} font-normal`}>
            <code
              className="font-mono font-semibold break-words"
              style={{ paddingInlineStart: `${row.depth}rem` }}
            >
              {row.name}
            </code>
          </th>
          <td className={cellClass}>
            <TypeLabel schema={row.schema} />
          </td>
          <td className={cellClass}>{row.required ? 'yes' : 'no'}</td>
          <td className={cellClass}>
            <SchemaDetails schema={row.schema} />
          </td>
        </tr>
      ))}
    </ReferenceTable>
  )
}

function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm font-medium text-brand-700">{label}</summary>
      {/* Wrapped rather than scrolled, so no part is out of reach without a pointer. */}
      <pre className="mt-2 rounded-card bg-ink p-4 font-mono text-xs break-words whitespace-pre-wrap text-surface">
        {JSON.stringify(value, null, 2)}
      </pre>
    </details>
  )
}

function ParametersTable({ parameters }: { parameters: Parameter[] }) {
  return (
    <ReferenceTable caption="Parameters" columns={['Name', 'In', 'Type', 'Required', 'Details']}>
      {parameters.map((parameter) => (
        <tr key={`${parameter.in}:${parameter.name}`}>
          <th scope="row" className={`${cellClass} font-normal`}>
            <code className="font-mono font-semibold">{parameter.name}</code>
          </th>
          <td className={cellClass}>{parameter.in}</td>
          <td className={cellClass}>
            {parameter.schema ? <TypeLabel schema={parameter.schema} /> : 'any'}
          </td>
          <td className={cellClass}>{parameter.required ? 'yes' : 'no'}</td>
          <td className={cellClass}>
            <SchemaDetails schema={{ ...parameter.schema, description: parameter.description }} />
          </td>
        </tr>
      ))}
    </ReferenceTable>
  )
}

function ResponsesTable({ responses }: { responses: Record<string, ApiResponse> }) {
  return (
    <ReferenceTable caption="Responses" columns={['Status', 'Description', 'Body']}>
      {Object.entries(responses).map(([status, response]) => (
        <tr key={status}>
          <th scope="row" className={`${cellClass} font-normal`}>
            <StatusBadge status={status} />
          </th>
          <td className={cellClass}>
            <InlineText text={response.description} />
            {response.headers && (
              <ul className="mt-2 space-y-1">
                {Object.entries(response.headers).map(([name, header]) => (
                  <li key={name}>
                    Header <code className="font-mono font-semibold">{name}</code>
                    {header.schema && (
                      <>
                        {' '}
                        (<TypeLabel schema={header.schema} />)
                      </>
                    )}
                    {header.description && (
                      <>
                        : <InlineText text={header.description} />
                      </>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </td>
          <td className={cellClass}>
            {Object.entries(response.content ?? {}).map(([mediaType, content]) => (
              <div key={mediaType}>
                {content.schema ? <TypeLabel schema={content.schema} /> : '—'}
                <span className="block text-xs text-ink-muted">{mediaType}</span>
              </div>
            ))}
          </td>
        </tr>
      ))}
    </ReferenceTable>
  )
}

function OperationSection({ spec, entry }: { spec: ApiDocument; entry: OperationEntry }) {
  const { operation, method, path, anchor } = entry
  const secured = (operation.security ?? []).some((rule) => Object.keys(rule).length > 0)
  const bodies = Object.entries(operation.requestBody?.content ?? {})
  return (
    <article
      id={anchor}
      aria-labelledby={`${anchor}-title`}
      className="scroll-mt-6 rounded-card border border-border bg-surface p-5 shadow-sm sm:p-6"
    >
      <h3 id={`${anchor}-title`} className="flex flex-wrap items-center gap-3">
        <MethodBadge method={method} />
        <code className="font-mono text-base font-semibold text-ink">
          <PathText path={path} />
        </code>
      </h3>
      {operation.summary && <p className="mt-2 text-lg font-medium">{operation.summary}</p>}
      {operation.description && <Prose text={operation.description} className="text-ink-muted" />}
      <p className="mt-3 text-sm">
        <span className="font-medium">Authentication: </span>
        {secured ? (
          <>
            <a href="#authentication" className="text-brand-700 underline underline-offset-2">
              Bearer access token
            </a>{' '}
            (<code className="font-mono">Authorization: Bearer …</code>)
          </>
        ) : (
          'none'
        )}
      </p>

      {operation.parameters && operation.parameters.length > 0 && (
        <section aria-labelledby={`${anchor}-parameters`} className="mt-5">
          <h4 id={`${anchor}-parameters`} className="mb-2 font-semibold">
            Parameters
          </h4>
          <ParametersTable parameters={operation.parameters} />
        </section>
      )}

      {bodies.length > 0 && (
        <section aria-labelledby={`${anchor}-body`} className="mt-5">
          <h4 id={`${anchor}-body`} className="mb-2 font-semibold">
            Request body
          </h4>
          {bodies.map(([mediaType, content]) => (
            <div key={mediaType}>
              <p className="mb-2 text-sm text-ink-muted">
                <code className="font-mono">{mediaType}</code>
                {operation.requestBody?.required ? ', required' : ', optional'}
                {content.schema?.$ref && (
                  <>
                    {' · schema '}
                    <SchemaLink name={refName(content.schema.$ref)} />
                  </>
                )}
              </p>
              {content.schema && (
                <SchemaTable
                  schema={resolveSchema(spec, content.schema)}
                  caption={`Request body of ${method.toUpperCase()} ${path}`}
                />
              )}
            </div>
          ))}
        </section>
      )}

      <section aria-labelledby={`${anchor}-responses`} className="mt-5">
        <h4 id={`${anchor}-responses`} className="mb-2 font-semibold">
          Responses
        </h4>
        <ResponsesTable responses={operation.responses} />
      </section>
    </article>
  )
}

const linkClass = 'text-brand-700 underline underline-offset-2 hover:text-brand-900'

function Contents({ groups, schemaNames }: { groups: TagGroup[]; schemaNames: string[] }) {
  return (
    <nav
      aria-label="API contents"
      className="text-sm lg:sticky lg:top-6 lg:max-h-[calc(100vh-3rem)] lg:self-start lg:overflow-y-auto"
    >
      <h2 className="font-semibold text-ink">Contents</h2>
      <ul className="mt-3 space-y-4">
        <li>
          <a href="#overview" className={linkClass}>
            Overview
          </a>
        </li>
        {groups.map((group) => (
          <li key={group.name}>
            <a href={`#${group.anchor}`} className={linkClass}>
              {group.name}
            </a>
            <ul className="mt-2 space-y-1.5">
              {group.operations.map((entry) => (
                <li key={entry.anchor}>
                  <a
                    href={`#${entry.anchor}`}
                    className="flex gap-2 rounded px-1 py-0.5 text-ink hover:bg-brand-50"
                  >
                    <span className="w-12 shrink-0 font-mono text-xs font-bold uppercase text-ink-muted">
                      {entry.method}
                    </span>
                    <span className="min-w-0 font-mono text-xs">
                      <PathText path={entry.path} />
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
        <li>
          <a href="#schemas" className={linkClass}>
            Schemas
          </a>
          <ul className="mt-2 space-y-1">
            {schemaNames.map((name) => (
              <li key={name}>
                <a
                  href={`#${schemaAnchor(name)}`}
                  className="font-mono text-xs text-ink hover:underline"
                >
                  {name}
                </a>
              </li>
            ))}
          </ul>
        </li>
      </ul>
    </nav>
  )
}

/** A readable reference of an OpenAPI 3.1 document, rendered without scripts of its own. */
export function ApiReference({ spec }: { spec: ApiDocument }) {
  const groups = groupByTag(spec)
  const schemas = Object.entries(spec.components?.schemas ?? {}).sort(([a], [b]) =>
    a.localeCompare(b),
  )
  const securitySchemes = Object.entries(spec.components?.securitySchemes ?? {})
  return (
    <div lang="en" className="min-h-screen bg-surface-muted text-ink">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex max-w-7xl flex-wrap items-end justify-between gap-4 px-6 py-8">
          <div>
            <p className="text-sm font-medium text-brand-700">API reference</p>
            <h1 className="mt-1 text-3xl font-semibold text-brand-900">{spec.info.title}</h1>
            <p className="mt-2 text-sm text-ink-muted">
              Version <span className="font-mono">{spec.info.version}</span> · OpenAPI{' '}
              <span className="font-mono">{spec.openapi}</span>
            </p>
          </div>
          <a
            href={openApiDocumentUrl}
            className="rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-900"
          >
            OpenAPI document (JSON)
          </a>
        </div>
      </header>

      <div className="mx-auto max-w-7xl gap-10 px-6 py-8 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
        <Contents groups={groups} schemaNames={schemas.map(([name]) => name)} />

        <main id="main" tabIndex={-1} className="mt-8 min-w-0 space-y-12 lg:mt-0">
          <section id="overview" aria-labelledby="overview-title" className="scroll-mt-6">
            <h2 id="overview-title" className="text-2xl font-semibold text-brand-900">
              Overview
            </h2>
            {spec.info.description && <Prose text={spec.info.description} />}
            <p className="mt-3">
              The machine-readable description is at{' '}
              <a href={openApiDocumentUrl} className={`${linkClass} font-mono`}>
                {openApiDocumentUrl}
              </a>
              .
            </p>
            {securitySchemes.length > 0 && (
              <>
                <h3 id="authentication" className="mt-6 scroll-mt-6 text-lg font-semibold">
                  Security schemes
                </h3>
                <ul className="mt-2 space-y-2">
                  {securitySchemes.map(([name, scheme]) => (
                    <li key={name}>
                      <code className="font-mono font-semibold">{name}</code>: {scheme.type}
                      {scheme.scheme && ` ${scheme.scheme}`}
                      {scheme.bearerFormat && ` (${scheme.bearerFormat})`}
                      {scheme.description && (
                        <>
                          {' — '}
                          <InlineText text={scheme.description} />
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>

          {groups.map((group) => (
            <section
              key={group.name}
              id={group.anchor}
              aria-labelledby={`${group.anchor}-title`}
              className="scroll-mt-6"
            >
              <h2 id={`${group.anchor}-title`} className="text-2xl font-semibold text-brand-900">
                {group.name}
              </h2>
              {group.description && <Prose text={group.description} className="text-ink-muted" />}
              <div className="mt-5 space-y-6">
                {group.operations.map((entry) => (
                  <OperationSection key={entry.anchor} spec={spec} entry={entry} />
                ))}
              </div>
            </section>
          ))}

          <section id="schemas" aria-labelledby="schemas-title" className="scroll-mt-6">
            <h2 id="schemas-title" className="text-2xl font-semibold text-brand-900">
              Schemas
            </h2>
            <div className="mt-5 space-y-6">
              {schemas.map(([name, schema]) => (
                <article
                  key={name}
                  id={schemaAnchor(name)}
                  aria-labelledby={`${schemaAnchor(name)}-title`}
                  className="scroll-mt-6 rounded-card border border-border bg-surface p-5 sm:p-6"
                >
                  <h3
                    id={`${schemaAnchor(name)}-title`}
                    className="font-mono text-lg font-semibold"
                  >
                    {name}
                  </h3>
                  {schema.description && <Prose text={schema.description} />}
                  <div className="mt-3">
                    <SchemaTable schema={schema} caption={`Fields of ${name}`} />
                  </div>
                  <JsonBlock value={schema} label="JSON Schema" />
                </article>
              ))}
            </div>
          </section>
        </main>
      </div>
    </div>
  )
}
