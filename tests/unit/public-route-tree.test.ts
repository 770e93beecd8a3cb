import { readFileSync } from 'node:fs'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { publicRouteTree } from '../../scripts/public-route-tree'

const catchAll = { importFrom: '/app/back-office-elsewhere.ts', exportName: 'backOfficeElsewhere' }

/** The shape of the tree Start generates for the browser, cut down to two layouts. */
const generated = `
import { Route as rootRouteImport } from './routes/__root'
import { Route as AppRouteImport } from './routes/_app'
import { Route as ShopRouteImport } from './routes/_shop'
import { Route as AppCustomersIndexRouteImport } from './routes/_app/customers/index'
import { Route as ShopBluetenIndexRouteImport } from './routes/_shop/blueten/index'
const AppRoute = AppRouteImport.update({ id: '/_app', getParentRoute: () => rootRouteImport })
const ShopRoute = ShopRouteImport.update({ id: '/_shop', getParentRoute: () => rootRouteImport })
const AppCustomersIndexRoute = AppCustomersIndexRouteImport.update({
  id: '/customers/', path: '/customers/', getParentRoute: () => AppRoute,
})
const ShopBluetenIndexRoute = ShopBluetenIndexRouteImport.update({
  id: '/blueten/', path: '/blueten/', getParentRoute: () => ShopRoute,
})
const AppRouteChildren = { AppCustomersIndexRoute: AppCustomersIndexRoute }
const AppRouteWithChildren = AppRoute._addFileChildren(AppRouteChildren)
const ShopRouteChildren = { ShopBluetenIndexRoute: ShopBluetenIndexRoute }
const ShopRouteWithChildren = ShopRoute._addFileChildren(ShopRouteChildren)
const rootRouteChildren = { AppRoute: AppRouteWithChildren, ShopRoute: ShopRouteWithChildren }
export const routeTree = rootRouteImport._addFileChildren(rootRouteChildren)
`

/** The identifiers a module's code refers to. */
function identifiersOf(code: string): Set<string> {
  const names = new Set<string>()
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) names.add(node.text)
    ts.forEachChild(node, visit)
  }
  visit(ts.createSourceFile('tree.ts', code, ts.ScriptTarget.Latest, true))
  return names
}

describe('the public route tree (ADR 085)', () => {
  it('keeps the public layouts and their routes, drops the back office, adds the catch-all', () => {
    const tree = publicRouteTree(generated, catchAll)
    expect(tree).not.toContain("'./routes/_app")
    const names = identifiersOf(tree)
    for (const name of ['AppRoute', 'AppRouteChildren', 'AppRouteWithChildren']) {
      expect(names.has(name), name).toBe(false)
    }
    expect(tree).toContain(
      "import { Route as ShopBluetenIndexRouteImport } from './routes/_shop/blueten/index'",
    )
    expect(tree).toContain('ShopRoute._addFileChildren(ShopRouteChildren)')
    expect(tree).toContain(
      'const rootRouteChildren = { ShopRoute: ShopRouteWithChildren, BackOfficeElsewhere: backOfficeElsewhere }',
    )
    expect(tree).toContain('import { backOfficeElsewhere } from "/app/back-office-elsewhere.ts"')
    expect(tree).toContain(
      'export const routeTree = rootRouteImport._addFileChildren(rootRouteChildren)',
    )
  })

  it('prunes the tree the router generates for this app, and its output parses', () => {
    const tree = publicRouteTree(
      readFileSync(new URL('../../src/routeTree.gen.ts', import.meta.url), 'utf8'),
      catchAll,
    )
    expect(tree).not.toMatch(/from '\.\/routes\/_app[/']/)
    expect(tree).toContain("from './routes/_shop/blueten/index'")
    const parsed = ts.createSourceFile('tree.ts', tree, ts.ScriptTarget.Latest, true)
    expect((parsed as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([])
  })

  it('fails the build when the generated tree no longer has the expected shape', () => {
    expect(() => publicRouteTree('export const routeTree = 1', catchAll)).toThrow(/shape/)
    const unknownUse = `${generated}\nconsole.log(AppRoute.id)`
    expect(() => publicRouteTree(unknownUse, catchAll)).toThrow(/cannot drop/)
  })
})
