import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
  stripSearchParams,
} from '@tanstack/react-router'
import { Building2 } from 'lucide-react'
import { prerender } from 'react-dom/static'
import { describe, expect, it } from 'vitest'
import { DataTable, dataColumns, RowLink } from '~/features/ui/DataTable'
import { EmptyState } from '~/features/ui/EmptyState'
import { type ListResult, listSearchDefaults, listSearchSchema, oneOf } from '~/lib/list-query'

interface Organisation {
  id: string
  name: string
}

const sortable = ['name', 'createdAt'] as const
const search = listSearchSchema({
  sort: sortable,
  defaultSort: 'name',
  filters: { category: oneOf(['pharmacy', 'club']) },
})
const column = dataColumns<Organisation>()
const columns = column.columns([
  column.accessor('name', {
    header: 'Name',
    cell: (info) => <RowLink to="/">{info.getValue()}</RowLink>,
  }),
  column.display({ id: 'createdAt', header: 'Angelegt', cell: () => '01.01.2025' }),
  column.display({ id: 'note', header: 'Notiz', cell: () => '–' }),
])

/** Server-renders the table on a route whose search is `href`'s, with `result` as the page. */
async function renderList(href: string, result: ListResult<Organisation>) {
  const rootRoute = createRootRoute()
  const listRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    validateSearch: search.validateSearch,
    search: { middlewares: [stripSearchParams(listSearchDefaults(search))] },
    component: function List() {
      return (
        <DataTable
          label="Organisationen"
          columns={columns}
          search={listRoute.useSearch()}
          result={result}
          sortable={sortable}
          empty={
            <EmptyState icon={Building2} title="Noch keine Organisationen">
              Leer
            </EmptyState>
          }
        />
      )
    },
  })
  const router = createRouter({
    routeTree: rootRoute.addChildren([listRoute]),
    history: createMemoryHistory({ initialEntries: [href] }),
  })
  await router.load()
  // A page load of a non-canonical URL answers a redirect, as Start's server handler does.
  const loaded = router._serverResult
  if (loaded?.type === 'redirect') return { redirectedTo: loaded.redirect.options.href, html: '' }
  const { prelude } = await prerender(<RouterProvider router={router} />)
  return { redirectedTo: null, html: await new Response(prelude).text() }
}

const rows = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `id-${index}`, name: `Apotheke ${index}` }))

describe('DataTable', () => {
  it('shows the sort, page and total that the URL and the server answer', async () => {
    const { html } = await renderList('/?page=2&sort=createdAt&dir=desc', {
      items: rows(25),
      total: 1234,
      page: 2,
      pageSize: 25,
    })
    expect(html).toContain('<caption class="sr-only">Organisationen</caption>')
    expect(html).toMatch(/<th[^>]*aria-sort="descending"[^>]*><button[^>]*>Angelegt/)
    expect(html.match(/aria-sort=/g)).toHaveLength(1)
    // Sortable columns get a button, the others plain text.
    expect(html).toMatch(/<th[^>]*><button[^>]*>Name/)
    expect(html).toMatch(/<th[^>]*>Notiz<\/th>/)
    expect(html).toContain('1.234<!-- --> <!-- -->Einträge')
    expect(html).toContain('Seite <!-- -->2<!-- --> von <!-- -->50')
    expect(html.match(/data-row-link=""/g)).toHaveLength(25)
  })

  it('falls back to the defaults for a broken link instead of failing', async () => {
    const page = { items: rows(3), total: 3, page: 1, pageSize: 25 } as const
    const broken = await renderList('/?page=-3&sort=passwordHash&dir=up&pageSize=7', page)
    expect(broken.redirectedTo).toBe('/')
    const { html } = await renderList('/', page)
    expect(html).toMatch(/<th[^>]*aria-sort="ascending"[^>]*><button[^>]*>Name/)
    expect(html).toContain('Seite <!-- -->1<!-- --> von <!-- -->1')
  })

  it('shows the empty state with its action when the list has no rows at all', async () => {
    const { html } = await renderList('/', { items: [], total: 0, page: 1, pageSize: 25 })
    expect(html).toContain('Noch keine Organisationen')
    expect(html).not.toContain('<table')
  })

  it('offers to reset a search that found nothing, keeping the search box', async () => {
    const { html } = await renderList('/?q=%22xyz%22&category=club', {
      items: [],
      total: 0,
      page: 1,
      pageSize: 25,
    })
    expect(html).toContain('Keine Treffer')
    expect(html).toContain('Suche und Filter zurücksetzen')
    expect(html).toContain('value="xyz"')
  })
})
