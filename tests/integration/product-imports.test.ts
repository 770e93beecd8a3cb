import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { and, count, eq, inArray, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { pznCheckDigit } from '~/lib/products'
import type { Actor, BusinessActor } from '~/server/actor.server'
import { auditEvents } from '~/server/audit/audit.schema'
import { ConflictError, DomainError, ForbiddenError, InvalidError } from '~/server/errors.server'
import { storeFile } from '~/server/files/file-store.server'
import { auditedProductFields, masterProductAudit } from '~/server/products/product-facts.server'
import { productImports } from '~/server/products/product-imports.schema'
import {
  confirmProductImport,
  createProductImport,
  failedBatchMessage,
  getProductImport,
  importBatchSize,
  interruptedImportMessage,
  listProductImportRows,
  listRecentProductImports,
  nothingToImportMessage,
  productImportErrorReport,
  setProductImportMapping,
  staleImportMillis,
} from '~/server/products/product-imports.server'
import { products } from '~/server/products/products.schema'
import { demoActors } from '../support/actors'
import {
  asOwner,
  createSeededDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../support/databases'

const demoImportFile = path.resolve(import.meta.dirname, '../../docs/demo-product-import.csv')

/** A fixture manufacturer no demo product uses, so every count can scope to it. */
const maker = 'Importwerk Zyrbel GmbH'
const header =
  'PZN;Bezeichnung;Hersteller;Kategorie;Sorte;THC (%);CBD (%);Inhalt;Bestrahlt;Herkunftsland'

const encode = (text: string) => new TextEncoder().encode(text)
const csvOf = (lines: readonly string[]) => encode(`${[header, ...lines].join('\r\n')}\r\n`)
const flowerLine = (pzn: string, name: string, thc = '20,5') =>
  `${pzn};${name};${maker};Blüte;Zyrbel Kush;${thc};0,5;10 g;nein;Kanada`

describe.each(testDatabaseKinds)('master product import on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  let admin: BusinessActor
  let nextPzn = 2_712_000
  const db = () => database.handle.db

  /** Valid PZNs (starting with 27) that no product holds yet. */
  function freshPzns(amount: number): string[] {
    const found: string[] = []
    while (found.length < amount) {
      const firstSeven = String(nextPzn++)
      const check = pznCheckDigit(firstSeven)
      if (check !== null) found.push(`${firstSeven}${check}`)
    }
    return found
  }

  const upload = (lines: readonly string[], fileName = 'produkte.csv', actor: Actor = admin) =>
    createProductImport(actor, { fileName, bytes: csvOf(lines) }, db())

  async function confirmed(id: string) {
    const run = await confirmProductImport(admin, id, db())
    await run.finished
    return getProductImport(admin, id, db())
  }

  const importCount = async () =>
    (await db().select({ total: count() }).from(productImports))[0]?.total ?? 0

  const auditRowsOf = (productIds: string[]) =>
    db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityType, masterProductAudit.entityType),
          inArray(auditEvents.entityId, productIds),
        ),
      )

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    admin = actors.admin
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('analyses every row: new, changed field by field, unchanged and invalid with reasons per cell', async () => {
    const [stored, other, fresh, badCheck] = freshPzns(4) as [string, string, string, string]
    const seeded = await confirmed(
      (await upload([flowerLine(stored, 'Zyrbel Eins'), flowerLine(other, 'Zyrbel Zwei')])).id,
    )
    expect(seeded).toMatchObject({ status: 'completed', createdCount: 2, updatedCount: 0 })

    const { id } = await upload([
      flowerLine(stored, 'Zyrbel Eins', '22'),
      flowerLine(other, 'Zyrbel Zwei'),
      flowerLine(fresh, 'Zyrbel Drei'),
      `${badCheck.slice(0, 7)}${(Number(badCheck[7]) + 1) % 10};Zyrbel Vier;${maker};Blüte;;55;;10 g;vielleicht;Atlantis`,
    ])
    const state = await getProductImport(admin, id, db())
    expect(state).toMatchObject({
      status: 'previewed',
      totalRows: 4,
      counts: { new: 1, changed: 1, unchanged: 1, invalid: 1 },
      validRows: 3,
      missingFields: [],
      header: header.split(';'),
    })
    expect(state.samples[1]).toBe('Zyrbel Eins')

    const rows = await listProductImportRows(admin, { id, page: 1 }, db())
    expect(rows.total).toBe(4)
    expect(rows.items.map((row) => [row.line, row.status])).toEqual([
      [2, 'changed'],
      [3, 'unchanged'],
      [4, 'new'],
      [5, 'invalid'],
    ])
    expect(rows.items[0]?.changes).toEqual([{ field: 'thcContent', before: 20.5, after: 22 }])
    expect(rows.items[3]?.errors).toEqual([
      { column: 8, message: 'Bestrahlt: „vielleicht“ ist weder ja noch nein.' },
      { column: 9, message: 'Herkunftsland: Unbekanntes Anbauland „Atlantis“.' },
    ])

    const invalid = await listProductImportRows(admin, { id, status: 'invalid', page: 1 }, db())
    expect(invalid.items.map((row) => row.line)).toEqual([5])
  })

  it('makes every row of a PZN that appears twice invalid, naming the other lines, and writes none', async () => {
    const [twice, single] = freshPzns(2) as [string, string]
    const { id } = await upload([
      flowerLine(twice, 'Zyrbel Doppelt A'),
      flowerLine(single, 'Zyrbel Einzeln'),
      flowerLine(`PZN ${twice}`, 'Zyrbel Doppelt B'),
    ])
    const rows = await listProductImportRows(admin, { id, status: 'invalid', page: 1 }, db())
    expect(rows.items.map((row) => row.errors)).toEqual([
      [
        {
          column: 0,
          message: `PZN: Die PZN ${twice} steht mehrfach in der Datei (auch in Zeile 4).`,
        },
      ],
      [
        {
          column: 0,
          message: `PZN: Die PZN ${twice} steht mehrfach in der Datei (auch in Zeile 2).`,
        },
      ],
    ])
    expect(await confirmed(id)).toMatchObject({ status: 'completed', createdCount: 1 })
    const written = await db()
      .select()
      .from(products)
      .where(inArray(products.pzn, [twice, single]))
    expect(written.map((product) => product.pzn)).toEqual([single])
  })

  it('re-analyses on a new mapping, names missing required columns and refuses a column twice', async () => {
    const [pzn] = freshPzns(1) as [string]
    const { id } = await upload([flowerLine(pzn, 'Zyrbel Zuordnung')])
    const unmapped = await setProductImportMapping(admin, id, { pzn: 0, name: 1 }, db())
    expect(unmapped.missingFields).toEqual(['manufacturer', 'category', 'packSize'])
    expect(unmapped.counts).toEqual({ new: 0, changed: 0, unchanged: 0, invalid: 1 })
    const [row] = (await listProductImportRows(admin, { id, page: 1 }, db())).items
    expect(row?.errors[0]?.message).toBe(
      'Es fehlt die Spalte für „Hersteller“, „Kategorie“, „Packungsgröße“.',
    )
    await expect(confirmProductImport(admin, id, db())).rejects.toThrow(nothingToImportMessage)

    await expect(
      setProductImportMapping(admin, id, { pzn: 0, name: 0 }, db()),
    ).rejects.toMatchObject({
      status: 400,
      extra: { errors: { name: 'Diese Spalte ist schon „PZN“ zugeordnet.' } },
    })
    await expect(setProductImportMapping(admin, id, { name: 99 }, db())).rejects.toBeInstanceOf(
      InvalidError,
    )
    await expect(setProductImportMapping(admin, id, { name: 'B' }, db())).rejects.toBeInstanceOf(
      InvalidError,
    )

    const remapped = await setProductImportMapping(
      admin,
      id,
      { pzn: 0, name: 1, manufacturer: 2, category: 3, cultivar: 4, packSize: 7 },
      db(),
    )
    expect(remapped.counts).toEqual({ new: 1, changed: 0, unchanged: 0, invalid: 0 })
    expect(await confirmed(id)).toMatchObject({ createdCount: 1 })
    const [created] = await db().select().from(products).where(eq(products.pzn, pzn))
    // The columns left unmapped (THC, CBD, country, irradiated) are not imported.
    expect(created).toMatchObject({
      name: 'Zyrbel Zuordnung',
      cultivar: 'Zyrbel Kush',
      thcContent: null,
      countryOfCultivation: null,
    })
    await expect(setProductImportMapping(admin, id, { pzn: 0 }, db())).rejects.toBeInstanceOf(
      ConflictError,
    )
  })

  it('writes the audit rows the form writes, bumps the revision only on a change, never touches the image', async () => {
    const [first, second] = freshPzns(2) as [string, string]
    const created = await confirmed(
      (await upload([flowerLine(first, 'Zyrbel Audit A'), flowerLine(second, 'Zyrbel Audit B')]))
        .id,
    )
    expect(created).toMatchObject({ createdCount: 2, processedRows: 2 })
    const before = await db()
      .select()
      .from(products)
      .where(inArray(products.pzn, [first, second]))
    const byPzn = new Map(before.map((row) => [row.pzn, row]))
    const createdAudits = await auditRowsOf(before.map((row) => row.id))
    expect(createdAudits).toHaveLength(2)
    for (const audit of createdAudits) {
      const product = before.find((row) => row.id === audit.entityId)
      expect(audit).toMatchObject({
        action: masterProductAudit.created,
        actorKind: 'business_user',
        actorId: admin.user.id,
        organisationId: null,
        before: null,
        after: JSON.parse(
          JSON.stringify(auditedProductFields(product as typeof products.$inferSelect)),
        ),
      })
    }

    const updated = await confirmed(
      (
        await upload([
          flowerLine(first, 'Zyrbel Audit A neu'),
          flowerLine(second, 'Zyrbel Audit B'),
        ])
      ).id,
    )
    expect(updated).toMatchObject({ createdCount: 0, updatedCount: 1, skippedCount: 1 })
    const after = await db()
      .select()
      .from(products)
      .where(inArray(products.pzn, [first, second]))
    const firstAfter = after.find((row) => row.pzn === first)
    const secondAfter = after.find((row) => row.pzn === second)
    expect(firstAfter).toMatchObject({
      name: 'Zyrbel Audit A neu',
      revision: 2,
      updatedBy: admin.user.id,
    })
    expect(secondAfter?.revision).toBe(1)
    expect(secondAfter?.updatedAt).toEqual(byPzn.get(second)?.updatedAt)
    const updateAudits = (await auditRowsOf(after.map((row) => row.id))).filter(
      (audit) => audit.action === masterProductAudit.updated,
    )
    expect(updateAudits).toHaveLength(1)
    expect(updateAudits[0]).toMatchObject({
      entityId: firstAfter?.id,
      before: JSON.parse(
        JSON.stringify(auditedProductFields(byPzn.get(first) as typeof products.$inferSelect)),
      ),
      after: JSON.parse(
        JSON.stringify(auditedProductFields(firstAfter as typeof products.$inferSelect)),
      ),
    })
  })

  it('keeps a stored image and unmapped fields when updating', async () => {
    const [pzn] = freshPzns(1) as [string]
    await confirmed((await upload([flowerLine(pzn, 'Zyrbel Bild')])).id)
    const png = await sharp({
      create: { width: 20, height: 20, channels: 3, background: '#2f855a' },
    })
      .png()
      .toBuffer()
    const image = await storeFile(admin, 'product_image', new Uint8Array(png), db())
    await db()
      .update(products)
      .set({ description: 'Im Formular gepflegt.', brand: 'Zyrbel Select', imageFileId: image.id })
      .where(eq(products.pzn, pzn))
    const nameOnly = await createProductImport(
      admin,
      {
        fileName: 'namen.csv',
        bytes: encode(
          `PZN;Name;Hersteller;Kategorie;Packungsgröße\n${pzn};Zyrbel Bild 2;${maker};Blüte;10\n`,
        ),
      },
      db(),
    )
    expect(await confirmed(nameOnly.id)).toMatchObject({ updatedCount: 1 })
    const [product] = await db().select().from(products).where(eq(products.pzn, pzn))
    expect(product).toMatchObject({
      name: 'Zyrbel Bild 2',
      description: 'Im Formular gepflegt.',
      brand: 'Zyrbel Select',
      cultivar: 'Zyrbel Kush',
      thcContent: 20.5,
      countryOfCultivation: 'CA',
      imageFileId: image.id,
    })
  })

  it('imports the same file twice: the second time creates and updates nothing', async () => {
    const lines = freshPzns(30).map((pzn, index) => flowerLine(pzn, `Zyrbel Wiederholung ${index}`))
    const firstRun = await confirmed((await upload(lines)).id)
    expect(firstRun).toMatchObject({ status: 'completed', createdCount: 30, updatedCount: 0 })
    const auditsBefore = (await db().select({ total: count() }).from(auditEvents))[0]?.total
    const second = await upload(lines)
    expect((await getProductImport(admin, second.id, db())).counts).toEqual({
      new: 0,
      changed: 0,
      unchanged: 30,
      invalid: 0,
    })
    expect(await confirmed(second.id)).toMatchObject({
      status: 'completed',
      createdCount: 0,
      updatedCount: 0,
      skippedCount: 30,
      processedRows: 30,
    })
    expect((await db().select({ total: count() }).from(auditEvents))[0]?.total).toBe(auditsBefore)
  })

  describe('a database failure in one batch', () => {
    afterEach(async () => {
      await asOwner(database, async (owner) => {
        await owner.execute(sql`drop trigger if exists import_test_failure on products`)
        await owner.execute(sql`drop function if exists import_test_failure()`)
      })
    })

    it('rolls back exactly that batch, stops the import as failed, and a second run completes it', async () => {
      const pzns = freshPzns(importBatchSize + 100)
      const failing = pzns[importBatchSize + 50] as string
      await asOwner(database, async (owner) => {
        await owner.execute(
          sql.raw(`create function import_test_failure() returns trigger language plpgsql as $$
            begin
              if new.pzn = '${failing}' then raise exception 'test failure for one PZN'; end if;
              return new;
            end $$`),
        )
        await owner.execute(
          sql`create trigger import_test_failure before insert or update on products for each row execute function import_test_failure()`,
        )
      })
      const lines = pzns.map((pzn, index) => flowerLine(pzn, `Zyrbel Charge ${index}`))
      const failures: unknown[] = []
      const { id } = await upload(lines)
      const run = await confirmProductImport(admin, id, db(), {
        onFailure: (error) => failures.push(error),
      })
      await run.finished
      const state = await getProductImport(admin, id, db())
      expect(state).toMatchObject({
        status: 'failed',
        processedRows: importBatchSize,
        createdCount: importBatchSize,
        failureMessage: failedBatchMessage(importBatchSize + 2, importBatchSize + 101),
      })
      expect(failures).toHaveLength(1)
      const written = await db()
        .select({ pzn: products.pzn })
        .from(products)
        .where(inArray(products.pzn, pzns))
      expect(new Set(written.map((row) => row.pzn))).toEqual(
        new Set(pzns.slice(0, importBatchSize)),
      )

      await asOwner(database, (owner) =>
        owner.execute(sql`drop trigger import_test_failure on products`),
      )
      const again = await confirmed((await upload(lines)).id)
      expect(again).toMatchObject({
        status: 'completed',
        createdCount: 100,
        skippedCount: importBatchSize,
      })
      const all = await db()
        .select({ total: count() })
        .from(products)
        .where(inArray(products.pzn, pzns))
      expect(all[0]?.total).toBe(pzns.length)
    })
  })

  it('runs once when 50 confirms of one import arrive at once', async () => {
    const pzns = freshPzns(40)
    const { id } = await upload(
      pzns.map((pzn, index) => flowerLine(pzn, `Zyrbel Parallel ${index}`)),
    )
    const runs = await Promise.all(
      Array.from({ length: 50 }, () => confirmProductImport(admin, id, db())),
    )
    expect(runs.filter((run) => run.started)).toHaveLength(1)
    await Promise.all(runs.map((run) => run.finished))
    expect(await getProductImport(admin, id, db())).toMatchObject({
      status: 'completed',
      createdCount: 40,
      processedRows: 40,
    })
    const created = await db()
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.pzn, pzns))
    expect(created).toHaveLength(40)
    expect(await auditRowsOf(created.map((row) => row.id))).toHaveLength(40)
  })

  it('reports the rejected rows as CSV with BOM, semicolons, line numbers, reasons and escaped formulas', async () => {
    const [good] = freshPzns(1) as [string]
    const { id } = await upload(
      [
        flowerLine(good, 'Zyrbel Bericht'),
        `=HYPERLINK("x");Zyrbel Formel;${maker};Blüte;Kush;20;;10 g;nein;CA`,
      ],
      'liste.xlsx.csv',
    )
    const report = await productImportErrorReport(admin, id, db())
    expect(report.fileName).toBe('liste.xlsx-fehler.csv')
    expect(report.content.startsWith('\uFEFFZeile;PZN;Bezeichnung;Hersteller;')).toBe(true)
    const lines = report.content.slice(1).trim().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toMatch(/^3;"'=HYPERLINK\(""x""\)";Zyrbel Formel;/)
    expect(lines[1]).toContain('PZN: Die PZN hat genau 8 Ziffern.')
  })

  it('refuses unreadable files before writing anything', async () => {
    const before = await importCount()
    const refusals = [
      [Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 415],
      [encode(`${header}\r\n`), 400],
      [encode(`${header}\n${Array.from({ length: 50_001 }, () => '1;a').join('\n')}`), 413],
    ] as const
    for (const [bytes, status] of refusals) {
      await expect(
        createProductImport(admin, { fileName: 'x.csv', bytes }, db()),
      ).rejects.toMatchObject({ status })
    }
    expect(await importCount()).toBe(before)
  })

  it('marks a running import without progress for minutes as interrupted when it is read', async () => {
    const [pzn] = freshPzns(1) as [string]
    const { id } = await upload([flowerLine(pzn, 'Zyrbel Abgestürzt')])
    const longAgo = new Date(Date.now() - staleImportMillis - 60_000)
    await db()
      .update(productImports)
      .set({ status: 'running', startedAt: longAgo, progressAt: longAgo })
      .where(eq(productImports.id, id))
    expect(await getProductImport(admin, id, db())).toMatchObject({
      status: 'failed',
      failureMessage: interruptedImportMessage,
    })
    const fresh = await upload([flowerLine(freshPzns(1)[0] as string, 'Zyrbel Lebendig')])
    await db()
      .update(productImports)
      .set({ status: 'running', startedAt: new Date(), progressAt: new Date() })
      .where(eq(productImports.id, fresh.id))
    expect((await getProductImport(admin, fresh.id, db())).status).toBe('running')
  })

  it('lets only platform admins use any import function', async () => {
    const [pzn] = freshPzns(1) as [string]
    const { id } = await upload([flowerLine(pzn, 'Zyrbel Rechte')])
    const refused: Actor[] = [
      actors.pharmacyOwner,
      actors.pharmacyStaff,
      actors.wholesalerOwner,
      actors.clubOwner,
      actors.shopCustomer,
    ]
    const before = await importCount()
    for (const actor of refused) {
      const calls: Promise<unknown>[] = [
        createProductImport(
          actor,
          { fileName: 'x.csv', bytes: csvOf([flowerLine(pzn, 'X')]) },
          db(),
        ),
        getProductImport(actor, id, db()),
        listRecentProductImports(actor, db()),
        listProductImportRows(actor, { id, page: 1 }, db()),
        setProductImportMapping(actor, id, { pzn: 0 }, db()),
        productImportErrorReport(actor, id, db()),
        confirmProductImport(actor, id, db()),
      ]
      for (const call of calls) await expect(call).rejects.toBeInstanceOf(ForbiddenError)
    }
    expect(await importCount()).toBe(before)
    expect((await getProductImport(admin, id, db())).status).toBe('previewed')
    const recent = await listRecentProductImports(admin, db())
    expect(recent[0]).toMatchObject({
      id,
      fileName: 'produkte.csv',
      status: 'previewed',
      totalRows: 1,
    })
    await expect(getProductImport(admin, crypto.randomUUID(), db())).rejects.toMatchObject({
      status: 404,
    })
    await expect(getProductImport(admin, 'kein-uuid', db())).rejects.toBeInstanceOf(DomainError)
  })
})

