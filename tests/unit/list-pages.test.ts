import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { listPages } from '../e2e/support/list-pages'

const root = path.resolve(import.meta.dirname, '../..')

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith('~/')
    ? path.join(root, 'src', specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null
  if (!base) return null
  const file = ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext).find(existsSync)
  return file ?? null
}

/**
 * Whether the file renders a server-side list, itself or through the feature modules it imports
 * (a route imports its page, a page may import its table); `features/ui` is where the table is
 * defined, not a list.
 */
function rendersList(file: string, depth: number): boolean {
  const source = readFileSync(file, 'utf8')
  if (/<(DataTable|DataGrid)\b/.test(source)) return true
  if (depth === 0) return false
  return [...source.matchAll(/^import\s+(?!type\b)[^'"]*from\s+'([^']+)'/gm)].some(
    ([, spec = '']) => {
      const target = resolveImport(file, spec)
      if (!target) return false
      return (
        target.includes(`${path.sep}features${path.sep}`) &&
        !target.includes(`${path.sep}features${path.sep}ui${path.sep}`) &&
        rendersList(target, depth - 1)
      )
    },
  )
}

const routeFiles = (readdirSync(path.join(root, 'src/routes'), { recursive: true }) as string[])
  .map((name) => path.join('src/routes', name))
  .filter((name) => name.endsWith('.tsx') && !name.startsWith(path.join('src/routes/api')))

describe('the list pages the widths e2e test visits', () => {
  const listed = new Set(listPages.map((page) => page.file))

  it('include every route that renders a DataTable or DataGrid', () => {
    const lists = routeFiles.filter((file) => rendersList(path.join(root, file), 2))
    // The detection itself works: it finds the known lists.
    expect(lists).toContain('src/routes/_app/customers/index.tsx')
    expect(lists).toContain('src/routes/_app/admin/audit.tsx')
    expect(lists.filter((file) => !listed.has(file))).toEqual([])
  })

  it('name route files that exist', () => {
    expect([...listed].filter((file) => !existsSync(path.join(root, file)))).toEqual([])
  })
})
