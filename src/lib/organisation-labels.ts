import type { OrganisationCategory, UserRole } from './auth-api'

export const roleLabels: Record<UserRole, string> = {
  admin: 'Administration (Plattform)',
  owner: 'Inhaber/in',
  staff: 'Mitarbeiter/in',
}

export const categoryLabels: Record<OrganisationCategory, string> = {
  platform: 'Plattformbetreiber',
  pharmacy: 'Apotheke',
  wholesaler: 'Großhandel / Import',
  producer: 'Hersteller / Anbau',
  club: 'Anbauvereinigung',
}
