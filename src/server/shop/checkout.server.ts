import { and, asc, eq, isNull } from 'drizzle-orm'
import { shopForbiddenMessage } from '../../lib/access-rules'
import {
  type CheckoutLine,
  type CheckoutView,
  checkoutSchema,
  courierAreaMessage,
  deliveryFeeFor,
  evidenceRefusal,
  flowersRefusedMessage,
  invalidERezeptMessage,
  parseERezeptTokens,
  paymentRefusal,
  type ShopOrderConfirmation,
  shopOrdersPerHour,
} from '../../lib/checkout'
import {
  customerOrderNotFoundMessage,
  customerShareCents,
  orderTotals,
  payerKinds,
  requiresPrescription,
} from '../../lib/customer-orders'
import { formatMoney } from '../../lib/format'
import { isUuid } from '../../lib/ids'
import { onlinePaymentHoldMinutes } from '../../lib/payments'
import { lineAmountCents, priceBasisOf, unitAmountCents } from '../../lib/prices'
import { formatSalesQuantity } from '../../lib/product-display'
import { type ShopPaymentMethod, shopPageConfig } from '../../lib/shop'
import { addressLine } from '../../lib/shop-addresses'
import type { ShopDeliveryMethod } from '../../lib/tenant-config'
import { type Actor, requireShopCustomer, type ShopActor } from '../actor.server'
import { cartItems } from '../cart/cart.schema'
import { cartOfShopUser, emptyCart } from '../cart/cart.server'
import { takeDocumentNumber } from '../counters/counters.server'
import { orderSource, recordOrderCreated } from '../customer-orders/customer-order-core.server'
import { withdrawalLinesOf } from '../customer-orders/customer-order-withdrawal-lines.server'
import {
  customerOrderEvidence,
  customerOrderItems,
  customerOrders,
} from '../customer-orders/customer-orders.schema'
import { insertItems, pricedLines, resolveLines } from '../customer-orders/customer-orders.server'
import { customers } from '../customers/customers.schema'
import type { Database, Executor } from '../db/client.server'
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  parseInput,
} from '../errors.server'
import { isStoredFileOf } from '../files/file-store.server'
import { enqueueMail, mailSenderOf } from '../mail/outbox.server'
import { offeredPaymentMethods } from '../payments/mollie-keys.server'
import { transferInstructionsOf } from '../payments/transfer-instructions.server'
import { organisationProducts, products } from '../products/products.schema'
import { tenantPublicOrigin } from '../public-origin.server'
import { countAttempt, type RateLimitRule } from '../rate-limit.server'
import type { SecretBox } from '../secrets.server'
import { findShopAddress, listShopAddresses } from '../shop-accounts/shop-addresses.server'
import { reserveStock } from '../stock/stock-reservations.server'
import type { ShopTenant, Tenant } from '../tenants.server'
import { shopOf } from './reservations.server'
import { lockShopPerson, reservingCustomer } from './shop-customers.server'

/**
 * The checkout (issue 12): what the page offers, and placing the order from the customer's cart
 * in one transaction — cart locked, prices and availability checked again, stock reserved
 * first-expiring first, the order with its evidence written, the cart emptied and the mail queued.
 * Only the shop's own logged-in customers check out; business users and visitors get 403.
 */

/** What the checkout needs of the app: the database, and the secrets for the Mollie key. */
export interface CheckoutApp {
  db: Executor
  secrets: SecretBox
  config: { MOLLIE_API_KEY?: string }
}

export const orderPlacementRule: RateLimitRule = {
  name: 'shop-order-user',
  points: shopOrdersPerHour,
  windowSeconds: 3600,
  sliding: false,
}

export const emptyCartMessage = 'Ihr Warenkorb ist leer.'
export const pricesChangedMessage = (changes: readonly string[]) =>
  `Die Preise haben sich geändert: ${changes.join('; ')}. Bitte prüfen Sie Ihren Warenkorb und bestellen Sie erneut.`
const unavailableMessage = (names: readonly string[]) =>
  `Nicht mehr erhältlich: ${names.join(', ')}. Bitte entfernen Sie diese Produkte aus dem Warenkorb.`
const quantityMessage = (name: string, problem: string) =>
  `${name}: ${problem} Bitte ändern Sie die Menge im Warenkorb.`
const methodMissingMessage = 'Diese Lieferart bietet die Apotheke nicht an.'
const paymentMissingMessage = 'Diese Zahlungsart bietet die Apotheke nicht an.'
const addressMissingMessage = 'Diese Adresse gibt es nicht in Ihrem Adressbuch.'
const prescriptionMissingMessage =
  'Ihr Warenkorb enthält verschreibungspflichtige Produkte. Bitte geben Sie an, wer zahlt und wie Sie das Rezept einreichen.'
