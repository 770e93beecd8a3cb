/**
 * `/organisations/$id?tab=team`: which part of the organisation page is open. Plain code, no
 * schema library: route search validation ships with the entry bundle (ADR 013).
 */
export type OrganisationPageSearch = { tab?: 'team' }

export const parseOrganisationPageSearch = (
  search: Record<string, unknown>,
): OrganisationPageSearch => (search.tab === 'team' ? { tab: 'team' } : {})
