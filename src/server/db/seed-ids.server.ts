/**
 * Fixed ids of the demo rows, so tests and links can name them; they keep the seed idempotent (a
 * second run finds every row and changes nothing). A module of their own: the seed's parts import
 * them, and seed.server.ts imports the parts.
 */
export const demoIds = {
  platform: '00000000-0000-4000-8000-000000000001',
  pharmacy: '00000000-0000-4000-8000-000000000002',
  club: '00000000-0000-4000-8000-000000000003',
  wholesaler: '00000000-0000-4000-8000-000000000004',
  /** A second pharmacy with a shop, so the shop finder has a choice and tenants stay apart. */
  marketPharmacy: '00000000-0000-4000-8000-000000000005',
  tenantPharmacy: '00000000-0000-4000-8000-000000000101',
  tenantClub: '00000000-0000-4000-8000-000000000102',
  tenantMarketPharmacy: '00000000-0000-4000-8000-000000000103',
  userAdmin: '00000000-0000-4000-8000-000000000201',
  userPharmacyOwner: '00000000-0000-4000-8000-000000000202',
  userClubOwner: '00000000-0000-4000-8000-000000000203',
  userWholesalerOwner: '00000000-0000-4000-8000-000000000204',
  userPharmacyStaff: '00000000-0000-4000-8000-000000000205',
  userMarketPharmacyOwner: '00000000-0000-4000-8000-000000000206',
  /** Sonnen-Apotheke's second pharmacist: the four-eyes checks the owner cannot give herself. */
  userPharmacyPharmacist: '00000000-0000-4000-8000-000000000209',
  shopCustomer: '00000000-0000-4000-8000-000000000301',
} as const
