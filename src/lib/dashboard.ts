import type { OrganisationCategory } from './organisation'

/**
 * `/dashboard`: the figures and to-dos of an organisation, by its category (issue 14). Each figure
 * names the filtered list it counts; the page links there.
 */

export const dashboardFigureKeys = [
  'prescription_check',
  'to_prepare',
  'expiring_today',
  'open',
  'to_ship',
  'unpaid',
  'payment_overdue',
  'arriving',
  'quarantine',
  'low',
  'expiring',
  'revenue_today',
  'revenue_month',
  'handouts_today',
  'grams_month',
  'members_near_limit',
  'licences',
] as const
export type DashboardFigureKey = (typeof dashboardFigureKeys)[number]

/** A wholesaler's and a producer's: they sell to businesses and buy in. */
const tradeFigures: readonly DashboardFigureKey[] = [
  'open',
  'to_ship',
  'unpaid',
  'payment_overdue',
  'arriving',
  'low',
  'expiring',
  'licences',
]

/** Which figures each category works with, in the order the page shows them. */
export const dashboardFiguresOf: Record<OrganisationCategory, readonly DashboardFigureKey[]> = {
  platform: [],
  pharmacy: [
    'prescription_check',
    'to_prepare',
    'expiring_today',
    'quarantine',
    'low',
    'expiring',
    'unpaid',
    'payment_overdue',
    'revenue_today',
    'revenue_month',
  ],
  wholesaler: tradeFigures,
  producer: tradeFigures,
  club: ['handouts_today', 'grams_month', 'members_near_limit', 'quarantine', 'expiring'],
}

export interface DashboardActivity {
  id: string
  at: string
  action: string
  entityType: string
  entityId: string
  /** The acting user's name; null for the system or a visitor. */
  actorName: string | null
}

/** A club's variety with what its released, unexpired harvests hold now (mg). */
export interface DashboardVariety {
  organisationProductId: string
  name: string
  availableMg: number
}

export interface Dashboard {
  category: OrganisationCategory
  figures: { key: DashboardFigureKey; value: number }[]
  /**
   * Clubs: what the active members may receive this month in all (mg), against which
   * `grams_month` is shown; and each variety's stock.
   */
  club: { monthlyAllowanceMg: number; varieties: DashboardVariety[] } | null
  /** The latest entries of the organisation's audit log. */
  activity: DashboardActivity[]
}

/** A member counts as close to the limit from this share of their monthly amount. */
export const nearLimitShare = 0.8

/** How many audit entries "Letzte Aktivitäten" shows. */
export const dashboardActivityLimit = 8
