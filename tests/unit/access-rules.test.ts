import { describe, expect, it } from 'vitest'
import {
  type AccessDecision,
  type AccessSession,
  type AccessTenant,
  decideAccess,
  forbiddenMessage,
  isPublicPath,
  loginRedirect,
  matchesPrefix,
  safeRedirectTarget,
} from '~/lib/access-rules'

const sessions = {
  visitor: null,
  pharmacyStaff: { accountType: 'b2b', role: 'staff', organisationCategory: 'pharmacy' },
  pharmacyOwner: { accountType: 'b2b', role: 'owner', organisationCategory: 'pharmacy' },
  wholesalerOwner: { accountType: 'b2b', role: 'owner', organisationCategory: 'wholesaler' },
  producerOwner: { accountType: 'b2b', role: 'owner', organisationCategory: 'producer' },
  clubOwner: { accountType: 'b2b', role: 'owner', organisationCategory: 'club' },
  platformAdmin: { accountType: 'b2b', role: 'admin', organisationCategory: 'platform' },
  consumer: { accountType: 'b2c' },
} satisfies Record<string, AccessSession>

type SessionName = keyof typeof sessions

const tenants = {
  withShop: { slug: 'sonnen-apotheke', hasShop: true },
  withoutShop: { slug: 'gruene-ecke', hasShop: false },
  none: null,
} satisfies Record<string, AccessTenant>

type TenantName = keyof typeof tenants

// Expected outcomes, spelled short so each route's row fits on one line:
// ok = allow, deny = forbidden, home = redirect to /, login = redirect to the login page,
// acct = redirect to /account.
type Expected = 'ok' | 'deny' | 'home' | 'login' | 'acct'

/**
 * Columns, in order: visitor, pharmacyStaff, pharmacyOwner, wholesalerOwner, producerOwner,
 * clubOwner, platformAdmin, consumer.
 */
const sessionColumns: SessionName[] = [
  'visitor',
  'pharmacyStaff',
  'pharmacyOwner',
  'wholesalerOwner',
  'producerOwner',
  'clubOwner',
  'platformAdmin',
  'consumer',
]

type Row = [Expected, Expected, Expected, Expected, Expected, Expected, Expected, Expected]

