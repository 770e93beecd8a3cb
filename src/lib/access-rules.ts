/**
 * Who may see which page. Pure and isomorphic so route guards (`beforeLoad`) can apply the same
 * decision on the server and in the browser.
 */

export type AccessSession =
  | {
      accountType: 'b2b'
      role: 'admin' | 'owner' | 'staff'
      organisationCategory: 'platform' | 'pharmacy' | 'wholesaler' | 'producer' | 'club'
    }
  | { accountType: 'b2c' }
  | null

export type AccessTenant = { slug: string; hasShop: boolean } | null

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'forbidden' }

export const forbiddenMessage =
  'Zugriff verweigert! Du bist nicht berechtigt, diesen Bereich zu sehen.'

/** The same refusal in the shop's voice (docs/style.md), for the shop's services. */
export const shopForbiddenMessage =
  'Zugriff verweigert! Sie sind nicht berechtigt, diesen Bereich zu sehen.'

const publicPrefixes = [
  '/',
  '/login',
  '/legal-notice',
  '/privacy-policy',
  '/agb',
  '/widerruf',
  '/vertrag-widerrufen',
  '/registrieren',
  '/contact',
  '/news',
  '/shop',
  '/blueten',
  '/rezeptkonfigurator',
  '/reservierung',
  '/extrakte',
  '/warenkorb',
  '/confirmation',
  '/invitation',
] as const

/**
 * The shop's catalogue, its product pages (`/blueten/$id`, `/extrakte/$id`), the cart and the
 * confirmation of a reservation: only where a pharmacy runs a shop, and only for consumers and
 * visitors.
 */
const shopOnlyPrefixes = ['/blueten', '/extrakte', '/warenkorb', '/reservierung'] as const

/**
 * The rest of a tenant's shop: without a shop (a club's host even with a config, the main domain) there is
 * nothing to show — a club may not advertise or sell (KCanG § 6, § 19), so its host never shows a
 * catalogue, configurator, cart or customer account.
 */
const shopPrefixes = [
  '/shop',
  '/rezeptkonfigurator',
  '/checkout',
  '/bestellung',
  '/account',
  '/agb',
  '/widerruf',
  '/vertrag-widerrufen',
  '/registrieren',
] as const

const backOfficePrefixes = [
  '/dashboard',
  '/login',
  '/inventory',
  '/analyse',
  '/archive',
  '/customers',
  '/me',
  '/customer_orders',
  '/payments',
  '/purchase_orders',
  '/organisations',
  '/products',
  '/live',
  '/abgabe',
  '/bookkeeping',
] as const

type OrganisationCategory = Extract<AccessSession, { accountType: 'b2b' }>['organisationCategory']

/** Who sells to customers; a club hands out to members instead (Abgabe). */
const customerOrderCategories = new Set<OrganisationCategory>([
  'pharmacy',
  'wholesaler',
  'producer',
])

/**
 * Who keeps customers: sellers their buyers, a club its members. Not the platform admin: personal
 * data stays with the organisation (DSGVO), so there is no support read either.
 */
const customerCategories = new Set<OrganisationCategory>([
  'pharmacy',
  'wholesaler',
  'producer',
  'club',
])

/**
 * Who keeps hand-out records under `/abgabe`: a club its hand-outs to members (KCanG), recorded
 * at `/abgabe/neu`; a pharmacy its dispensings, which completing an order records — so it reads
 * them, but has no form of its own.
 */
const handoutCategories = new Set<OrganisationCategory>(['club', 'pharmacy'])
const handoutFormCategories = new Set<OrganisationCategory>(['club'])

/**
 * Who repackages bulk flowers into units and records it (Abfüllung, ADR 045): a pharmacy for its
 * patients, a club its harvest for its members. Traders sell sealed packs.
 */
const fillingCategories = new Set<OrganisationCategory>(['pharmacy', 'club'])

const allow: AccessDecision = { kind: 'allow' }
const forbidden: AccessDecision = { kind: 'forbidden' }
const redirectTo = (to: string): AccessDecision => ({ kind: 'redirect', to })

/**
 * The pathname the router will match: without query or hash, lower-cased, percent-decoded, with
 * duplicate and trailing slashes and dot segments removed. The router matches case-insensitively
 * and tolerates these variants, so the guard must not be fooled by `/ADMIN` or `/x/../admin/`.
 */
