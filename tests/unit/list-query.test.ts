import { describe, expect, expectTypeOf, it } from 'vitest'
import { isListNarrowed, listSearchSchema, oneOf, pageCount } from '~/lib/list-query'

const schema = listSearchSchema({
  sort: ['name', 'createdAt'],
  defaultSort: 'name',
  filters: { category: oneOf(['pharmacy', 'club']) },
})

/** Parses what a hand-edited or outdated URL may hold, however wrong. */
const parseUrl = (search: Record<string, unknown>) => schema.parse(search as never)

const defaults = { page: 1, pageSize: 25, sort: 'name', dir: 'asc', q: '' }

describe('listSearchSchema', () => {
  it('fills in defaults for an empty search', () => {
    expect(parseUrl({})).toEqual(defaults)
  })

  it('keeps valid params', () => {
    expect(
      parseUrl({
        page: 3,
        pageSize: 100,
        sort: 'createdAt',
        dir: 'desc',
        q: 'apotheke',
        category: 'club',
      }),
    ).toEqual({
      page: 3,
      pageSize: 100,
      sort: 'createdAt',
      dir: 'desc',
      q: 'apotheke',
      category: 'club',
    })
  })

  it('falls back to defaults for invalid params instead of failing', () => {
    expect(
      parseUrl({
        page: 0,
        pageSize: 30,
        sort: 'passwordHash',
        dir: 'sideways',
        q: { $ne: '' },
        category: 'casino',
      }),
    ).toEqual(defaults)
    expect(parseUrl({ page: -2, pageSize: '50' })).toMatchObject({ page: 1, pageSize: 25 })
    expect(parseUrl({ page: 1.5 })).toMatchObject({ page: 1 })
    expect(parseUrl({ page: 'zwei' })).toMatchObject({ page: 1 })
  })

  it('only sorts by the whitelisted columns', () => {
    expect(parseUrl({ sort: 'name; drop table users' }).sort).toBe('name')
    expect(parseUrl({ sort: 'createdAt' }).sort).toBe('createdAt')
  })

  it('trims the search text and cuts it at 100 characters', () => {
    expect(parseUrl({ q: '  grün  ' }).q).toBe('grün')
    expect(parseUrl({ q: 'x'.repeat(250) }).q).toHaveLength(100)
  })

  it('reads a number the router parsed out of the URL as search text', () => {
    expect(parseUrl({ q: 12345 }).q).toBe('12345')
  })

  it('honours a different default direction', () => {
    const newestFirst = listSearchSchema({
      sort: ['createdAt'],
      defaultSort: 'createdAt',
      defaultDir: 'desc',
    })
    expect(newestFirst.parse({ dir: 'up' } as never).dir).toBe('desc')
  })

  it('refuses a filter that would shadow a list param', () => {
    expect(() =>
      listSearchSchema({ sort: ['name'], defaultSort: 'name', filters: { page: oneOf(['x']) } }),
    ).toThrow(/shadow/)
  })

  it('types the parsed search', () => {
    const search = schema.parse({})
    expectTypeOf(search.sort).toEqualTypeOf<'name' | 'createdAt'>()
    expectTypeOf(search.category).toEqualTypeOf<'pharmacy' | 'club' | undefined>()
    // Every param may be left out of a link.
    type Input = Parameters<typeof schema.parse>[0]
    expectTypeOf<Input>().toExtend<{ page?: number | undefined }>()
    expectTypeOf<Record<never, never>>().toExtend<Input>()
  })
})

describe('isListNarrowed', () => {
  it('is true for a search or a set filter, not for paging or sorting', () => {
    expect(isListNarrowed(parseUrl({ page: 2, sort: 'createdAt' }))).toBe(false)
    expect(isListNarrowed(parseUrl({ q: 'x' }))).toBe(true)
    expect(isListNarrowed(parseUrl({ category: 'club' }))).toBe(true)
  })
})

describe('pageCount', () => {
  it('rounds up and never answers zero', () => {
    expect(pageCount(0, 25)).toBe(1)
    expect(pageCount(25, 25)).toBe(1)
    expect(pageCount(26, 25)).toBe(2)
  })
})
