import { describe, expect, it } from 'vitest'
import { parseSearch, stringifySearch } from '~/features/shell/search-params'
import { customerOrderListSearch } from '~/lib/customer-order-lists'

describe('stringifySearch', () => {
  it('writes a list search as typed, without JSON quotes', () => {
    expect(stringifySearch({ q: '12045' })).toBe('?q=12045')
    expect(stringifySearch({ q: 'true' })).toBe('?q=true')
    expect(stringifySearch({ q: 'Krüger' })).toBe('?q=Kr%C3%BCger')
    expect(stringifySearch({ status: 'ready', q: '12045', page: 2 })).toBe(
      '?status=ready&q=12045&page=2',
    )
  })

  it('leaves the other params to the router default', () => {
    expect(stringifySearch({ order: '12045', page: 1 })).toBe('?order=%2212045%22&page=1')
    expect(stringifySearch({})).toBe('')
    expect(stringifySearch({ q: undefined, sort: 'number' })).toBe('?sort=number')
  })

  it('reads back as the same search text, through the list parser too', () => {
    for (const q of [
      '12045',
      '01067',
      'true',
      'null',
      '1e3',
      '[1]',
      'AU-2026-00012',
      'Krüger & Söhne',
    ]) {
      expect(parseSearch(stringifySearch({ q }))).toEqual({ q })
      expect(customerOrderListSearch.parse(parseSearch(stringifySearch({ q }))).q).toBe(q)
    }
  })

  it('reads a link written with the old quotes as the text inside them', () => {
    expect(parseSearch('?q=%2212045%22&page=2')).toEqual({ q: '12045', page: 2 })
    expect(parseSearch('?q=%22kaputt')).toEqual({ q: '"kaputt' })
  })

  it('leaves the other params to the router default', () => {
    expect(parseSearch('?order=%2212045%22&available=true')).toEqual({
      order: '12045',
      available: true,
    })
  })
})