function normalisePathname(path: string): string {
  let pathname = path.split(/[?#]/, 1)[0] ?? ''
  try {
    pathname = decodeURI(pathname)
  } catch {
    // Malformed escapes stay as they are; the router will not match them to a route either.
  }
  const segments: string[] = []
  for (const segment of pathname.toLowerCase().split(/[/\\]+/)) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') segments.pop()
    else segments.push(segment)
  }
  return `/${segments.join('/')}`
}

/** `/news` matches `/news` and `/news/online-shop` but not `/newsletter`; `/` matches only `/`. */
export function matchesPrefix(path: string, prefix: string): boolean {
  const pathname = normalisePathname(path)
  if (prefix === '/') return pathname === '/'
  return pathname === prefix || pathname.startsWith(`${prefix}/`)
}

const matchesAny = (path: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => matchesPrefix(path, prefix))

export function isPublicPath(path: string): boolean {
  return matchesAny(path, publicPrefixes)
}

/** The login page, returning to `path` (query and hash included) after signing in. */
export function loginRedirect(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`
}

const maxRedirectLength = 2048

/**
 * `value` if it is a path on this site, else null — so `?redirect=` cannot send users elsewhere.
 * Browsers read `//evil.com` and `/\evil.com` as other hosts, and drop tabs and newlines, so
 * `/\t/evil.com` would become `//evil.com`.
 */
export function safeRedirectTarget(value: unknown): string | null {
  if (typeof value !== 'string') return null
  if (value.length === 0 || value.length > maxRedirectLength) return null
  if (!value.startsWith('/') || value.startsWith('//')) return null
  if (value.includes('\\')) return null
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
  if (/[\u0000-\u001f\u007f]/.test(value)) return null
  // A single leading `/` already rules out a scheme (`https:`, `javascript:`).
  return value
}

/**
 * A page's `?redirect=` as its route keeps it: a string of plausible length, else nothing. A plain
 * check, not zod, so the search validation stays in the entry chunk; `safeRedirectTarget` decides
 * before it is followed.
 */
export function redirectSearchOf(search: Record<string, unknown>): { redirect?: string } {
  const { redirect } = search
  return typeof redirect === 'string' && redirect.length <= maxRedirectLength ? { redirect } : {}
}

const belongsTo = (session: AccessSession, categories: Set<OrganisationCategory>) =>
  session?.accountType === 'b2b' && categories.has(session.organisationCategory)

/** Decides whether `session` may open `path` (which may carry a query and hash) on `tenant`. */
export function decideAccess(
  path: string,
  session: AccessSession,
  tenant: AccessTenant,
): AccessDecision {
  if (matchesAny(path, shopOnlyPrefixes)) {
    if (!tenant?.hasShop) return redirectTo('/')
    // The shop is for consumers; business users order through the back-office.
    return session?.accountType === 'b2b' ? redirectTo('/') : allow
  }

  if (matchesAny(path, shopPrefixes) && !tenant?.hasShop) return redirectTo('/')

  if (session?.accountType === 'b2c' && matchesAny(path, backOfficePrefixes)) {
    return redirectTo('/')
  }

  if (isPublicPath(path)) return allow

  if (session === null) return redirectTo(loginRedirect(path))

  if (matchesPrefix(path, '/account/personal')) {
    return session.accountType === 'b2c' ? allow : redirectTo('/account')
  }

  if (matchesPrefix(path, '/admin')) {
    return session.accountType === 'b2b' && session.role === 'admin' ? allow : forbidden
  }

  if (matchesPrefix(path, '/analyse')) {
    const isOwnerOrAdmin =
      session.accountType === 'b2b' && (session.role === 'owner' || session.role === 'admin')
    return isOwnerOrAdmin ? allow : forbidden
  }

  // The books are the owner's: the DATEV settings and the export (ADR 072), for who invoices.
  if (matchesPrefix(path, '/bookkeeping')) {
    const isOwner = session.accountType === 'b2b' && session.role === 'owner'
    return isOwner && belongsTo(session, customerOrderCategories) ? allow : forbidden
  }

  if (matchesPrefix(path, '/customers')) {
    return belongsTo(session, customerCategories) ? allow : forbidden
  }

  if (matchesPrefix(path, '/customer_orders')) {
    return belongsTo(session, customerOrderCategories) ? allow : forbidden
  }

  // The payments of the orders (bank statements, ADR 071): whoever sells to customers.
  if (matchesPrefix(path, '/payments')) {
    return belongsTo(session, customerOrderCategories) ? allow : forbidden
  }

  if (matchesPrefix(path, '/abgabe/neu')) {
    return belongsTo(session, handoutFormCategories) ? allow : forbidden
  }

  if (matchesPrefix(path, '/abgabe')) {
    return belongsTo(session, handoutCategories) ? allow : forbidden
  }

  if (matchesPrefix(path, '/organisations/filling-protocol')) {
    return belongsTo(session, fillingCategories) ? allow : forbidden
  }

  return allow
}
