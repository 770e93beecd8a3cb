import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseERezeptTokens } from '~/lib/checkout'
import { lineCopaymentCents } from '~/lib/customer-orders'
import { containedVatCents } from '~/lib/prices'
import { type ProductCategory, type VatRate, vatCents } from '~/lib/products'
import { type Actor, type ShopActor, visitorActor } from '~/server/actor.server'
import { cartItems, carts } from '~/server/cart/cart.schema'
import {
  checkPrescription,
  recordPrescription,
  recordPrescriptionOriginal,
} from '~/server/customer-orders/customer-order-prescriptions.server'
import { customerOrderActionServices } from '~/server/customer-orders/customer-order-transitions.server'
import {
  customerOrderEvents,
  customerOrderEvidence,
  customerOrderItems,
  customerOrders,
} from '~/server/customer-orders/customer-orders.schema'
import { updateCustomerOrder } from '~/server/customer-orders/customer-orders.server'
import { demoIds } from '~/server/db/seed.server'
import { cancelOrderInvoice, issueOrderDocument } from '~/server/documents/document-issue.server'
import { documents } from '~/server/documents/documents.schema'
import {
  ConflictError,
  type DomainError,
  ForbiddenError,
  InvalidError,
} from '~/server/errors.server'
import { storeFile } from '~/server/files/file-store.server'
import { outboxMails } from '~/server/mail/mail.schema'
import { organisationProducts, products } from '~/server/products/products.schema'
import { createSecretBox } from '~/server/secrets.server'
import {
  type CheckoutApp,
  getCheckout,
  getShopOrderConfirmation,
  placeShopOrder,
} from '~/server/shop/checkout.server'
import { createShopAddress } from '~/server/shop-accounts/shop-addresses.server'
import { batches, stockReservations } from '~/server/stock/stock.schema'
import { resolveTenant, type ShopTenant } from '~/server/tenants.server'
import { businessActorOf, newShopCustomer } from '../support/actors'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'

const appDomain = 'blattwerk.localhost'
/** Mail links name the configured origin (the default APP_DOMAIN, localhost), never the request's. */
const origin = 'http://sonnen-apotheke.localhost:3000'
const secrets = createSecretBox('k'.repeat(43))
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
const accessCode = 'a'.repeat(64)
const token = `Task/160.000.000.000.000.01/$accept?ac=${accessCode}`

interface Listing {
  id: string
  name: string
  category: ProductCategory
  priceCents: number
  vatRate: VatRate
  baseUnitsPerSalesUnit: number
  unitGrossCents: number
}

