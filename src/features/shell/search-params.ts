import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router'

/**
 * Search params kept as the text typed: written without the JSON quotes the router's default puts
 * around a string that would parse as a number or boolean (`?q=12045`, not `?q=%2212045%22`), and
 * read back as text, so "1e3" or "true" stay what was searched.
 */
const plainTextParams = ['q']

/** The router's `stringifySearch`: its default, with the plain-text params unquoted. */
export function stringifySearch(search: Record<string, unknown>): string {
  const text = defaultStringifySearch(search)
  const plain = plainTextParams.filter((key) => typeof search[key] === 'string')
  if (plain.length === 0) return text
  const params = new URLSearchParams(text)
  // `set` keeps the param's place in the URL.
  for (const key of plain) params.set(key, search[key] as string)
  return `?${params.toString()}`
}

/** A JSON string literal, as links written before kept the text: `"12045"`. */
const quoted = /^".*"$/s

/** The router's `parseSearch`: its default, with the plain-text params read as text. */
export function parseSearch(searchText: string): Record<string, unknown> {
  const search: Record<string, unknown> = defaultParseSearch(searchText)
  const params = new URLSearchParams(searchText)
  for (const key of plainTextParams) {
    const value = params.get(key)
    if (value === null) continue
    try {
      search[key] = quoted.test(value) ? JSON.parse(value) : value
    } catch {
      search[key] = value
    }
  }
  return search
}
