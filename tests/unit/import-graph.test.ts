import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// The import rules of ADR 059, checked over the TypeScript sources: no runtime import cycle in
// src/server, and the layers lib → server → features → routes import only downwards.

const root = path.resolve(import.meta.dirname, '../..')
const sourceRoot = path.join(root, 'src')

interface Import {
  /** The specifier as written (`react`, `../db/schema`, `~/lib/format`). */
  specifier: string
  /** The source file it resolves to, relative to the repository; undefined for packages. */
  target: string | undefined
  /** False for `import type` and for imports whose every name is a type: erased at build time. */
  runtime: boolean
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [file] : []
  })
}

function resolveSource(fromFile: string, specifier: string): string | undefined {
  let base: string
  if (specifier.startsWith('~/')) base = path.join(sourceRoot, specifier.slice(2))
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier)
  else return undefined
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]
  const found = candidates.find((file) => existsSync(file) && statSync(file).isFile())
  return found && path.relative(root, found)
}

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true
    const clause = node.exportClause
    return !!clause && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly)
  }
  const clause = node.importClause
  if (!clause) return false // a side-effect import runs the module
  if (clause.isTypeOnly) return true
  if (clause.name) return false
  const bindings = clause.namedBindings
  if (!bindings || ts.isNamespaceImport(bindings)) return false
  return bindings.elements.every((element) => element.isTypeOnly)
}

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false)
  const found: Import[] = []
  const add = (specifier: string, runtime: boolean) =>
    found.push({ specifier, target: resolveSource(file, specifier), runtime })
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, !isTypeOnly(node))
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      // A dynamic import loads the module later, not while this one is evaluated: no cycle.
      add(node.arguments[0].text, false)
    } else if (ts.isImportTypeNode(node)) {
      // `typeof import('…')` in a type position: erased.
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

const graph = new Map(
  sourceFiles(sourceRoot).map((file) => [path.relative(root, file), importsOf(file)]),
)

/** The groups of src/server files that import each other at run time (Tarjan's strongly connected components). */
function serverImportCycles(): string[][] {
  const nodes = [...graph.keys()].filter((file) => file.startsWith('src/server/'))
  const edges = new Map(
    nodes.map((file) => [
      file,
      (graph.get(file) ?? [])
        .filter((entry) => entry.runtime && entry.target?.startsWith('src/server/'))
        .map((entry) => entry.target as string),
    ]),
  )
  let counter = 0
  const index = new Map<string, number>()
  const lowLink = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []
  const connect = (node: string) => {
    index.set(node, counter)
    lowLink.set(node, counter)
    counter++
    stack.push(node)
    onStack.add(node)
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next)
        lowLink.set(node, Math.min(lowLink.get(node) as number, lowLink.get(next) as number))
      } else if (onStack.has(next)) {
        lowLink.set(node, Math.min(lowLink.get(node) as number, index.get(next) as number))
      }
    }
    if (lowLink.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop() as string
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      const selfImport = (edges.get(node) ?? []).includes(node)
      if (component.length > 1 || selfImport) components.push(component.sort())
    }
  }
  for (const node of nodes) if (!index.has(node)) connect(node)
  return components.sort((a, b) => (a[0] as string).localeCompare(b[0] as string))
}

const reactPackage = /^(react|react-dom)(\/|$)|^@tanstack\/react-/

/** Imports that cross the layers the wrong way, as `file → specifier`. */
function layerViolations(): string[] {
  const violations: string[] = []
  for (const [file, imports] of graph) {
    for (const entry of imports) {
      const wrong =
        // The server knows nothing of the UI built on it.
        (file.startsWith('src/server/') && entry.target?.startsWith('src/features/')) ||
        (file.startsWith('src/server/') && entry.target?.startsWith('src/routes/')) ||
        // Services run without React; Start's request helpers are server code, not React.
        (file.startsWith('src/server/') &&
          reactPackage.test(entry.specifier) &&
          !entry.specifier.startsWith('@tanstack/react-start/server')) ||
        // lib is shared by server and browser: plain TypeScript, types from UI packages at most.
        (file.startsWith('src/lib/') && entry.runtime && reactPackage.test(entry.specifier)) ||
        (file.startsWith('src/lib/') && /^src\/(server|features|routes)\//.test(entry.target ?? ''))
      if (wrong) violations.push(`${file} → ${entry.specifier}`)
    }
  }
  return violations.sort()
}

/** The modules a runtime import of `entry` loads, `entry` included. */
function loadedBy(entry: string): Set<string> {
  const loaded = new Set<string>()
  const visit = (file: string) => {
    if (loaded.has(file)) return
    loaded.add(file)
    for (const next of graph.get(file) ?? []) if (next.runtime && next.target) visit(next.target)
  }
  visit(entry)
  return loaded
}

describe('the import graph (ADR 059)', () => {
  it('reads the sources it checks', () => {
    // Guards the check itself: a resolver that found nothing would pass every rule below.
    const serverEdges = [...graph]
      .filter(([file]) => file.startsWith('src/server/'))
      .flatMap(([, imports]) => imports.filter((entry) => entry.target))
    expect(serverEdges.length).toBeGreaterThan(500)
    expect(graph.get('src/server/app.server.ts')?.some((entry) => entry.runtime)).toBe(true)
  })

  it('has no runtime import cycle in src/server', () => {
    expect(serverImportCycles()).toEqual([])
  })

  it('keeps the app wiring at the edge: the low modules load nothing of it', () => {
    // app.server.ts starts the database and every job; a low module that loaded it would tie the
    // whole server into one knot again. Only the request edge asks it for the running app.
    const lowModules = [
      'src/server/http.server.ts',
      'src/server/request-address.server.ts',
      'src/server/tenants.server.ts',
      'src/server/db/schema.ts',
      'src/server/db/client.server.ts',
    ]
    const reaching = lowModules.filter((file) => loadedBy(file).has('src/server/app.server.ts'))
    expect(reaching).toEqual([])
  })

  it('keeps the demo seed out of the server: `npm start` runs it as a step of its own', () => {
    // The server entry (app wiring, jobs) and every route with its server functions.
    const served = [...loadedBy('src/server.ts'), ...loadedBy('src/routeTree.gen.ts')]
    expect(served.length).toBeGreaterThan(500)
    const seedModules = served.filter((file) => file.startsWith('src/server/db/seed'))
    expect(seedModules).toEqual([])
  })

  it('imports only downwards: lib → server → features → routes', () => {
    expect(layerViolations()).toEqual([])
  })
})
