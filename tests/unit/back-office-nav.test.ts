import { describe, expect, it } from 'vitest'
import { backOfficeNav, visibleNav } from '~/features/shell/back-office-nav'
import type { AccessSession } from '~/lib/access-rules'
import type { OrganisationCategory } from '~/lib/auth-api'

const menuOf = (category: Exclude<OrganisationCategory, 'platform'>) => {
  const session: AccessSession = {
    accountType: 'b2b',
    role: 'staff',
    organisationCategory: category,
  }
  return visibleNav(backOfficeNav({ id: 'org-1', category }), session).map(
    ({ label, to }) => `${label} ${to}`,
  )
}

describe('the back-office menu', () => {
  it('leads a pharmacy to its dispensing records, without the club’s hand-out form', () => {
    const menu = menuOf('pharmacy')
    expect(menu).toContain('Abgaben /abgabe')
    expect(menu.some((item) => item.endsWith('/abgabe/neu'))).toBe(false)
  })

  it('gives a club its hand-outs and the form', () => {
    expect(menuOf('club')).toEqual(
      expect.arrayContaining(['Abgabe /abgabe', 'Neue Abgabe /abgabe/neu']),
    )
  })

  it('shows traders no hand-outs', () => {
    for (const category of ['wholesaler', 'producer'] as const) {
      expect(menuOf(category).some((item) => item.includes('/abgabe'))).toBe(false)
    }
  })
})
