/**
 * Every list screen, for `widths.spec.ts`: which route file renders it, where it is, and who sees
 * it. `tests/unit/list-pages.test.ts` fails when a route file that renders a `DataTable` or
 * `DataGrid` is missing here, so a new list cannot be forgotten. Lists of their own making
 * (analysis, bank statements, bookkeeping, the shop's) are listed by hand.
 */
export type ListLogin = 'apotheke' | 'verein' | 'grosshandel' | 'admin' | 'shop'

export interface ListPage {
  /** The route file, relative to the repository. */
  file: string
  /** The URL path (with search params) to open. */
  path: string
  login: ListLogin
}

export const listPages: readonly ListPage[] = [
  { file: 'src/routes/_app/customers/index.tsx', path: '/customers', login: 'apotheke' },
  {
    file: 'src/routes/_app/customer_orders/index.tsx',
    path: '/customer_orders',
    login: 'apotheke',
  },
  {
    file: 'src/routes/_app/purchase_orders/index.tsx',
    path: '/purchase_orders',
    login: 'apotheke',
  },
  {
    file: 'src/routes/_app/purchase_orders/suppliers.tsx',
    path: '/purchase_orders/suppliers',
    login: 'apotheke',
  },
  { file: 'src/routes/_app/products/index.tsx', path: '/products', login: 'apotheke' },
  { file: 'src/routes/_app/archive/products.tsx', path: '/archive/products', login: 'apotheke' },
  { file: 'src/routes/_app/inventory/index.tsx', path: '/inventory', login: 'apotheke' },
  {
    file: 'src/routes/_app/inventory/index.tsx',
    path: '/inventory?warning=low',
    login: 'apotheke',
  },
  { file: 'src/routes/_app/documents.tsx', path: '/documents', login: 'apotheke' },
  {
    file: 'src/routes/_app/organisations/filling-protocol/index.tsx',
    path: '/organisations/filling-protocol',
    login: 'apotheke',
  },
  {
    file: 'src/routes/_app/organisations/filling-protocol/anweisungen.tsx',
    path: '/organisations/filling-protocol/anweisungen',
    login: 'apotheke',
  },
  { file: 'src/routes/_app/abgabe/index.tsx', path: '/abgabe', login: 'apotheke' },
  { file: 'src/routes/_app/analyse.tsx', path: '/analyse', login: 'apotheke' },
  {
    file: 'src/routes/_app/payments/bank-statements.tsx',
    path: '/payments/bank-statements',
    login: 'apotheke',
  },
  { file: 'src/routes/_app/bookkeeping.tsx', path: '/bookkeeping', login: 'apotheke' },
  { file: 'src/routes/_app/customers/index.tsx', path: '/customers', login: 'verein' },
  { file: 'src/routes/_app/abgabe/index.tsx', path: '/abgabe', login: 'verein' },
  {
    file: 'src/routes/_app/customer_orders/index.tsx',
    path: '/customer_orders',
    login: 'grosshandel',
  },
  { file: 'src/routes/_app/products/index.tsx', path: '/products', login: 'grosshandel' },
  { file: 'src/routes/_app/admin/index.tsx', path: '/admin', login: 'admin' },
  { file: 'src/routes/_app/admin/users.tsx', path: '/admin/users', login: 'admin' },
  {
    file: 'src/routes/_app/admin/contact-messages.tsx',
    path: '/admin/contact-messages',
    login: 'admin',
  },
  { file: 'src/routes/_app/admin/audit.tsx', path: '/admin/audit', login: 'admin' },
  { file: 'src/routes/_app/admin/outbox.tsx', path: '/admin/outbox', login: 'admin' },
  { file: 'src/routes/_app/admin/product-db/index.tsx', path: '/admin/product-db', login: 'admin' },
  { file: 'src/routes/_shop/blueten/index.tsx', path: '/blueten', login: 'shop' },
  { file: 'src/routes/_shop/extrakte/index.tsx', path: '/extrakte', login: 'shop' },
  { file: 'src/routes/_shop/account/orders/index.tsx', path: '/account/orders', login: 'shop' },
]