describe.each(testDatabaseKinds)('the demo import file on %s', (kind) => {
  let database: TestDatabase

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('holds 19 new products, 3 changes of demo products and 3 broken rows', async () => {
    const db = database.handle.db
    const { admin } = await demoActors(db)
    const bytes = new Uint8Array(await readFile(demoImportFile))
    const { id } = await createProductImport(
      admin,
      { fileName: 'demo-product-import.csv', bytes },
      db,
    )
    const state = await getProductImport(admin, id, db)
    expect(state.missingFields).toEqual([])
    expect(state.counts).toEqual({ new: 19, changed: 3, unchanged: 0, invalid: 3 })
    const invalid = await listProductImportRows(admin, { id, status: 'invalid', page: 1 }, db)
    expect(
      invalid.items.map((row) => [row.line, row.errors.map((error) => error.message)]),
    ).toEqual([
      [24, ['PZN: Die Prüfziffer der PZN stimmt nicht.']],
      [25, ['Sorte: Blüten brauchen eine Sorte: ein Rezept muss sie nennen.']],
      [26, ['Kategorie: Unbekannte Kategorie „Tinktur“.']],
    ])
    const changed = await listProductImportRows(admin, { id, status: 'changed', page: 1 }, db)
    expect(changed.items.map((row) => row.changes)).toEqual([
      [{ field: 'thcContent', before: 22, after: 22.5 }],
      [{ field: 'status', before: 'active', after: 'withdrawn' }],
      [
        {
          field: 'terpenes',
          before: ['Myrcen', 'Caryophyllen'],
          after: ['Myrcen', 'Caryophyllen', 'Limonen'],
        },
      ],
    ])
    expect(
      await confirmProductImport(admin, id, db).then(async (run) => {
        await run.finished
        return getProductImport(admin, id, db)
      }),
    ).toMatchObject({ status: 'completed', createdCount: 19, updatedCount: 3, processedRows: 22 })
  })
})
