/**
 * `/organisations/$id?tab=team|shop`: which part of the organisation page is open. Plain code, no
 * schema library: route search validation ships with the entry bundle (ADR 013).
 */
export type OrganisationPageSearch = { tab?: 'team' | 'shop' }

export const parseOrganisationPageSearch = (
  search: Record<string, unknown>,
): OrganisationPageSearch =>
  search.tab === 'team' || search.tab === 'shop' ? { tab: search.tab } : {}
