import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { isListNarrowed, listSearchSchema, pageCount } from '~/lib/list-query'

const schema = listSearchSchema({
  sort: ['name', 'createdAt'],
  defaultSort: 'name',
  filters: { category: z.enum(['pharmacy', 'club']) },
})

const defaults = { page: 1, pageSize: 25, sort: 'name', dir: 'asc', q: '' }

describe('listSearchSchema', () => {
  it('fills in defaults for an empty search', () => {
    expect(schema.parse({})).toEqual(defaults)
  })

  it('keeps valid params', () => {
    expect(
      schema.parse({
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
      schema.parse({
        page: 0,
        pageSize: 30,
        sort: 'passwordHash',
        dir: 'sideways',
        q: { $ne: '' },
        category: 'casino',
      }),
    ).toEqual(defaults)
    expect(schema.parse({ page: -2, pageSize: '50' })).toMatchObject({ page: 1, pageSize: 25 })
    expect(schema.parse({ page: 1.5 })).toMatchObject({ page: 1 })
    expect(schema.parse({ page: 'zwei' })).toMatchObject({ page: 1 })
  })

  it('only sorts by the whitelisted columns', () => {
    expect(schema.parse({ sort: 'name; drop table users' }).sort).toBe('name')
    expect(schema.parse({ sort: 'createdAt' }).sort).toBe('createdAt')
  })

  it('trims the search text and cuts it at 100 characters', () => {
    expect(schema.parse({ q: '  grün  ' }).q).toBe('grün')
    expect(schema.parse({ q: 'x'.repeat(250) }).q).toHaveLength(100)
  })

  it('reads a number the router parsed out of the URL as search text', () => {
    expect(schema.parse({ q: 12345 }).q).toBe('12345')
  })

  it('honours a different default direction', () => {
    const newestFirst = listSearchSchema({
      sort: ['createdAt'],
      defaultSort: 'createdAt',
      defaultDir: 'desc',
    })
    expect(newestFirst.parse({ dir: 'up' }).dir).toBe('desc')
  })

  it('refuses a filter that would shadow a list param', () => {
    expect(() =>
      listSearchSchema({ sort: ['name'], defaultSort: 'name', filters: { page: z.string() } }),
    ).toThrow(/shadow/)
  })

  it('types the parsed search', () => {
    const search = schema.parse({})
    expectTypeOf(search.sort).toEqualTypeOf<'name' | 'createdAt'>()
    expectTypeOf(search.category).toEqualTypeOf<'pharmacy' | 'club' | undefined>()
    // Every param may be left out of a link.
    expectTypeOf<z.input<typeof schema>>().toExtend<{ page?: number | undefined }>()
    expectTypeOf<Record<never, never>>().toExtend<z.input<typeof schema>>()
  })
})

describe('isListNarrowed', () => {
  it('is true for a search or a set filter, not for paging or sorting', () => {
    expect(isListNarrowed(schema.parse({ page: 2, sort: 'createdAt' }))).toBe(false)
    expect(isListNarrowed(schema.parse({ q: 'x' }))).toBe(true)
    expect(isListNarrowed(schema.parse({ category: 'club' }))).toBe(true)
  })
})

describe('pageCount', () => {
  it('rounds up and never answers zero', () => {
    expect(pageCount(0, 25)).toBe(1)
    expect(pageCount(25, 25)).toBe(1)
    expect(pageCount(26, 25)).toBe(2)
  })
})
