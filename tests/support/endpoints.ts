import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Every way into the app over HTTP, read from the sources and the build, so that a test that
 * walks them covers a new server function or REST route without being edited.
 */

const projectRoot = path.resolve(import.meta.dirname, '../..')

export interface ServerFunction {
  /** `src/features/…/x.functions.ts`, as Start names it. */
  file: string
  name: string
  method: 'GET' | 'POST'
  /** The path of its HTTP endpoint, `/_serverFn/<id>`. */
  path: string
}

const declaration = /export const (\w+) = createServerFn\(\{ method: '(GET|POST)' \}\)/g

function sourceFiles(directory: string): string[] {
  return readdirSync(path.join(projectRoot, directory), { withFileTypes: true }).flatMap(
    (entry) => {
      const relative = `${directory}/${entry.name}`
      if (entry.isDirectory()) return sourceFiles(relative)
      return /\.tsx?$/.test(entry.name) ? [relative] : []
    },
  )
}

/** Start names a built server function by the SHA-256 of `<file>--<export>_createServerFn_handler`. */
export function serverFunctionPath(file: string, name: string): string {
  const id = createHash('sha256').update(`${file}--${name}_createServerFn_handler`)
  return `/_serverFn/${id.digest('hex')}`
}

/**
 * Every `createServerFn` in src. A declaration of another form fails here rather than being
 * skipped; `builtServerFunctionIds` tells whether the build has the same set.
 */
export function serverFunctions(): ServerFunction[] {
  return sourceFiles('src').flatMap((file) => {
    const source = readFileSync(path.join(projectRoot, file), 'utf8')
    const found = [...source.matchAll(declaration)].map(([, name, method]) => ({
      file,
      name: name as string,
      method: method as 'GET' | 'POST',
      path: serverFunctionPath(file, name as string),
    }))
    const calls = source.match(/\bcreateServerFn\(/g)?.length ?? 0
    if (calls !== found.length) {
      throw new Error(`${file}: ${calls - found.length} createServerFn of another form`)
    }
    return found
  })
}

/** The ids of the functions in the production build's server-function manifest (in some chunk). */
export function builtServerFunctionIds(): string[] {
  const serverBuild = path.join(projectRoot, 'dist/server')
  const chunks = readdirSync(serverBuild, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(path.join(serverBuild, file), 'utf8'))
  return chunks
    .flatMap((chunk) => [
      ...chunk.matchAll(/"([0-9a-f]{64})": \{\s*functionName: "\w+_createServerFn_handler"/g),
    ])
    .map(([, id]) => id as string)
    .sort()
}

/** The REST routes (file routes under src/routes/api) by path, e.g. `/api/files/$id`. */
export function restRoutes(): string[] {
  const tree = readFileSync(path.join(projectRoot, 'src/routeTree.gen.ts'), 'utf8')
  const byId = /export interface FileRoutesById \{([^}]*)\}/.exec(tree)?.[1]
  if (!byId) throw new Error('FileRoutesById not found in src/routeTree.gen.ts')
  return [...byId.matchAll(/'(\/api\/[^']*)'/g)].map(([, id]) => id as string).sort()
}
