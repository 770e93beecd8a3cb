/**
 * The public pages' titles (shop, customer account, home pages, live screen). Every route's `head`
 * uses them, so they stay apart from the area descriptions and icons (areas.ts), which only the
 * pages themselves load; the back office's are in back-office-head.ts, off the public pages'
 * entry (ADR 029).
 */
export const publicAreaTitles = {
  live: 'Live-Ansicht',
  shop: 'Willkommen im Shop',
  account: 'Mein Konto',
  accountOrders: 'Meine Bestellungen',
  accountOrder: 'Bestellung',
  accountPersonal: 'Persönliche Daten',
  accountAddresses: 'Adressen',
  flowers: 'Blüten',
  flower: 'Blüte',
  extracts: 'Extrakte',
  cart: 'Warenkorb',
  checkout: 'Kasse',
  shopOrder: 'Ihre Bestellung',
  withdrawal: 'Vertrag widerrufen',
  prescriptionConfigurator: 'Rezeptkonfigurator',
  reservation: 'Reservierung',
  news: 'Neu: der Online-Shop für deine Apotheke',
  invitation: 'Einladung',
  paymentReturn: 'Zahlung',
  confirmation: 'Bestellbestätigung',
} as const

export type PublicAreaKey = keyof typeof publicAreaTitles

/** The `<title>` of a page: its name, then the shop's or the product's. */
export function pageHead(title: string, brand = 'Blattwerk') {
  return { meta: [{ title: `${title} – ${brand}` }] }
}

export function publicAreaHead(area: PublicAreaKey) {
  return () => pageHead(publicAreaTitles[area])
}

/** For shop pages: titled with the tenant's shop name. */
export function shopAreaHead(area: PublicAreaKey) {
  return ({
    match,
  }: {
    match: { context: { tenant: { config: { shopName: string } | null } | null } }
  }) => pageHead(publicAreaTitles[area], match.context.tenant?.config?.shopName ?? 'Online-Shop')
}
