import { and, asc, eq, gt, or, sql } from 'drizzle-orm'
import { shopForbiddenMessage } from '../../lib/access-rules'
import { isUuid } from '../../lib/ids'
import {
  checkConfiguration,
  configurationFromSearch,
  parseConfiguratorSearch,
  prescriptionText,
  reservationProblem,
  reservedSalesUnits,
} from '../../lib/prescription-configurator'
import { priceBasisOf } from '../../lib/prices'
import { formatSalesQuantity } from '../../lib/product-display'
import { brokenOrderRule } from '../../lib/products'
import {
  type Guest,
  openReservationsPerEmail,
  type ReservationConfirmation,
  reservationHoldHours,
  reservationRequestSchema,
  reservationsPerAddressPerHour,
} from '../../lib/shop-reservations'
import type { ShopActor, VisitorActor } from '../actor.server'
import { takeDocumentNumber } from '../counters/counters.server'
import { orderSource, recordOrderCreated } from '../customer-orders/customer-order-core.server'
import { customerOrderItems, customerOrders } from '../customer-orders/customer-orders.schema'
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
import { countAttempt, type RateLimitRule } from '../rate-limit.server'
import { reserveStock } from '../stock/stock-reservations.server'
import { isShopTenant, type ShopTenant, type Tenant } from '../tenants.server'
import { configuratorProduct } from './configurator-products.server'
import { noShopMessage } from './shop.server'
import { lockShopPerson, reservingCustomer } from './shop-customers.server'

/**
 * Reservations from the Rezeptkonfigurator: a shop customer or a guest holds the configured
 * amount of one of the pharmacy's products for 72 hours, as a customer order of channel `shop`
 * and type `reservation` with stock reservations that lapse with it (the expiry job then sets it
 * to `expired`). The configuration is checked again here with the same rules module the page
 * uses. Limits (ADR 028): 5 per client address and hour, 3 open per e-mail address, never more
 * than the listing's maximum per order.
 */

export const reservationNotFoundMessage = 'Diese Reservierung gibt es nicht.'
const productRequiredMessage =
  'Reservieren lässt sich nur ein Produkt aus dem Sortiment der Apotheke.'
const unknownProductMessage = 'Dieses Produkt führt die Apotheke nicht (mehr).'
const guestRequiredMessage = 'Bitte geben Sie Name, E-Mail-Adresse und Telefonnummer an.'
const tooManyOpenMessage = `Unter dieser E-Mail-Adresse bestehen bereits ${openReservationsPerEmail} offene Reservierungen. Bitte lösen Sie zuerst eine davon ein oder warten Sie, bis sie abläuft.`

export const reservationAddressRule: RateLimitRule = {
  name: 'shop-reservation-address',
  points: reservationsPerAddressPerHour,
  windowSeconds: 3600,
  sliding: false,
}

/** Only a pharmacy's shop reserves: a club's host (KCanG § 6) or the main domain gets a 404. */
export function shopOf(tenant: Tenant | null): ShopTenant {
  if (!isShopTenant(tenant)) throw new NotFoundError(noShopMessage)
  return tenant
}

const holdMilliseconds = reservationHoldHours * 3_600_000

/** Open reservations (new, not lapsed) of the customer or of anybody with this e-mail address. */
async function openReservationCount(
  tx: Executor,
  organisationId: string,
  customerId: string,
  email: string,
): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(customerOrders)
    .innerJoin(customers, eq(customers.id, customerOrders.customerId))
    .where(
      and(
        eq(customerOrders.organisationId, organisationId),
        eq(customerOrders.type, 'reservation'),
        eq(customerOrders.status, 'new'),
        gt(customerOrders.expiresAt, sql`now()`),
        or(
          eq(customerOrders.customerId, customerId),
          eq(sql`lower(${customers.email})`, email.toLowerCase()),
        ),
      ),
    )
  return Number(row?.count ?? 0)
}

/**
 * Reserves what the configuration names for 72 hours. 400 for an incomplete configuration or a
 * missing guest, 404 for a product the shop does not list, 409 when the goods are not available
 * or the e-mail address holds three open reservations, 429 past five per address and hour.
 */
