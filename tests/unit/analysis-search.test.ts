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
})
