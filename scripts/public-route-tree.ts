import { readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/**
 * The public pages' route tree (ADR 085): the route tree module as Start generates it for the
 * browser, without the back office's routes (`src/routes/_app`, `_app.tsx`), plus one catch-all
 * route that opens any other path as a new page, where the server hands the full tree.
 *
 * It works on the generated module's statements: the imports of the back office's route files
 * go, then every statement that refers to what went (its routes' `update` calls, child lists),
 * and object literals (the child lists of the routes that stay) lose only those properties.
 * Anything else that refers to a dropped name fails the build rather than ship a broken tree.
 */
export function publicRouteTree(
  generated: string,
  catchAll: { importFrom: string; exportName: string },
): string {
  const source = ts.createSourceFile('routeTree.gen.ts', generated, ts.ScriptTarget.Latest, true)
  const dropped = new Set<string>()
  const refersToDropped = (node: ts.Node): boolean =>
    (ts.isIdentifier(node) && dropped.has(node.text)) ||
    ts.forEachChild(node, refersToDropped) === true
  const statements: string[] = []
  let rootChildrenFound = false

  for (const statement of source.statements) {
    // Types say nothing at run time, and those of the full tree name the back office's routes.
    if (isTypeOnly(statement)) continue
    if (ts.isImportDeclaration(statement) && isBackOfficeRouteFile(statement.moduleSpecifier)) {
      for (const name of importedNames(statement)) dropped.add(name)
      continue
    }
    const declaration = ts.isVariableStatement(statement)
      ? statement.declarationList.declarations[0]
      : undefined
    if (declaration && ts.isIdentifier(declaration.name)) {
      const name = declaration.name.text
      const initializer = declaration.initializer
      if (initializer && ts.isObjectLiteralExpression(initializer)) {
        const kept = initializer.properties.filter(
          (property) => !refersToDropped(propertyValue(property)),
        )
        // A child list of back-office routes only (the back office's own) goes with them.
        if (kept.length === 0 && initializer.properties.length > 0) {
          dropped.add(name)
          continue
        }
        const properties = kept.map((property) => property.getText(source))
        if (name === 'rootRouteChildren') {
          rootChildrenFound = true
          properties.push(`BackOfficeElsewhere: ${catchAll.exportName}`)
        }
        statements.push(`const ${name} = { ${properties.join(', ')} }`)
        continue
      }
      if (refersToDropped(statement)) {
        dropped.add(name)
        continue
      }
    }
    if (refersToDropped(statement)) {
      throw new Error(
        `The public route tree cannot drop: ${statement.getText(source).slice(0, 80)}`,
      )
    }
    statements.push(statement.getText(source))
  }
  if (!dropped.has('AppRoute') || !rootChildrenFound) {
    throw new Error('The generated route tree no longer has the shape the public tree expects')
  }
  return [
    `import { ${catchAll.exportName} } from ${JSON.stringify(catchAll.importFrom)}`,
    ...statements,
  ].join('\n')
}

function isTypeOnly(statement: ts.Statement): boolean {
  return (
    ts.isInterfaceDeclaration(statement) ||
    ts.isTypeAliasDeclaration(statement) ||
    ts.isModuleDeclaration(statement) ||
    (ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly === true)
  )
}

function isBackOfficeRouteFile(specifier: ts.Expression): boolean {
  return ts.isStringLiteral(specifier) && /^\.\/routes\/_app(\/|\.tsx?$|$)/.test(specifier.text)
}

function importedNames(statement: ts.ImportDeclaration): string[] {
  const clause = statement.importClause
  if (!clause) return []
  const bindings = clause.namedBindings
  return [
    ...(clause.name ? [clause.name.text] : []),
    ...(bindings && ts.isNamedImports(bindings)
      ? bindings.elements.map((element) => element.name.text)
      : []),
    ...(bindings && ts.isNamespaceImport(bindings) ? [bindings.name.text] : []),
  ]
}

/** What a property of an object literal refers to: its value, not its key. */
function propertyValue(property: ts.ObjectLiteralElementLike): ts.Node {
  if (ts.isPropertyAssignment(property)) return property.initializer
  if (ts.isShorthandPropertyAssignment(property)) return property.name
  return property
}

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
}

/** The generated route tree, as the client build's manifest names it. */
const routeTreeFile = 'src/routeTree.gen.ts'

/**
 * The files of the full route tree in the client build that the entry (which holds the public
 * tree) does not already load: what a back-office page preloads beside the entry (ADR 085). Read
 * from the client build's manifest, which the server build follows.
 */
export function fullRouteTreeChunks(clientOutDir: string): string[] {
  const manifest = JSON.parse(
    readFileSync(path.join(clientOutDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>
  const closure = (keys: string[]) => {
    const seen = new Set<string>()
    for (let key = keys.pop(); key !== undefined; key = keys.pop()) {
      if (seen.has(key)) continue
      seen.add(key)
      keys.push(...(manifest[key]?.imports ?? []))
    }
    return seen
  }
  if (!manifest[routeTreeFile])
    throw new Error(`The client build has no chunk for ${routeTreeFile}`)
  const entry = closure(Object.keys(manifest).filter((key) => manifest[key]?.isEntry))
  return [...closure([routeTreeFile])]
    .filter((key) => !entry.has(key))
    .map((key) => `/${manifest[key]?.file}`)
}