/** Routes whose outcome does not depend on the tenant. */
const expectedByRoute: Record<string, Row> = {
  '/': ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  '/login': ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'home'],
  '/login/forgot-password': ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'home'],
  '/contact': ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  '/me': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'home'],
  '/me/change-password': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'home'],
  '/dashboard': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'home'],
  '/live': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'home'],
  '/admin': ['login', 'deny', 'deny', 'deny', 'deny', 'deny', 'ok', 'deny'],
  '/admin/product-db': ['login', 'deny', 'deny', 'deny', 'deny', 'deny', 'ok', 'deny'],
  '/admin/product-db/upload': ['login', 'deny', 'deny', 'deny', 'deny', 'deny', 'ok', 'deny'],
  '/admin/product-db/create': ['login', 'deny', 'deny', 'deny', 'deny', 'deny', 'ok', 'deny'],
  '/admin/product-db/123/edit': ['login', 'deny', 'deny', 'deny', 'deny', 'deny', 'ok', 'deny'],
  '/legal-notice': ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  '/privacy-policy': ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  '/analyse': ['login', 'deny', 'ok', 'ok', 'ok', 'ok', 'ok', 'home'],
  '/products': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'home'],
  '/products/create': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'home'],
  '/products/7': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'home'],
  '/products/7/edit': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'home'],
  '/customers': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'deny', 'home'],
  '/customers/create': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'deny', 'home'],
  '/customers/9': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'deny', 'home'],
  '/customers/9/edit': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'deny', 'home'],
  '/customers/9/export': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'deny', 'home'],
  '/bookkeeping': ['login', 'deny', 'ok', 'ok', 'ok', 'deny', 'deny', 'home'],
  '/documents': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  '/archive/products': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'home'],
  '/news/online-shop': ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  '/abgabe': ['login', 'ok', 'ok', 'deny', 'deny', 'ok', 'deny', 'home'],
  '/abgabe/neu': ['login', 'deny', 'deny', 'deny', 'deny', 'ok', 'deny', 'home'],
  '/abgabe/5': ['login', 'ok', 'ok', 'deny', 'deny', 'ok', 'deny', 'home'],
  '/customer_orders': ['login', 'ok', 'ok', 'ok', 'ok', 'deny', 'deny', 'home'],
  '/customer_orders/create': ['login', 'ok', 'ok', 'ok', 'ok', 'deny', 'deny', 'home'],
  '/customer_orders/3': ['login', 'ok', 'ok', 'ok', 'ok', 'deny', 'deny', 'home'],
  '/customer_orders/3/edit': ['login', 'ok', 'ok', 'ok', 'ok', 'deny', 'deny', 'home'],
  '/payments/bank-statements': ['login', 'ok', 'ok', 'ok', 'ok', 'deny', 'deny', 'home'],
  '/purchase_orders': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'home'],
  '/purchase_orders/create': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'home'],
  '/purchase_orders/4/edit': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'home'],
  '/purchase_orders/4/receipt': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'home'],
  '/purchase_orders/suppliers': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'home'],
  '/invitation/abc': ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  '/organisations/2': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'home'],
  '/organisations/filling-protocol': ['login', 'ok', 'ok', 'deny', 'deny', 'ok', 'deny', 'home'],
  '/organisations/filling-protocol/neu': [
    'login',
    'ok',
    'ok',
    'deny',
    'deny',
    'ok',
    'deny',
    'home',
  ],
  '/organisations/filling-protocol/5': ['login', 'ok', 'ok', 'deny', 'deny', 'ok', 'deny', 'home'],
  '/confirmation/mollie': ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  '/confirmation/tok123': ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  '/inventory': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'home'],
  '/inventory/receipt': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'home'],
  '/inventory/batches/5': ['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'home'],
}

/** Shop routes: the tenant's shop configuration decides before anything else. */
const shopRow = {
  withShop: ['ok', 'home', 'home', 'home', 'home', 'home', 'home', 'ok'],
  withoutShop: ['home', 'home', 'home', 'home', 'home', 'home', 'home', 'home'],
  none: ['home', 'home', 'home', 'home', 'home', 'home', 'home', 'home'],
} satisfies Record<TenantName, Row>

const noShop: Row = ['home', 'home', 'home', 'home', 'home', 'home', 'home', 'home']

/** The rest of the shop: as usual where a shop is configured, the start page everywhere else. */
const onShop = (row: Row): Record<TenantName, Row> => ({
  withShop: row,
  withoutShop: noShop,
  none: noShop,
})

