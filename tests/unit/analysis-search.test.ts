import { describe, expect, it } from 'vitest'
import { parseAnalysisSearch } from '~/lib/analysis-search'

describe('the analysis search of a link', () => {
  it('keeps a real period, a known category and an organisation id', () => {
    const organisation = '00000000-0000-4000-8000-000000000101'
    expect(
      parseAnalysisSearch({
        from: '2026-01-01',
        to: '2026-02-28',
        category: 'flower',
        organisation,
      }),
    ).toEqual({ from: '2026-01-01', to: '2026-02-28', category: 'flower', organisation })
  })

  it('leaves out what a broken link carries, so the page shows its default view', () => {
    expect(
      parseAnalysisSearch({
        from: '2026-02-31',
        to: '26-03-01',
        category: 'blumen' as never,
        organisation: 'abc',
      }),
    ).toEqual({})
  })

  it('keeps the products as a list of ids without repeats, at most ten', () => {
    const product = (serial: number) =>
      `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`
    expect(parseAnalysisSearch({ products: product(1) as never })).toEqual({
      products: [product(1)],
    })
    expect(
      parseAnalysisSearch({ products: [product(1), 'kein-produkt', product(2), product(1)] }),
    ).toEqual({ products: [product(1), product(2)] })
    const many = Array.from({ length: 12 }, (_, index) => product(index + 1))
    expect(parseAnalysisSearch({ products: many }).products).toEqual(many.slice(0, 10))
    expect(parseAnalysisSearch({ products: [] })).toEqual({})
  })
})
