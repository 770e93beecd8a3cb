import { describe, expect, it } from 'vitest'
import { inlineDisposition } from '~/server/files/file-http.server'

describe('the Content-Disposition of a stored file', () => {
  it('is inline, with the batch-named file name in ASCII and exactly (RFC 6266)', () => {
    expect(inlineDisposition(null)).toBe('inline')
    expect(inlineDisposition('CoA-NH-2026-041.pdf')).toBe(
      `inline; filename="CoA-NH-2026-041.pdf"; filename*=UTF-8''CoA-NH-2026-041.pdf`,
    )
    expect(inlineDisposition('CoA-Ü 7/"x".pdf')).toBe(
      `inline; filename="CoA-__7__x_.pdf"; filename*=UTF-8''CoA-%C3%9C%207%2F%22x%22.pdf`,
    )
  })
})