const expectedByShopRoute: Record<string, Record<TenantName, Row>> = {
  '/blueten': shopRow,
  '/blueten/42': shopRow,
  '/extrakte': shopRow,
  '/reservierung/0b8e3c1e-54f1-4f7a-9d7e-2a1c1f0e9b11': shopRow,
  '/extrakte/42': shopRow,
  '/warenkorb': shopRow,
  '/shop': onShop(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok']),
  '/account': onShop(['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok']),
  '/account/orders': onShop(['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok']),
  '/account/orders/0b8e3c1e-54f1-4f7a-9d7e-2a1c1f0e9b11': onShop([
    'login',
    'ok',
    'ok',
    'ok',
    'ok',
    'ok',
    'ok',
    'ok',
  ]),
  '/account/personal': onShop(['login', 'acct', 'acct', 'acct', 'acct', 'acct', 'acct', 'ok']),
  '/account/addresses': onShop(['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok']),
  '/checkout': onShop(['login', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok']),
  '/bestellung/0b8e3c1e-54f1-4f7a-9d7e-2a1c1f0e9b11': onShop([
    'login',
    'ok',
    'ok',
    'ok',
    'ok',
    'ok',
    'ok',
    'ok',
  ]),
  '/rezeptkonfigurator': onShop(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok']),
  '/agb': onShop(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok']),
  '/widerruf': onShop(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok']),
  '/vertrag-widerrufen': onShop(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok']),
  '/registrieren': onShop(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok']),
}

function toDecision(expected: Expected, route: string): AccessDecision {
  switch (expected) {
    case 'ok':
      return { kind: 'allow' }
    case 'deny':
      return { kind: 'forbidden' }
    case 'home':
      return { kind: 'redirect', to: '/' }
    case 'acct':
      return { kind: 'redirect', to: '/account' }
    case 'login':
      return { kind: 'redirect', to: `/login?redirect=${encodeURIComponent(route)}` }
  }
}

type Case = { route: string; session: SessionName; tenant: TenantName; expected: Expected }

const tenantNames = Object.keys(tenants) as TenantName[]

const cases: Case[] = [
  ...Object.entries(expectedByRoute).flatMap(([route, row]) =>
    tenantNames.flatMap((tenant) =>
      sessionColumns.map((session, column) => ({
        route,
        session,
        tenant,
        expected: row[column] as Expected,
      })),
    ),
  ),
  ...Object.entries(expectedByShopRoute).flatMap(([route, rowByTenant]) =>
    tenantNames.flatMap((tenant) =>
      sessionColumns.map((session, column) => ({
        route,
        session,
        tenant,
        expected: rowByTenant[tenant][column] as Expected,
      })),
    ),
  ),
]

describe('decideAccess table', () => {
  it('covers every route the app has', () => {
    const routes = [...Object.keys(expectedByRoute), ...Object.keys(expectedByShopRoute)]
    expect(routes).toHaveLength(71)
    expect(cases).toHaveLength(71 * sessionColumns.length * tenantNames.length)
  })

  it.each(cases)('$route as $session on tenant $tenant → $expected', (testCase) => {
    const { route, session, tenant, expected } = testCase
    expect(decideAccess(route, sessions[session], tenants[tenant])).toEqual(
      toDecision(expected, route),
    )
  })
})

describe('decideAccess with query strings and odd spellings', () => {
  const tenant = tenants.withShop

  it.each([
    ['/customers?page=2', '/login?redirect=%2Fcustomers%3Fpage%3D2'],
    ['/products/7#details', '/login?redirect=%2Fproducts%2F7%23details'],
    ['/dashboard?next=/admin&x=1', '/login?redirect=%2Fdashboard%3Fnext%3D%2Fadmin%26x%3D1'],
  ])('visitor at %s is sent to %s', (path, to) => {
    expect(decideAccess(path, null, tenant)).toEqual({ kind: 'redirect', to })
  })

  it.each(['/?utm=1', '/news?x=1', '/login?redirect=%2Fdashboard', '/contact#form'])(
    'visitor may open public %s',
    (path) => {
      expect(decideAccess(path, null, tenant)).toEqual({ kind: 'allow' })
    },
  )

  it('does not treat /?x as the root when it is /x', () => {
    expect(decideAccess('/x?/', null, tenant)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fx%3F%2F',
    })
  })

  it.each([
    '/ADMIN',
    '/Admin/Product-DB',
    '/admin/',
    '//admin',
    '/news/../admin',
    '/./admin',
    '/%61dmin',
    '/admin?x=1',
  ])('guards %s like /admin', (path) => {
    expect(decideAccess(path, sessions.pharmacyStaff, tenant)).toEqual({ kind: 'forbidden' })
    expect(decideAccess(path, sessions.platformAdmin, tenant)).toEqual({ kind: 'allow' })
    expect(decideAccess(path, null, tenant)).toEqual({
      kind: 'redirect',
      to: loginRedirect(path),
    })
  })

  it.each(['/BLUETEN', '/blueten/', '/blueten?sort=thc'])('guards %s like /blueten', (path) => {
    expect(decideAccess(path, null, tenants.none)).toEqual({ kind: 'redirect', to: '/' })
    expect(decideAccess(path, sessions.pharmacyOwner, tenant)).toEqual({
      kind: 'redirect',
      to: '/',
    })
    expect(decideAccess(path, sessions.consumer, tenant)).toEqual({ kind: 'allow' })
  })

  it('sends a consumer away from the back-office even with a query', () => {
    expect(decideAccess('/login?redirect=%2Fdashboard', sessions.consumer, tenant)).toEqual({
      kind: 'redirect',
      to: '/',
    })
  })
})

describe('matchesPrefix', () => {
  it.each([
    ['/news', '/news', true],
    ['/news/online-shop', '/news', true],
    ['/newsletter', '/news', false],
    ['/login', '/login', true],
    ['/loginx', '/login', false],
    ['/login/', '/login', true],
    ['/login?redirect=%2F', '/login', true],
    ['/', '/', true],
    ['/?x=1', '/', true],
    ['/news', '/', false],
    ['/login', '/', false],
    ['/new', '/news', false],
    ['/customer_orders/3', '/customer_orders', true],
    ['/customer_orders_x', '/customer_orders', false],
  ])('%s with prefix %s → %s', (path, prefix, expected) => {
    expect(matchesPrefix(path, prefix)).toBe(expected)
  })
})

describe('isPublicPath', () => {
  it.each([
    ['/', true],
    ['/login', true],
    ['/news/online-shop', true],
    ['/invitation/abc', true],
    ['/confirmation/mollie', true],
    ['/newsletter', false],
    ['/loginx', false],
    ['/dashboard', false],
    ['/account', false],
    ['/shopping', false],
  ])('%s → %s', (path, expected) => {
    expect(isPublicPath(path)).toBe(expected)
  })
})

describe('safeRedirectTarget', () => {
  it.each([
    '/',
    '/dashboard',
    '/dashboard?x=1',
    '/products/7/edit#notes',
    '/%2F%2Fevil',
    '/login?redirect=%2F%2Fevil.com',
    `/${'a'.repeat(2047)}`,
  ])('allows %s', (value) => {
    expect(safeRedirectTarget(value)).toBe(value)
  })

  it.each([
    ['protocol-relative', '//evil.com'],
    ['backslash after slash', '/\\evil.com'],
    ['backslash later', '/foo\\bar'],
    ['https scheme', 'https://evil.com'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['data scheme', 'data:text/html,hi'],
    ['relative path', 'dashboard'],
    ['empty string', ''],
    ['leading space', ' /dashboard'],
    ['tab that browsers drop', '/\t/evil.com'],
    ['newline', '/dashboard\nSet-Cookie: x'],
    ['NUL', '/dash\u0000board'],
    ['DEL', '/dash\u007fboard'],
    ['too long', `/${'a'.repeat(2048)}`],
    ['triple slash', '///evil.com'],
  ])('rejects %s', (_label, value) => {
    expect(safeRedirectTarget(value)).toBeNull()
  })

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['number', 42],
    ['array', ['/dashboard']],
    ['object', { to: '/dashboard' }],
  ])('rejects %s', (_label, value) => {
    expect(safeRedirectTarget(value)).toBeNull()
  })
})

describe('helpers', () => {
  it('builds the login redirect from the full path', () => {
    expect(loginRedirect('/customers?page=2')).toBe('/login?redirect=%2Fcustomers%3Fpage%3D2')
  })

  it('has the German forbidden message', () => {
    expect(forbiddenMessage).toBe(
      'Zugriff verweigert! Du bist nicht berechtigt, diesen Bereich zu sehen.',
    )
  })
})