describe.each(testDatabaseKinds)('shop checkout on %s', (kind) => {
  let database: TestDatabase
  let shop: ShopTenant
  let markt: ShopTenant
  let app: CheckoutApp
  let flower: Listing
  let extract: Listing
  let accessory: Listing
  const db = () => database.handle.db
  let userCounter = 0

  /** A fresh, confirmed shop account of Sonnen-Apotheke (each test its own: the hourly limit). */
  async function newCustomer(): Promise<ShopActor> {
    const n = ++userCounter
    return newShopCustomer(db(), shop, { email: `kasse.${n}@example.org`, name: `Petra Probe${n}` })
  }

  async function fillCart(
    customer: ShopActor,
    lines: { listing: Listing; quantity: number; addedUnitGrossCents?: number }[],
  ) {
    const [cart] = await db()
      .insert(carts)
      .values({ tenantId: shop.id, shopUserId: customer.user.id })
      .returning()
    if (!cart) throw new Error('cart not inserted')
    await db()
      .insert(cartItems)
      .values(
        lines.map((line) => ({
          cartId: cart.id,
          organisationProductId: line.listing.id,
          quantity: line.quantity,
          addedUnitGrossCents: line.addedUnitGrossCents ?? line.listing.unitGrossCents,
        })),
      )
    return cart.id
  }

  const address = (customer: ShopActor, postalCode = '12045') =>
    createShopAddress(
      customer,
      { name: customer.user.name, street: 'Weserstraße 5', postalCode, city: 'Berlin' },
      db(),
    )

  const cartCount = async (customer: ShopActor) => {
    const rows = await db()
      .select({ id: cartItems.id })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(eq(carts.shopUserId, customer.user.id))
    return rows.length
  }
  const ordersOf = (customer: ShopActor) =>
    db()
      .select({ id: customerOrders.id })
      .from(customerOrders)
      .innerJoin(sql`customers`, sql`customers.id = ${customerOrders.customerId}`)
      .where(sql`customers.shop_user_id = ${customer.user.id}`)

  const scanOf = async (customer: ShopActor) =>
    (await storeFile(customer, 'prescription_scan', pdf, db())).id

  /** Blocks the listing's batches and gives it one released batch of `salesUnits`. */
  async function stockExactly(listing: Listing, salesUnits: number) {
    await db()
      .update(batches)
      .set({ status: 'blocked', blockedAt: new Date(), blockedReason: 'Testaufbau' })
      .where(eq(batches.organisationProductId, listing.id))
    await db()
      .insert(batches)
      .values({
        organisationId: shop.organisationId,
        organisationProductId: listing.id,
        batchNumber: `T-${crypto.randomUUID().slice(0, 8)}`,
        expiryDate: '2099-12-31',
        balance: salesUnits * listing.baseUnitsPerSalesUnit,
        status: 'released',
        releasedAt: new Date(),
      })
  }

  const pickupOrder = (prescription: object | null = null) => ({
    deliveryMethod: 'pickup',
    paymentMethod: 'pickup',
    prescription,
  })

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    shop = (await resolveTenant(db(), `sonnen-apotheke.${appDomain}`, appDomain)) as ShopTenant
    markt = (await resolveTenant(db(), `apotheke-am-markt.${appDomain}`, appDomain)) as ShopTenant
    app = { db: db(), secrets, config: {} }
    const rows = await db()
      .select({
        id: organisationProducts.id,
        name: products.name,
        category: products.category,
        priceCents: organisationProducts.priceCents,
        vatRate: organisationProducts.vatRate,
        baseUnitsPerSalesUnit: organisationProducts.baseUnitsPerSalesUnit,
        orderStep: organisationProducts.orderStep,
        min: organisationProducts.minOrderQuantity,
      })
      .from(organisationProducts)
      .innerJoin(products, eq(products.id, organisationProducts.productId))
      .where(
        and(
          eq(organisationProducts.organisationId, shop.organisationId),
          eq(organisationProducts.visibleInShop, true),
          isNull(organisationProducts.archivedAt),
          eq(products.status, 'active'),
        ),
      )
    const pick = (category: ProductCategory): Listing => {
      const row = rows.find(
        (candidate) =>
          candidate.category === category && candidate.orderStep === 1 && (candidate.min ?? 1) <= 1,
      )
      if (!row) throw new Error(`no ${category} in the demo shop`)
      return { ...row, unitGrossCents: row.priceCents + vatCents(row.priceCents, row.vatRate) }
    }
    flower = pick('flower')
    extract = pick('extract')
    accessory = pick('accessory')
    for (const listing of [flower, extract, accessory]) await stockExactly(listing, 10_000)
  })
  afterAll(async () => {
    await database?.dispose()
  })

  it('places a pickup order with a scan: one transaction with items, evidence, stock, cart and mail', async () => {
    const customer = await newCustomer()
    const billing = await address(customer)
    await fillCart(customer, [
      { listing: flower, quantity: 3 },
      { listing: accessory, quantity: 1 },
    ])
    const scanFileId = await scanOf(customer)
    const placed = await placeShopOrder(app, shop, customer, {
      billingAddressId: billing.id,
      ...pickupOrder({ payer: 'self_pay', evidence: 'upload', scanFileId }),
    })
    expect(placed.number).toMatch(/^AU-\d{4}-\d{5}$/)
    const [order] = await db().select().from(customerOrders).where(eq(customerOrders.id, placed.id))
    const goods = 3 * flower.unitGrossCents + accessory.unitGrossCents
    expect(order).toMatchObject({
      channel: 'shop',
      type: 'order',
      status: 'new',
      paymentStatus: 'unpaid',
      paymentMethod: 'pickup',
      deliveryMethod: 'pickup',
      deliveryFeeCents: 0,
      tenantId: shop.id,
      billingName: customer.user.name,
      billingPostalCode: '12045',
      expiresAt: null,
      copaymentCents: 0,
      insurerCents: 0,
    })
    // Gross prices (ADR 056): the order costs exactly what its lines show.
    expect(order?.grossCents).toBe(goods)
    expect(order?.priceBasis).toBe('gross')
    const items = await db()
      .select()
      .from(customerOrderItems)
      .where(eq(customerOrderItems.orderId, placed.id))
    expect(
      Object.fromEntries(
        items.map((item) => [item.organisationProductId, item.requiresPrescription]),
      ),
    ).toEqual({ [flower.id]: true, [accessory.id]: false })
    const [evidence] = await db()
      .select()
      .from(customerOrderEvidence)
      .where(eq(customerOrderEvidence.orderId, placed.id))
    expect(evidence).toMatchObject({ payer: 'self_pay', kind: 'upload', scanFileId })
    const held = await db()
      .select({ quantity: stockReservations.quantity, expiresAt: stockReservations.expiresAt })
      .from(stockReservations)
      .where(eq(stockReservations.sourceId, placed.id))
    expect(held.reduce((sum, row) => sum + row.quantity, 0)).toBe(
      3 * flower.baseUnitsPerSalesUnit + accessory.baseUnitsPerSalesUnit,
    )
    expect(held.every((row) => row.expiresAt === null)).toBe(true)
    expect(await cartCount(customer)).toBe(0)
    const mails = await db()
      .select()
      .from(outboxMails)
      .where(
        and(eq(outboxMails.toAddress, customer.user.email), eq(outboxMails.kind, 'order_received')),
      )
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toContain(placed.number)
    expect(mails[0]?.textBody).toContain(`${origin}/bestellung/${placed.id}`)
    const events = await db()
      .select()
      .from(customerOrderEvents)
      .where(eq(customerOrderEvents.orderId, placed.id))
    expect(events).toMatchObject([{ kind: 'created', actorKind: 'shop_user' }])

    const confirmation = await getShopOrderConfirmation(db(), shop, customer, placed.id)
    expect(confirmation).toMatchObject({
      number: placed.number,
      paymentMethod: 'pickup',
      delivery: { method: 'pickup', pickup: { address: 'Sonnenallee 12, 12045 Berlin' } },
      evidence: { payer: 'self_pay', kind: 'upload' },
      amountDueCents: order?.grossCents,
    })
    // Nobody else sees it: another customer gets 404, a business user 403.
    await expect(
      getShopOrderConfirmation(db(), shop, await newCustomer(), placed.id),
    ).rejects.toMatchObject({ status: 404 })
    await expect(
      getShopOrderConfirmation(
        db(),
        shop,
        await businessActorOf(db(), demoIds.userPharmacyOwner),
        placed.id,
      ),
    ).rejects.toBeInstanceOf(ForbiddenError)
  })

  it('charges the courier fee below its free-from amount, in the totals with 19 % VAT', async () => {
    const customer = await newCustomer()
    const billing = await address(customer, '12047')
    expect(flower.unitGrossCents).toBeLessThan(10_000)
    await fillCart(customer, [{ listing: flower, quantity: 1 }])
    const placed = await placeShopOrder(app, shop, customer, {
      billingAddressId: billing.id,
      deliveryMethod: 'courier',
      paymentMethod: 'bank_transfer',
      prescription: { payer: 'self_pay', evidence: 'original_by_post' },
    })
    const [order] = await db().select().from(customerOrders).where(eq(customerOrders.id, placed.id))
    // The fee joins the 19 % gross sum, whose VAT is taken out once (ADR 056).
    const gross = flower.unitGrossCents + 490
    const vat = containedVatCents(gross, '19')
    expect(flower.vatRate).toBe('19')
    expect(order).toMatchObject({
      deliveryFeeCents: 490,
      deliveryMethod: 'courier',
      deliveryPostalCode: '12047',
      netCents: gross - vat,
      vatCents: vat,
      grossCents: gross,
    })

    // A back-office edit and a recorded prescription recompute the totals and keep the fee.
    const owner = await businessActorOf(db(), demoIds.userPharmacyOwner)
    const edited = await updateCustomerOrder(
      owner,
      placed.id,
      { version: 1, note: 'Bitte klingeln' },
      db(),
    )
    await recordPrescription(
      owner,
      placed.id,
      {
        version: edited.version,
        payer: 'statutory',
        form: 'e_rezept',
        prescriberName: 'Dr. Beispiel',
        issuedOn: new Date().toISOString().slice(0, 10),
        dosage: '0,1 g verdampfen und inhalieren, bis zu 3 × täglich',
        eRezeptToken: token,
      },
      db(),
    )
    const [after] = await db().select().from(customerOrders).where(eq(customerOrders.id, placed.id))
    expect(after?.grossCents).toBe(flower.unitGrossCents + 490)
    expect(after?.netCents).toBe(gross - vat)

    const confirmation = await getShopOrderConfirmation(db(), shop, customer, placed.id)
    expect(confirmation.transfer?.iban).toBe('DE89 3704 0044 0532 0130 00')
    expect(confirmation.deliveryFeeCents).toBe(490)

    // The invoice names the fee as a line and carries exactly the order's totals; its Storno
    // reverses them exactly.
    const versionNow = async () =>
      (
        await db()
          .select({ version: customerOrders.version })
          .from(customerOrders)
          .where(eq(customerOrders.id, placed.id))
      )[0]?.version ?? 0
    await checkPrescription(owner, placed.id, { version: await versionNow() }, db())
    await recordPrescriptionOriginal(owner, placed.id, { version: await versionNow() }, db())
    for (const action of ['confirm', 'ship', 'complete'] as const) {
      await customerOrderActionServices[action](
        owner,
        placed.id,
        { version: await versionNow() },
        db(),
      )
    }
    await issueOrderDocument(owner, placed.id, 'invoice', db())
    await cancelOrderInvoice(owner, placed.id, { reason: 'Falsche Anschrift' }, db())
    const issued = await db()
      .select({ kind: documents.kind, content: documents.content })
      .from(documents)
      .where(eq(documents.orderId, placed.id))
    const invoice = issued.find((document) => document.kind === 'invoice')?.content as {
      priceBasis: string
      items: { name: string; lineGrossCents: number }[]
      totals: { netCents: number; vatCents: number; grossCents: number }
    }
    expect(invoice.priceBasis).toBe('gross')
    expect(invoice.items.at(-1)).toMatchObject({
      name: 'Liefergebühr Botendienst',
      lineGrossCents: 490,
    })
    expect(invoice.totals).toMatchObject({
      netCents: after?.netCents,
      vatCents: after?.vatCents,
      grossCents: after?.grossCents,
    })
    const storno = issued.find((document) => document.kind === 'cancellation_invoice')?.content as {
      totals: { grossCents: number }
    }
    expect(storno.totals.grossCents).toBe(-(after?.grossCents ?? 0))
  })

  it('delivers free by courier from the free-from amount on (goods gross)', async () => {
    const customer = await newCustomer()
    const billing = await address(customer)
    const quantity = Math.ceil(10_000 / accessory.unitGrossCents)
    expect(quantity * accessory.unitGrossCents).toBeGreaterThanOrEqual(10_000)
    await fillCart(customer, [{ listing: accessory, quantity }])
    const placed = await placeShopOrder(app, shop, customer, {
      billingAddressId: billing.id,
      deliveryMethod: 'courier',
      paymentMethod: 'bank_transfer',
    })
    const [order] = await db().select().from(customerOrders).where(eq(customerOrders.id, placed.id))
    expect(order?.deliveryFeeCents).toBe(0)
    expect(order?.grossCents).toBe(quantity * accessory.unitGrossCents)
  })

  it('refuses the courier outside its postal codes and names them; nothing is written', async () => {
    const customer = await newCustomer()
    const billing = await address(customer, '10115')
    await fillCart(customer, [{ listing: accessory, quantity: 1 }])
    const attempt = placeShopOrder(app, shop, customer, {
      billingAddressId: billing.id,
      deliveryMethod: 'courier',
      paymentMethod: 'bank_transfer',
    })
    await expect(attempt).rejects.toBeInstanceOf(InvalidError)
    await expect(attempt).rejects.toThrow('12043, 12045, 12047')
    expect(await ordersOf(customer)).toHaveLength(0)
    expect(await cartCount(customer)).toBe(1)
  })

  it('ships with the fee, to another delivery address, but refuses flowers by a method that may not carry them', async () => {
    const customer = await newCustomer()
    const billing = await address(customer)
    const elsewhere = await address(customer, '80331')
    await fillCart(customer, [
      { listing: flower, quantity: 1 },
      { listing: extract, quantity: 1 },
    ])
    const request = {
      billingAddressId: billing.id,
      deliveryAddressId: elsewhere.id,
      deliveryMethod: 'shipping',
      paymentMethod: 'bank_transfer',
      prescription: { payer: 'private', evidence: 'original_by_post' },
    }
    const refused = placeShopOrder(app, shop, customer, request)
    await expect(refused).rejects.toBeInstanceOf(InvalidError)
    await expect(refused).rejects.toThrow(flower.name)
    expect(await ordersOf(customer)).toHaveLength(0)

    await db().delete(cartItems).where(eq(cartItems.organisationProductId, flower.id))
    const placed = await placeShopOrder(app, shop, customer, request)
    const [order] = await db().select().from(customerOrders).where(eq(customerOrders.id, placed.id))
    expect(order).toMatchObject({
      deliveryMethod: 'shipping',
      deliveryFeeCents: 690,
      deliveryPostalCode: '80331',
      billingPostalCode: '12045',
      grossCents: extract.unitGrossCents + 690,
    })
  })

  it('refuses a changed price with 409 and writes nothing', async () => {
    const customer = await newCustomer()
    const billing = await address(customer)
    await fillCart(customer, [
      { listing: accessory, quantity: 1, addedUnitGrossCents: accessory.unitGrossCents - 100 },
    ])
    const attempt = placeShopOrder(app, shop, customer, {
      billingAddressId: billing.id,
      ...pickupOrder(),
    })
    await expect(attempt).rejects.toBeInstanceOf(ConflictError)
    await expect(attempt).rejects.toThrow(/^Die Preise haben sich geändert/)
    expect(await ordersOf(customer)).toHaveLength(0)
    expect(await cartCount(customer)).toBe(1)
  })

  it('serves only the shop’s own logged-in customers', async () => {
    const customer = await newCustomer()
    const billing = await address(customer)
    await fillCart(customer, [{ listing: accessory, quantity: 1 }])
    const input = { billingAddressId: billing.id, ...pickupOrder() }
    const owner = await businessActorOf(db(), demoIds.userPharmacyOwner)
    const refusals: [Actor, ShopTenant][] = [
      [owner, shop],
      [visitorActor(), shop],
      [customer, markt],
    ]
    for (const [actor, tenant] of refusals) {
      await expect(placeShopOrder(app, tenant, actor, input)).rejects.toBeInstanceOf(ForbiddenError)
      await expect(getCheckout(app, tenant, actor)).rejects.toBeInstanceOf(ForbiddenError)
    }
    // A club's host or the main domain has no shop at all.
    await expect(placeShopOrder(app, null, customer, input)).rejects.toMatchObject({
      status: 404,
    })
    expect(await ordersOf(customer)).toHaveLength(0)
  })

  it('checks e-Rezept tokens by their format and keeps them in normal form', async () => {
    expect(parseERezeptTokens(token)).toEqual([token])
    expect(
      parseERezeptTokens(`160.000.000.000.000.01/$accept?ac=${accessCode.toUpperCase()}`),
    ).toEqual([token])
    expect(
      parseERezeptTokens(JSON.stringify({ urls: [token, token.replace('.01/', '.02/')] })),
    ).toHaveLength(2)
    for (const wrong of [
      '',
      'abc',
      `Task/160.000/$accept?ac=${accessCode}`,
      token.slice(0, -1),
      '{"urls":[]}',
    ]) {
      expect(parseERezeptTokens(wrong)).toBeNull()
    }

    const customer = await newCustomer()
    const billing = await address(customer)
    await fillCart(customer, [{ listing: flower, quantity: 1 }])
    const order = (eRezeptToken: string) =>
      placeShopOrder(app, shop, customer, {
        billingAddressId: billing.id,
        ...pickupOrder({ payer: 'private', evidence: 'e_rezept', eRezeptToken }),
      })
    await expect(order('12345')).rejects.toThrow(/kein gültiger E-Rezept-Code/)
    const placed = await order(` ${JSON.stringify({ urls: [token] })} `)
    const [evidence] = await db()
      .select()
      .from(customerOrderEvidence)
      .where(eq(customerOrderEvidence.orderId, placed.id))
    expect(evidence).toMatchObject({ kind: 'e_rezept', eRezeptToken: token, scanFileId: null })
  })

  it('takes a scan only by its content, only the customer’s own, and only for prescriptions', async () => {
    const customer = await newCustomer()
    await expect(
      storeFile(customer, 'prescription_scan', new TextEncoder().encode('#!/bin/sh\necho'), db()),
    ).rejects.toMatchObject({ status: 415 })
    await expect(storeFile(customer, 'batch_certificate', pdf, db())).rejects.toBeInstanceOf(
      ForbiddenError,
    )
    await expect(storeFile(customer, 'product_image', pdf, db())).rejects.toBeInstanceOf(
      ForbiddenError,
    )
    const othersScan = await scanOf(await newCustomer())
    const billing = await address(customer)
    await fillCart(customer, [{ listing: flower, quantity: 1 }])
    const order = (prescription: object | null) =>
      placeShopOrder(app, shop, customer, {
        billingAddressId: billing.id,
        ...pickupOrder(prescription),
      })
    await expect(order(null)).rejects.toBeInstanceOf(InvalidError)
    await expect(order({ payer: 'self_pay', evidence: 'upload' })).rejects.toThrow(
      'Bitte laden Sie den Rezept-Scan hoch.',
    )
    await expect(
      order({ payer: 'self_pay', evidence: 'upload', scanFileId: othersScan }),
    ).rejects.toThrow(/Diesen Rezept-Scan gibt es nicht/)
    // The original at pickup goes only with pickup.
    await expect(
      placeShopOrder(app, shop, customer, {
        billingAddressId: billing.id,
        deliveryMethod: 'courier',
        paymentMethod: 'bank_transfer',
        prescription: { payer: 'self_pay', evidence: 'original_at_pickup' },
      }),
    ).rejects.toThrow(/nur, wenn Sie die Bestellung abholen/)
    expect(await ordersOf(customer)).toHaveLength(0)
    expect(await cartCount(customer)).toBe(1)
  })

  it('splits statutory prescriptions into co-payment and insurer share, none with an exemption, never the fee', async () => {
    const quantity = 4
    // The patient's line: unit gross × quantity (ADR 056).
    const lineGross = quantity * flower.unitGrossCents
    expect(lineGross).toBeLessThan(10_000)
    for (const exempt of [false, true]) {
      const customer = await newCustomer()
      const billing = await address(customer)
      await fillCart(customer, [{ listing: flower, quantity }])
      const exemptionFileId = exempt
        ? (await storeFile(customer, 'copayment_exemption', pdf, db())).id
        : null
      const placed = await placeShopOrder(app, shop, customer, {
        billingAddressId: billing.id,
        deliveryMethod: 'courier',
        paymentMethod: 'bank_transfer',
        prescription: {
          payer: 'statutory',
          evidence: 'original_by_post',
          exemptionFileId,
        },
      })
      const [order] = await db()
        .select()
        .from(customerOrders)
        .where(eq(customerOrders.id, placed.id))
      const copayment = lineCopaymentCents(lineGross, exempt)
      expect(order?.copaymentCents).toBe(copayment)
      expect(order?.insurerCents).toBe(lineGross - copayment)
      expect(copayment).toBe(
        exempt ? 0 : Math.min(lineGross, Math.max(500, Math.min(1000, Math.round(lineGross / 10)))),
      )
      const confirmation = await getShopOrderConfirmation(db(), shop, customer, placed.id)
      // What the customer pays: the co-payment and the whole delivery fee.
      expect(order?.deliveryFeeCents).toBe(490)
      expect(confirmation.amountDueCents).toBe(copayment + 490)
    }
  })

  it('offers online payment only with a Mollie key, and then holds the goods for 30 minutes', async () => {
    const customer = await newCustomer()
    const billing = await address(customer)
    await fillCart(customer, [{ listing: accessory, quantity: 1 }])
    const online: ShopTenant = {
      ...shop,
      config: { ...shop.config, paymentMethods: ['pickup', 'bank_transfer', 'mollie'] },
    }
    const input = {
      billingAddressId: billing.id,
      deliveryMethod: 'pickup',
      paymentMethod: 'mollie',
    }
    expect((await getCheckout(app, online, customer)).paymentMethods).not.toContain('mollie')
    await expect(placeShopOrder(app, online, customer, input)).rejects.toThrow(
      'Diese Zahlungsart bietet die Apotheke nicht an.',
    )
    const withKey = { ...app, config: { MOLLIE_API_KEY: 'test_abcdefghijklmnopqrstuvwxyz' } }
    expect((await getCheckout(withKey, online, customer)).paymentMethods).toContain('mollie')
    const placed = await placeShopOrder(withKey, online, customer, input)
    const [order] = await db().select().from(customerOrders).where(eq(customerOrders.id, placed.id))
    const minutes = ((order?.expiresAt?.getTime() ?? 0) - Date.now()) / 60_000
    expect(minutes).toBeGreaterThan(29.9)
    expect(minutes).toBeLessThanOrEqual(30)
    const held = await db()
      .select({ expiresAt: stockReservations.expiresAt })
      .from(stockReservations)
      .where(eq(stockReservations.sourceId, placed.id))
    expect(held.every((row) => row.expiresAt?.getTime() === order?.expiresAt?.getTime())).toBe(true)
    // Pay at pickup goes only with pickup.
    await expect(
      placeShopOrder(app, shop, customer, {
        billingAddressId: billing.id,
        deliveryMethod: 'shipping',
        paymentMethod: 'pickup',
      }),
    ).rejects.toThrow(/nur, wenn Sie die Bestellung abholen/)
  })

  it('limits orders per account and hour', async () => {
    const customer = await newCustomer()
    const billing = await address(customer)
    const input = { billingAddressId: billing.id, ...pickupOrder() }
    for (let attempt = 0; attempt < 10; attempt++) {
      await expect(placeShopOrder(app, shop, customer, input)).rejects.toBeInstanceOf(ConflictError)
    }
    await expect(placeShopOrder(app, shop, customer, input)).rejects.toMatchObject({
      status: 429,
    })
  })

  it('100 parallel checkouts of a product in stock for 10: exactly 10 orders, 90 clear 409s', async () => {
    await stockExactly(accessory, 10)
    const buyers = await Promise.all(Array.from({ length: 100 }, () => newCustomer()))
    const billings = await Promise.all(buyers.map((buyer) => address(buyer)))
    for (const buyer of buyers) await fillCart(buyer, [{ listing: accessory, quantity: 1 }])
    const results = await Promise.allSettled(
      buyers.map((buyer, index) =>
        placeShopOrder(app, shop, buyer, {
          billingAddressId: billings[index]?.id,
          ...pickupOrder(),
        }),
      ),
    )
    const placed = results.filter((result) => result.status === 'fulfilled')
    const refused = results.filter(
      (result): result is PromiseRejectedResult => result.status === 'rejected',
    )
    expect(placed).toHaveLength(10)
    expect(refused).toHaveLength(90)
    for (const result of refused) {
      expect(result.reason).toBeInstanceOf(ConflictError)
      expect((result.reason as DomainError).message).toContain(accessory.name)
    }
    const orders = await db()
      .select({ id: customerOrders.id })
      .from(customerOrders)
      .innerJoin(sql`customers`, sql`customers.id = ${customerOrders.customerId}`)
      .where(
        inArray(
          sql`customers.shop_user_id`,
          buyers.map((buyer) => buyer.user.id),
        ),
      )
    expect(orders).toHaveLength(10)
    const held = await db()
      .select({ quantity: stockReservations.quantity })
      .from(stockReservations)
      .where(
        inArray(
          stockReservations.sourceId,
          orders.map((order) => order.id),
        ),
      )
    expect(held.reduce((sum, row) => sum + row.quantity, 0)).toBe(
      10 * accessory.baseUnitsPerSalesUnit,
    )
    const balances = await db()
      .select({ balance: batches.balance })
      .from(batches)
      .where(eq(batches.organisationProductId, accessory.id))
    expect(balances.every((row) => row.balance >= 0)).toBe(true)
    // The winners' carts are empty, the losers' carts untouched.
    const emptied = await Promise.all(buyers.map((buyer) => cartCount(buyer)))
    expect(emptied.filter((count) => count === 0)).toHaveLength(10)
    expect(emptied.filter((count) => count === 1)).toHaveLength(90)
    // A hundred registrations (argon2 each) before the race: more than the default 30 s on a busy machine.
  }, 120_000)

  it('names a product none of whose batches may be sold', async () => {
    await db()
      .update(batches)
      .set({ status: 'blocked', blockedAt: new Date(), blockedReason: 'Rückruf' })
      .where(eq(batches.organisationProductId, extract.id))
    const customer = await newCustomer()
    const billing = await address(customer)
    await fillCart(customer, [{ listing: extract, quantity: 1 }])
    const attempt = placeShopOrder(app, shop, customer, {
      billingAddressId: billing.id,
      ...pickupOrder({ payer: 'private', evidence: 'original_at_pickup' }),
    })
    await expect(attempt).rejects.toBeInstanceOf(ConflictError)
    await expect(attempt).rejects.toThrow(`${extract.name} ist derzeit nicht verfügbar.`)
    expect(await ordersOf(customer)).toHaveLength(0)
    expect(await cartCount(customer)).toBe(1)
  })
})