export async function reservePrescription(
  db: Database,
  tenant: Tenant | null,
  actor: ShopActor | VisitorActor,
  input: unknown,
  clientIp: string,
): Promise<{ id: string; number: string }> {
  const shop = shopOf(tenant)
  if (actor.kind === 'shop' && actor.tenant.id !== shop.id)
    throw new ForbiddenError(shopForbiddenMessage)
  const request = parseInput(reservationRequestSchema, input)
  if (actor.kind === 'visitor' && !request.guest) {
    throw new InvalidError({ 'guest.name': guestRequiredMessage }, guestRequiredMessage)
  }
  const search = parseConfiguratorSearch(request.configuration)
  if (!search.produkt)
    throw new InvalidError({ productId: productRequiredMessage }, productRequiredMessage)
  const product = await configuratorProduct(db, shop, search.produkt)
  if (!product) throw new NotFoundError(unknownProductMessage)
  const configuration = configurationFromSearch(search, product.category)
  const { errors } = checkConfiguration(configuration, product)
  if (Object.keys(errors).length > 0) throw new InvalidError(errors)
  const quantity = reservedSalesUnits(configuration, product)
  if (quantity === null || brokenOrderRule(quantity, product)) {
    const problem = reservationProblem(configuration, product) as string
    throw new InvalidError({ amount: problem }, problem)
  }

  await countAttempt(
    db,
    reservationAddressRule,
    `${shop.id}:${clientIp}`,
    'Von Ihrer Adresse kamen in der letzten Stunde zu viele Reservierungen.',
    'Sie',
  )

  const email = actor.kind === 'shop' ? actor.user.email : (request.guest as Guest).email
  const organisationId = shop.organisationId
  return db.transaction(async (tx) => {
    // One e-mail address at a time: its open-reservation count and its new customer stay true
    // under parallel requests.
    await lockShopPerson(tx, organisationId, email)
    const customer = await reservingCustomer(tx, shop, actor, request.guest)
    if (
      (await openReservationCount(tx, organisationId, customer.id, email)) >=
      openReservationsPerEmail
    ) {
      throw new ConflictError(tooManyOpenMessage)
    }
    const lines = await resolveLines(tx, organisationId, customer.kind, [
      { listingId: product.id, quantity },
    ])
    const priced = pricedLines(lines, null, 0, priceBasisOf(customer.kind))
    const number = await takeDocumentNumber(tx, organisationId, 'customer_order')
    const expiresAt = new Date(Date.now() + holdMilliseconds)
    const [order] = await tx
      .insert(customerOrders)
      .values({
        organisationId,
        number,
        customerId: customer.id,
        channel: 'shop',
        type: 'reservation',
        tenantId: shop.id,
        deliveryMethod: 'pickup',
        note: prescriptionText(configuration, product),
        ...priced.totals,
        expiresAt,
      })
      .returning()
    if (!order) throw new Error('reservation order was not inserted')
    const items = await insertItems(tx, order, priced.items)
    await reserveStock(tx, {
      organisationId,
      organisationProductId: product.id,
      quantity: quantity * product.baseUnitsPerSalesUnit,
      source: orderSource(order),
      expiresAt,
    })
    await recordOrderCreated(tx, actor, order, items, 'Reservierung über den Rezeptkonfigurator')
    return { id: order.id, number: order.number }
  })
}

/**
 * The confirmation page's reservation: found by its id (not guessable) among this shop's
 * reservations only.
 */
export async function getReservationConfirmation(
  db: Database,
  tenant: Tenant | null,
  id: string,
): Promise<ReservationConfirmation> {
  const shop = shopOf(tenant)
  if (!isUuid(id)) throw new NotFoundError(reservationNotFoundMessage)
  const [order] = await db
    .select()
    .from(customerOrders)
    .where(
      and(
        eq(customerOrders.id, id),
        eq(customerOrders.tenantId, shop.id),
        eq(customerOrders.organisationId, shop.organisationId),
        eq(customerOrders.channel, 'shop'),
        eq(customerOrders.type, 'reservation'),
      ),
    )
  if (!order) throw new NotFoundError(reservationNotFoundMessage)
  const [item] = await db
    .select()
    .from(customerOrderItems)
    .where(eq(customerOrderItems.orderId, order.id))
    .orderBy(asc(customerOrderItems.position))
    .limit(1)
  const pickup = shop.config.deliveryMethods.find((method) => method.kind === 'pickup')
  const { contact } = shop.config
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    productName: item?.name ?? '',
    quantityText: item ? formatSalesQuantity(item.quantity, item.salesUnit) : '',
    prescriptionText: order.note ?? '',
    expiresAt: order.expiresAt?.toISOString() ?? null,
    pharmacy: {
      name: shop.config.shopName,
      street: pickup?.street ?? contact.street,
      postalCode: pickup?.postalCode ?? contact.postalCode,
      city: pickup?.city ?? contact.city,
      phone: contact.phone,
      openingHours: pickup?.openingHours || contact.openingHours,
      pickup: pickup !== undefined,
    },
  }
}
