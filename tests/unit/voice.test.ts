import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * One voice per side (docs/style.md): the shop and everything a patient sees say "Sie", the back
 * office says "du". The German texts are the string literals, template texts and JSX texts of each
 * area, read with the TypeScript compiler, so comments and code never count.
 */

const root = join(import.meta.dirname, '../..')

/** Everything a patient sees: shop pages, their server messages, patient mails. */
const shopAreas = [
  'src/features/shop/',
  'src/features/shop-accounts/',
  'src/features/contact/',
  'src/features/home/ShopFinder.tsx',
  'src/features/payments/PaymentReturnPage.tsx',
  'src/routes/_shop/',
  'src/routes/_shop.tsx',
  'src/routes/api/shop/',
  'src/routes/api/shop_users/',
  'src/routes/api/contact.ts',
  'src/server/shop/',
  'src/server/shop-accounts/',
  'src/server/cart/',
  'src/server/contact.server.ts',
  'src/server/legal-templates.server.ts',
  'src/server/legal.server.ts',
  'src/server/mail/mail-templates.server.ts',
  'src/server/customer-orders/customer-order-mails.server.ts',
  'src/server/customer-orders/customer-order-withdrawals.server.ts',
  'src/server/payments/mollie-payments.server.ts',
  'src/server/payments/mollie-return.server.ts',
  // The documents a customer receives: invoice, credit note, their payment lines.
  'src/server/documents/render/',
  'src/server/documents/payment-statement.ts',
  // Demo data a patient sees: a shop's legal texts, a rejection reason, patients' own messages.
  'src/server/db/seed-tenants.server.ts',
  'src/server/db/seed-shop-orders.server.ts',
  'src/server/db/seed-support.server.ts',
  // The product's home, the shop finder and a club's public page: visitors, patients among them.
  'src/routes/_home/',
  'src/routes/_home.tsx',
  'src/routes/_homeLight/',
  'src/routes/_homeLight.tsx',
  'src/routes/_empty/confirmation/',
  // The shop finder's places.
  'src/server/geo/',
  'src/lib/shop',
  'src/lib/cart.ts',
  'src/lib/checkout.ts',
  'src/lib/contact-api.ts',
  'src/lib/withdrawal',
  'src/lib/prescription-configurator.ts',
]

/**
 * Both sides: the shell, the legal pages, the server functions' middleware, logins and sessions,
 * the request and error plumbing, uploads. Their texts name no one, or take the side from the
 * caller (rate limits, the 403 page); those are listed in `sharedAllowlist`.
 */
const shared = [
  'src/features/shell/',
  'src/features/legal/',
  'src/features/server-fn/',
  'src/routes/__root.tsx',
  'src/routes/api/tenant.ts',
  'src/lib/access-rules.ts',
  'src/lib/api-client.ts',
  'src/lib/auth-api.ts',
  'src/lib/session-api.ts',
  'src/lib/failure.ts',
  'src/lib/text-schema.ts',
  'src/lib/tenant-host.ts',
  'src/lib/products.ts',
  'src/lib/product-display.ts',
  'src/server/actor.server.ts',
  'src/server/auth.server.ts',
  'src/server/rate-limit.server.ts',
  'src/server/errors.server.ts',
  'src/server/http.server.ts',
  'src/server/api-handlers.server.ts',
  'src/server/request-body.server.ts',
  'src/server/server-fn-gate.server.ts',
  'src/server/files/',
  'src/server/mail/outbox.server.ts',
]

/** The back office: the rest of the features, its routes and services, the business users' mails. */
const backOfficeAreas = [
  'src/features/',
  'src/server/mail/back-office-mails.server.ts',
  // Server messages only business users see.
  'src/server/purchase-orders/',
  'src/server/products/',
  'src/server/stock/',
  'src/server/organisations/',
  'src/server/payments/bank-statements.server.ts',
  'src/server/payments/payment-reminders.server.ts',
  'src/lib/organisation-settings.ts',
  'src/lib/purchase-order-schemas.ts',
  'src/lib/product-schemas.ts',
  'src/lib/stock-schemas.ts',
  'src/lib/organisation-products.ts',
  'src/lib/master-products.ts',
  'src/lib/master-product-schemas.ts',
  'src/lib/product-import',
  'src/lib/bank-statements.ts',
  'src/routes/_app/',
  'src/routes/_empty/',
  'src/routes/api/',
  'src/server/account.server.ts',
  'src/server/admin/',
  'src/server/analysis/',
  'src/server/bookkeeping/',
  'src/server/customer-orders/',
  'src/server/customers/',
  'src/server/db/',
  'src/server/documents/',
  'src/server/filling-protocols/',
  'src/server/handouts/',
  'src/server/live/',
  'src/server/payments/',
  'src/lib/account-api.ts',
  'src/lib/analysis.ts',
  'src/lib/audit-log.ts',
  'src/lib/bookkeeping.ts',
  'src/lib/customer-order-lists.ts',
  'src/lib/customer-order-schemas.ts',
  'src/lib/customer-orders.ts',
  'src/lib/customer-schemas.ts',
  'src/lib/customers.ts',
  'src/lib/data-export.ts',
  'src/lib/documents.ts',
  'src/lib/filling-protocol',
  'src/lib/handout',
  'src/lib/legal-forms.ts',
  'src/lib/live.ts',
  'src/lib/new-organisation.ts',
  'src/lib/number-prefix-schema.ts',
  'src/lib/number-series.ts',
  'src/lib/organisation-team.ts',
  'src/lib/organisation.ts',
  'src/lib/pack-codes.ts',
  'src/lib/purchase-orders.ts',
  'src/lib/record-retention.ts',
  'src/lib/reorder.ts',
  'src/lib/stock-labels.ts',
  'src/lib/stock.ts',
  'src/lib/tenant-config.ts',
]