const scanMissingMessage = 'Bitte laden Sie den Rezept-Scan hoch.'
const scanUnknownMessage = 'Diesen Rezept-Scan gibt es nicht. Bitte laden Sie ihn erneut hoch.'
const exemptionUnknownMessage =
  'Diese Befreiungsbescheinigung gibt es nicht. Bitte laden Sie sie erneut hoch.'
const tooManyOrdersMessage = 'Sie haben in der letzten Stunde zu viele Bestellungen aufgegeben.'

/** The shop of the request and its own logged-in customer; 403 for anybody else. */
function checkoutParties(
  tenant: Tenant | null,
  actor: Actor,
): { shop: ShopTenant; customer: ShopActor } {
  const shop = shopOf(tenant)
  const customer = requireShopCustomer(actor)
  if (customer.tenant.id !== shop.id) throw new ForbiddenError(shopForbiddenMessage)
  return { shop, customer }
}

/** The cart's items with what the shop sells them for now. */
async function cartLines(executor: Executor, shop: ShopTenant, cartId: string) {
  const rows = await executor
    .select({
      listingId: cartItems.organisationProductId,
      quantity: cartItems.quantity,
      addedUnitGrossCents: cartItems.addedUnitGrossCents,
      name: products.name,
      category: products.category,
      productStatus: products.status,
      salesUnit: organisationProducts.salesUnit,
      priceCents: organisationProducts.priceCents,
      vatRate: organisationProducts.vatRate,
      visible: organisationProducts.visibleInShop,
      archivedAt: organisationProducts.archivedAt,
    })
    .from(cartItems)
    .innerJoin(
      organisationProducts,
      and(
        eq(organisationProducts.id, cartItems.organisationProductId),
        eq(organisationProducts.organisationId, shop.organisationId),
      ),
    )
    .innerJoin(products, eq(products.id, organisationProducts.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
  return rows.map((row) => {
    const unitGrossCents = unitAmountCents(row.priceCents, row.vatRate, 'gross')
    return {
      ...row,
      sellable: row.visible && row.archivedAt === null && row.productStatus === 'active',
      unitGrossCents,
    }
  })
}

type CartLine = Awaited<ReturnType<typeof cartLines>>[number]

const checkoutLineOf = (line: CartLine): CheckoutLine => ({
  listingId: line.listingId,
  name: line.name,
  category: line.category,
  salesUnit: line.salesUnit,
  quantity: line.quantity,
  unitPriceCents: line.priceCents,
  unitGrossCents: line.unitGrossCents,
  addedUnitGrossCents: line.addedUnitGrossCents,
  vatRate: line.vatRate,
  grossCents: lineAmountCents({ ...line, unitPriceCents: line.priceCents }, 'gross'),
  // A shop account's customer is always a patient.
  requiresPrescription: requiresPrescription(line.category, 'patient'),
})

/** What the checkout page shows: the cart as it is now, the address book and the shop's options. */
export async function getCheckout(
  app: CheckoutApp,
  tenant: Tenant | null,
  actor: Actor,
): Promise<CheckoutView> {
  const { shop, customer } = checkoutParties(tenant, actor)
  const cart = await cartOfShopUser(app.db, shop.id, customer.user.id, { lock: false })
  const lines = cart ? await cartLines(app.db, shop, cart.id) : []
  const page = shopPageConfig(shop.config)
  return {
    lines: lines.filter((line) => line.sellable).map(checkoutLineOf),
    addresses: await listShopAddresses(customer, app.db),
    deliveryMethods: shop.config.deliveryMethods,
    paymentMethods: await offeredPaymentMethods(app, shop),
    payerKinds,
    hasTerms: page.hasTerms,
    hasWithdrawalInformation: page.hasWithdrawalInformation,
  }
}

/** An address of the customer's book for `field`; 400 naming the field otherwise. */
async function addressFor(tx: Executor, customer: ShopActor, id: string, field: string) {
  try {
    return await findShopAddress(tx, customer, id)
  } catch (error) {
    if (error instanceof NotFoundError) throw new InvalidError({ [field]: addressMissingMessage })
    throw error
  }
}

type CheckoutRequest = ReturnType<typeof parseInput<typeof checkoutSchema>>

/**
 * The evidence the customer hands in for prescription-only goods, checked: a scan or exemption
 * must be this customer's own upload to this pharmacy, an e-Rezept token must have the gematik
 * format, and "original at pickup" needs pickup.
 */
async function checkedEvidence(
  tx: Executor,
  shop: ShopTenant,
  customer: ShopActor,
  request: CheckoutRequest,
) {
  const evidence = request.prescription
  if (!evidence) {
    throw new InvalidError(
      { 'prescription.payer': prescriptionMissingMessage },
      prescriptionMissingMessage,
    )
  }
  const refusal = evidenceRefusal(evidence.evidence, request.deliveryMethod)
  if (refusal) throw new InvalidError({ 'prescription.evidence': refusal }, refusal)
  const ownUpload = (id: string, purpose: 'prescription_scan' | 'copayment_exemption') =>
    isStoredFileOf(tx, id, {
      purpose,
      organisationId: shop.organisationId,
      createdBy: customer.user.id,
    })
  let scanFileId: string | null = null
  let eRezeptToken: string | null = null
  if (evidence.evidence === 'upload') {
    if (!evidence.scanFileId) {
      throw new InvalidError({ 'prescription.scanFileId': scanMissingMessage }, scanMissingMessage)
    }
    if (!(await ownUpload(evidence.scanFileId, 'prescription_scan'))) {
      throw new InvalidError({ 'prescription.scanFileId': scanUnknownMessage }, scanUnknownMessage)
    }
    scanFileId = evidence.scanFileId
  }
  if (evidence.evidence === 'e_rezept') {
    const tokens = parseERezeptTokens(evidence.eRezeptToken ?? '')
    if (!tokens) {
      throw new InvalidError(
        { 'prescription.eRezeptToken': invalidERezeptMessage },
        invalidERezeptMessage,
      )
    }
    eRezeptToken = tokens.join('\n')
  }
  let exemptionFileId: string | null = null
  if (evidence.payer === 'statutory' && evidence.exemptionFileId) {
    if (!(await ownUpload(evidence.exemptionFileId, 'copayment_exemption'))) {
      throw new InvalidError(
        { 'prescription.exemptionFileId': exemptionUnknownMessage },
        exemptionUnknownMessage,
      )
    }
    exemptionFileId = evidence.exemptionFileId
  }
  return {
    payer: evidence.payer,
    kind: evidence.evidence,
    scanFileId,
    eRezeptToken,
    exemptionFileId,
  }
}

/** The lines of the locked cart, refused (409) when any is gone or its price changed. */
function checkedCartLines(lines: readonly CartLine[]) {
  if (lines.length === 0) throw new ConflictError(emptyCartMessage)
  const gone = lines.filter((line) => !line.sellable)
  if (gone.length > 0) throw new ConflictError(unavailableMessage(gone.map((line) => line.name)))
  const changed = lines.filter((line) => line.unitGrossCents !== line.addedUnitGrossCents)
  if (changed.length > 0) {
    throw new ConflictError(
      pricesChangedMessage(
        changed.map(
          (line) =>
            `${line.name} kostet jetzt ${formatMoney(line.unitGrossCents)} statt ${formatMoney(line.addedUnitGrossCents)}`,
        ),
      ),
    )
  }
  return lines
}

function deliveryMethodOf(
  shop: ShopTenant,
  kind: CheckoutRequest['deliveryMethod'],
): ShopDeliveryMethod {
  const method = shop.config.deliveryMethods.find((candidate) => candidate.kind === kind)
  if (!method)
    throw new InvalidError({ deliveryMethod: methodMissingMessage }, methodMissingMessage)
  return method
}

export interface PlacedShopOrder {
  id: string
  number: string
  paymentMethod: ShopPaymentMethod
}

/**
 * Places the order from the customer's cart (see the module comment). 400 for a choice the shop
 * does not allow (method, payment, courier area, flowers, evidence), 409 for an empty cart, a
 * changed price or goods no longer available — nothing is written then and the cart stays — and
 * 429 past `shopOrdersPerHour` orders of one account.
 */
export async function placeShopOrder(
  app: CheckoutApp,
  tenant: Tenant | null,
  actor: Actor,
  input: unknown,
): Promise<PlacedShopOrder> {
  const { shop, customer } = checkoutParties(tenant, actor)
  const request = parseInput(checkoutSchema, input)
  const method = deliveryMethodOf(shop, request.deliveryMethod)
  if (!(await offeredPaymentMethods(app, shop)).includes(request.paymentMethod)) {
    throw new InvalidError({ paymentMethod: paymentMissingMessage }, paymentMissingMessage)
  }
  const refusedPayment = paymentRefusal(request.paymentMethod, request.deliveryMethod)
  if (refusedPayment) throw new InvalidError({ paymentMethod: refusedPayment }, refusedPayment)
  await countAttempt(
    app.db,
    orderPlacementRule,
    `${shop.id}:${customer.user.id}`,
    tooManyOrdersMessage,
    'Sie',
  )

  const organisationId = shop.organisationId
  return app.db.transaction(async (tx) => {
    // The cart row first: a second checkout of the same cart waits here and then finds it empty.
    const cart = await cartOfShopUser(tx, shop.id, customer.user.id)
    if (!cart) throw new ConflictError(emptyCartMessage)
    const lines = checkedCartLines(await cartLines(tx, shop, cart.id))
    if (!method.flowersAllowed) {
      const flowers = lines.filter((line) => line.category === 'flower').map((line) => line.name)
      if (flowers.length > 0) {
        const message = flowersRefusedMessage(method.label, flowers)
        throw new InvalidError({ deliveryMethod: message }, message)
      }
    }
    const billing = await addressFor(tx, customer, request.billingAddressId, 'billingAddressId')
    const deliveryAddress =
      method.kind === 'pickup'
        ? null
        : request.deliveryAddressId
          ? await addressFor(tx, customer, request.deliveryAddressId, 'deliveryAddressId')
          : billing
    if (
      method.kind === 'courier' &&
      !method.postalCodes.includes(deliveryAddress?.postalCode ?? '')
    ) {
      const message = courierAreaMessage(method.postalCodes)
      throw new InvalidError({ deliveryAddressId: message }, message)
    }

    await lockShopPerson(tx, organisationId, customer.user.email)
    const buyer = await reservingCustomer(tx, shop, customer, undefined)
    let items: Awaited<ReturnType<typeof resolveLines>>
    try {
      items = await resolveLines(
        tx,
        organisationId,
        buyer.kind,
        lines.map((line) => ({ listingId: line.listingId, quantity: line.quantity })),
      )
    } catch (error) {
      if (!(error instanceof InvalidError)) throw error
      const [field, problem] = Object.entries(error.extra.errors ?? {})[0] ?? []
      const index = Number(/^items\.(\d+)\./.exec(field ?? '')?.[1] ?? 0)
      throw new ConflictError(quantityMessage(lines[index]?.name ?? '', problem ?? error.message))
    }
    const evidence = items.some((item) => item.requiresPrescription)
      ? await checkedEvidence(tx, shop, customer, request)
      : null
    const priceBasis = priceBasisOf(buyer.kind)
    const feeCents = deliveryFeeFor(method, orderTotals(items, priceBasis).grossCents)
    const priced = pricedLines(
      items,
      evidence && { payer: evidence.payer, copaymentExempt: evidence.exemptionFileId !== null },
      feeCents,
      priceBasis,
    )
    const number = await takeDocumentNumber(tx, organisationId, 'customer_order')
    const expiresAt =
      request.paymentMethod === 'mollie'
        ? new Date(Date.now() + onlinePaymentHoldMinutes * 60_000)
        : null
    const [order] = await tx
      .insert(customerOrders)
      .values({
        organisationId,
        number,
        customerId: buyer.id,
        channel: 'shop',
        type: 'order',
        tenantId: shop.id,
        deliveryMethod: method.kind,
        deliveryName: deliveryAddress?.name ?? null,
        deliveryStreet: deliveryAddress
          ? [deliveryAddress.street, deliveryAddress.addition].filter(Boolean).join(', ')
          : null,
        deliveryPostalCode: deliveryAddress?.postalCode ?? null,
        deliveryCity: deliveryAddress?.city ?? null,
        deliveryCountry: deliveryAddress?.country ?? null,
        deliveryFeeCents: feeCents,
        paymentMethod: request.paymentMethod,
        billingName: billing.name,
        billingStreet: [billing.street, billing.addition].filter(Boolean).join(', '),
        billingPostalCode: billing.postalCode,
        billingCity: billing.city,
        billingCountry: billing.country,
        ...priced.totals,
        expiresAt,
      })
      .returning()
    if (!order) throw new Error('shop order was not inserted')
    const inserted = await insertItems(tx, order, priced.items)
    if (evidence) {
      await tx.insert(customerOrderEvidence).values({
        orderId: order.id,
        organisationId,
        payer: evidence.payer,
        kind: evidence.kind,
        scanFileId: evidence.scanFileId,
        eRezeptToken: evidence.eRezeptToken,
        exemptionFileId: evidence.exemptionFileId,
      })
    }
    for (const item of inserted) {
      await reserveStock(tx, {
        organisationId,
        organisationProductId: item.organisationProductId,
        quantity: item.quantity * item.baseUnitsPerSalesUnit,
        source: orderSource(order),
        expiresAt,
        productName: item.name,
      })
    }
    await recordOrderCreated(tx, customer, order, inserted, 'Bestellung im Online-Shop')
    await emptyCart(tx, cart.id)
    const origin = tenantPublicOrigin(shop)
    await enqueueMail(tx, {
      tenantId: shop.id,
      to: customer.user.email,
      sender: mailSenderOf(shop.config, origin),
      content: {
        kind: 'order_received',
        name: customer.user.name,
        orderNumber: order.number,
        totalCents: order.grossCents - order.insurerCents,
        link: `${origin}/bestellung/${order.id}`,
        transfer: await transferInstructionsOf(tx, order),
      },
    })
    return { id: order.id, number: order.number, paymentMethod: request.paymentMethod }
  })
}

const joinAddress = (parts: {
  name: string | null
  street: string | null
  postalCode: string | null
  city: string | null
}) =>
  parts.street
    ? addressLine({
        name: parts.name ?? '',
        addition: null,
        street: parts.street,
        postalCode: parts.postalCode ?? '',
        city: parts.city ?? '',
        country: 'DE',
      })
    : null

/**
 * The confirmation page of a placed order (`/bestellung/$id`): only for the customer who placed
 * it, on the shop it was placed in; anybody else's id is 404.
 */
export async function getShopOrderConfirmation(
  db: Database,
  tenant: Tenant | null,
  actor: Actor,
  id: string,
): Promise<ShopOrderConfirmation> {
  const { shop, customer } = checkoutParties(tenant, actor)
  if (!isUuid(id)) throw new NotFoundError(customerOrderNotFoundMessage)
  const [order] = await db
    .select({ order: customerOrders })
    .from(customerOrders)
    .innerJoin(customers, eq(customers.id, customerOrders.customerId))
    .where(
      and(
        eq(customerOrders.id, id),
        eq(customerOrders.organisationId, shop.organisationId),
        eq(customerOrders.tenantId, shop.id),
        eq(customerOrders.channel, 'shop'),
        eq(customerOrders.type, 'order'),
        eq(customers.shopUserId, customer.user.id),
        isNull(customers.anonymisedAt),
      ),
    )
    .then((rows) => rows.map((row) => row.order))
  if (!order) throw new NotFoundError(customerOrderNotFoundMessage)
  const items = await db
    .select()
    .from(customerOrderItems)
    .where(
      and(
        eq(customerOrderItems.orderId, order.id),
        eq(customerOrderItems.organisationId, order.organisationId),
      ),
    )
    .orderBy(asc(customerOrderItems.position))
  const [evidence] = await db
    .select({ payer: customerOrderEvidence.payer, kind: customerOrderEvidence.kind })
    .from(customerOrderEvidence)
    .where(
      and(
        eq(customerOrderEvidence.orderId, order.id),
        eq(customerOrderEvidence.organisationId, order.organisationId),
      ),
    )
  const method = shop.config.deliveryMethods.find(
    (candidate) => candidate.kind === order.deliveryMethod,
  )
  const pickup = method?.kind === 'pickup' ? method : null
  const withdrawal = new Map(
    (await withdrawalLinesOf(db, order)).map((line) => [line.itemId, line.applies]),
  )
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    createdAt: order.createdAt.toISOString(),
    items: items.map((item) => {
      return {
        name: item.name,
        quantityText: formatSalesQuantity(item.quantity, item.salesUnit),
        // A patient sees gross lines (ADR 056); an order from before may differ by a cent.
        grossCents: lineAmountCents(item, 'gross'),
        copaymentCents: item.copaymentCents,
        requiresPrescription: item.requiresPrescription,
        withdrawal: withdrawal.get(item.id) ?? true,
      }
    }),
    netCents: order.netCents,
    vatCents: order.vatCents,
    grossCents: order.grossCents,
    deliveryFeeCents: order.deliveryFeeCents,
    copaymentCents: order.copaymentCents,
    insurerCents: order.insurerCents,
    amountDueCents: customerShareCents(order),
    delivery: {
      method: order.deliveryMethod,
      label: method?.label ?? '',
      address: joinAddress({
        name: order.deliveryName,
        street: order.deliveryStreet,
        postalCode: order.deliveryPostalCode,
        city: order.deliveryCity,
      }),
      pickup: pickup && {
        address: `${pickup.street}, ${pickup.postalCode} ${pickup.city}`,
        openingHours: pickup.openingHours || shop.config.contact.openingHours,
      },
    },
    billingAddress: joinAddress({
      name: order.billingName,
      street: order.billingStreet,
      postalCode: order.billingPostalCode,
      city: order.billingCity,
    }),
    evidence: evidence ?? null,
    transfer: await transferInstructionsOf(db, order),
  }
}