/**
 * Capitalised "Sie"/"Ihr…" mid-sentence in back-office code that rightly says "Sie": reviewed, file
 * plus an excerpt of the text. The login's hints address a patient who came to the wrong door.
 */
const backOfficeAllowlist: { file: string; text: string }[] = [
  {
    file: 'src/features/login/LoginPage.tsx',
    text: 'Kundenkonten gehören zum Shop Ihrer Apotheke',
  },
  { file: 'src/features/login/ForgotPasswordPage.tsx', text: 'Ihr Kundenkonto gehört zum Shop' },
]

/**
 * Shared texts that take the side the caller passes (docs/style.md): each side's form of the same
 * message, chosen by the voice, the account type or the host.
 */
const sharedAllowlist: { file: string; text: string }[] = [
  { file: 'src/lib/access-rules.ts', text: 'Du bist nicht berechtigt' },
  { file: 'src/lib/access-rules.ts', text: 'Sie sind nicht berechtigt' },
  { file: 'src/server/rate-limit.server.ts', text: 'Bitte versuchen Sie es' },
  { file: 'src/server/rate-limit.server.ts', text: 'Bitte versuche es' },
  // The error pages take the voice of their layout; a deactivated organisation's host has visitors.
  { file: 'src/features/shell/ErrorPages.tsx', text: 'Wende dich an die Inhaberin' },
  { file: 'src/features/shell/ErrorPages.tsx', text: 'Bitte versuchen Sie es' },
  { file: 'src/features/shell/ErrorPages.tsx', text: 'nennen Sie dem Support' },
  // The b2b login's fields and the b2c login's, the shop login's unconfirmed address.
  { file: 'src/lib/auth-api.ts', text: 'Bitte gib dein' },
  { file: 'src/lib/auth-api.ts', text: 'Bitte geben Sie' },
  { file: 'src/server/auth.server.ts', text: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse' },
  // The product's own pages for businesses: the back-office areas and the pharmacies' shop offer.
  { file: 'src/features/shell/areas.ts', text: 'pflegst du' },
  { file: 'src/features/shell/areas.ts', text: 'deiner Organisation' },
  { file: 'src/features/shell/areas.ts', text: 'Dein eigener Shop' },
  { file: 'src/features/shell/page-head.ts', text: 'für deine Apotheke' },
]

const source = /\.(ts|tsx)$/

function filesUnder(prefix: string): string[] {
  const full = join(root, prefix)
  let stat: ReturnType<typeof statSync> | undefined
  try {
    stat = statSync(full)
  } catch {
    stat = undefined
  }
  if (stat?.isFile()) return [prefix]
  if (stat?.isDirectory()) {
    return readdirSync(full, { recursive: true, encoding: 'utf8' })
      .filter((name) => source.test(name))
      .map((name) => `${prefix}${name}`)
  }
  // A prefix of file names (src/lib/shop → shop.ts, shop-account.ts, …).
  const slash = prefix.lastIndexOf('/')
  const dir = prefix.slice(0, slash + 1)
  const start = prefix.slice(slash + 1)
  return readdirSync(join(root, dir))
    .filter((name) => name.startsWith(start) && source.test(name))
    .map((name) => `${dir}${name}`)
}

const within = (file: string, prefixes: string[]) => prefixes.some((p) => file.startsWith(p))

const shopFiles = [...new Set(shopAreas.flatMap(filesUnder))].sort()
const backOfficeFiles = [...new Set(backOfficeAreas.flatMap(filesUnder))]
  .filter((file) => !within(file, shopAreas) && !within(file, shared))
  .sort()
const sharedFiles = [...new Set(shared.flatMap(filesUnder))]
  .filter((file) => !within(file, shopAreas))
  .sort()

interface Text {
  line: number
  text: string
}

/** The texts of a source file: string literals, template texts (placeholders as "…"), JSX text. */
function textsOf(fileName: string, code: string): Text[] {
  const file = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true)
  const texts: Text[] = []
  const add = (node: ts.Node, text: string) => {
    texts.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text })
  }
  const visit = (node: ts.Node) => {
    // Module names, property keys and type-level strings are code.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return
    if (ts.isLiteralTypeNode(node)) return
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const parent = node.parent
      const isKey =
        (ts.isPropertyAssignment(parent) && parent.name === node) ||
        ts.isElementAccessExpression(parent)
      if (!isKey) add(node, node.text)
      return
    }
    if (ts.isTemplateExpression(node)) {
      add(node, [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('…'))
      for (const span of node.templateSpans) visit(span.expression)
      return
    }
    if (ts.isJsxText(node)) {
      if (node.text.trim() !== '') add(node, node.text)
      return
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return texts
}

// Word bounds by letters, not \b: "Dußlingen" is one word, though \b stops at the ß.
const duForms = /(?<!\p{L})(du|dich|dir|dein|deine|deinen|deinem|deiner|deines)(?!\p{L})/iu
/** Capitalised address forms; a sentence's first word is left out (it could be "sie", plural). */
const sieForms = /(?<!\p{L})(Sie|Ihr|Ihre|Ihnen|Ihren|Ihrem|Ihrer|Ihres)(?!\p{L})/gu

/** Only phrases are German text: a word, a space, a word ("dir" alone is a code value). */
const isPhrase = (text: string) => /\p{L}+\s+\p{L}+/u.test(text)

function saysDu(text: string): boolean {
  return isPhrase(text) && duForms.test(text)
}

function saysSie(text: string): boolean {
  if (!isPhrase(text)) return false
  for (const match of text.matchAll(sieForms)) {
    const before = text.slice(0, match.index)
    const sentenceStart = /(^|[.!?:…]\s+|\n\s*|[„"(–]\s*)$/.test(
      before.trimStart() === '' ? '' : before,
    )
    if (!sentenceStart) return true
  }
  return false
}

/** German, not code: a phrase with an umlaut or one of the commonest German words. */
const isGerman = (text: string) =>
  isPhrase(text) &&
  (/[äöüßÄÖÜ]/.test(text) ||
    /\b(der|die|das|und|nicht|ist|ein|eine|bitte|wurde|kein|keine|für|mit|oder|wird)\b/i.test(text))

function offenders(
  files: string[],
  test: (text: string) => boolean,
  allowed = backOfficeAllowlist,
) {
  return files.flatMap((file) =>
    textsOf(file, readFileSync(join(root, file), 'utf8'))
      .filter(({ text }) => test(text))
      .filter(({ text }) => !allowed.some((a) => a.file === file && text.includes(a.text)))
      .map(({ line, text }) => `${file}:${line}: ${text.replace(/\s+/g, ' ').trim()}`),
  )
}

describe('the voice of each side', () => {
  it('reads the areas it checks', () => {
    expect(shopFiles.length).toBeGreaterThan(30)
    expect(backOfficeFiles.length).toBeGreaterThan(100)
  })

  it('finds the texts, not the comments or the code', () => {
    const texts = textsOf(
      'x.tsx',
      `// du bist hier\nimport x from 'dir'\nconst a = { 'deine Sache': 1 }\nconst b = \`Hast du \${n} Stück\`\nconst c = <p title="Ihr Konto">Deine Nachricht</p>`,
    ).map(({ text }) => text)
    expect(texts).toEqual(['Hast du … Stück', 'Ihr Konto', 'Deine Nachricht'])
  })

  it('tells the address forms apart from the plural "sie" at a sentence start', () => {
    expect(saysDu('Deine Nachricht')).toBe(true)
    expect(saysDu('Direkt zur Kasse')).toBe(false)
    expect(saysDu('Dußlingen und Tübingen')).toBe(false)
    expect(saysSie('Bitte melden Sie sich an.')).toBe(true)
    expect(saysSie('Sie wurden abgelehnt.')).toBe(false)
    expect(saysSie('Die Rechnungen sind offen. Sie werden gemahnt.')).toBe(false)
    expect(saysSie('Du hast Ihre Daten')).toBe(true)
  })

  it('the shop and every text a patient sees say "Sie", never "du"', () => {
    expect(offenders(shopFiles, saysDu)).toEqual([])
  })

  it('the back office says "du", never "Sie"', () => {
    expect(offenders(backOfficeFiles, saysSie)).toEqual([])
  })

  it('texts both sides see name no one, unless they take the side', () => {
    const either = (text: string) => saysDu(text) || saysSie(text)
    expect(offenders(sharedFiles, either, sharedAllowlist)).toEqual([])
  })

  it('every source file with German text belongs to a side', () => {
    const classified = [...shopAreas, ...shared, ...backOfficeAreas]
    const unclassified = filesUnder('src/')
      .filter((file) => !within(file, classified))
      .filter((file) =>
        textsOf(file, readFileSync(join(root, file), 'utf8')).some(({ text }) => isGerman(text)),
      )
    expect(unclassified).toEqual([])
  })
})
