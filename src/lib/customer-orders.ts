import {
  type CustomerKind,
  type CustomerOrderStatus,
  type DeliveryMethod,
  type OrderChannel,
  type OrderEventKind,
  type OrderType,
  type PayerKind,
  type PaymentMeans,
  type PaymentStatus,
  type PrescribedPreparation,
  type PrescriptionEvidenceKind,
  type PrescriptionForm,
  paymentStatuses,
} from './customer-enums'
import type { PickupPaymentChoice } from './customer-order-schemas'
import { addCalendarDays, addCalendarMonths } from './format'
import type { ListResult } from './list-query'
import {
  basketTotals,
  lineAmountCents,
  type PriceBasis,
  type PricedItem,
  totalsOfAmounts,
} from './prices'
import type { PackUnit, ProductCategory, SalesUnit, VatRate } from './products'
import type { ShopPaymentMethod } from './shop'
import type { OrderWithdrawalView } from './withdrawal'

/**
 * Customer orders: the words and values shared by the pages and the services. No zod here —
 * pages import it (ADR 013).
 */

export * from './customer-enums'

export const customerOrderStatusLabels: Record<CustomerOrderStatus, string> = {
  new: 'Neu',
  confirmed: 'Bestätigt',
  ready: 'Abholbereit',
  shipped: 'Versandt',
  completed: 'Abgeschlossen',
  cancelled: 'Storniert',
  expired: 'Abgelaufen',
}

/** Orders still being worked: a customer with one of these cannot be anonymised. */
export const openOrderStatuses = [
  'new',
  'confirmed',
  'ready',
  'shipped',
] as const satisfies readonly CustomerOrderStatus[]

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  unpaid: 'Offen',
  pending: 'In Bearbeitung',
  paid: 'Bezahlt',
  failed: 'Fehlgeschlagen',
  refunded: 'Erstattet',
}

/** How a paid order was paid, as the order page and the invoice name it (ADR 055). */
export const paymentMeansLabels: Record<PaymentMeans, string> = {
  cash: 'bar an der Kasse',
  card: 'mit Karte an der Kasse',
  transfer: 'per Überweisung',
  online: 'online',
}

/** The choices of the hand-over of a pay-at-pickup order. */
export const pickupPaymentChoiceLabels: Record<PickupPaymentChoice, string> = {
  cash: 'Bar an der Kasse',
  card: 'Karte an der Kasse',
  already_paid: 'Bereits bezahlt',
  on_invoice: 'Auf Rechnung (Überweisung)',
}

/** Why a pay-at-pickup order cannot be completed without saying how it was paid. */
export const pickupPaymentMissingMessage =
  'Diese Bestellung wird bei Abholung bezahlt: Bitte gib an, wie bezahlt wurde (bar oder Karte mit Bonnummer, bereits bezahlt oder auf Rechnung).'
export const pickupPaymentNotApplicableMessage =
  'Die Zahlung bei Übergabe erfasst du nur für Bestellungen mit „Zahlung bei Abholung“.'
export const notPaidYetMessage =
  'Für diese Bestellung ist noch keine Zahlung erfasst. Wähle bar, Karte oder „auf Rechnung“.'
export const alreadyPaidMessage = 'Diese Bestellung ist bereits bezahlt. Wähle „Bereits bezahlt“.'

/**
 * What the patient (or customer) pays of an order: the gross total less what a statutory insurer
 * pays the pharmacy directly (§ 61 SGB V: the patient owes the co-payment and any goods outside
 * the prescription).
 */
export const customerShareCents = (order: { grossCents: number; insurerCents: number }) =>
  order.grossCents - order.insurerCents

export const orderChannelLabels: Record<OrderChannel, string> = {
  back_office: 'Back-Office',
  shop: 'Online-Shop',
  purchase_order: 'Bestellung eines Kunden auf Blattwerk',
}

export const orderTypeLabels: Record<OrderType, string> = {
  order: 'Bestellung',
  reservation: 'Reservierung',
}

export const deliveryMethodLabels: Record<DeliveryMethod, string> = {
  pickup: 'Abholung',
  courier: 'Botendienst',
  shipping: 'Versand',
}

export const prescriptionFormLabels: Record<PrescriptionForm, string> = {
  paper: 'Papierrezept',
  e_rezept: 'E-Rezept',
}

/**
 * What the order page records before the goods leave: the paper original arrived, or the
 * e-Rezept was redeemed (domain.md).
 */
export const prescriptionOriginalLabels: Record<PrescriptionForm, string> = {
  paper: 'Original liegt vor',
  e_rezept: 'E-Rezept eingelöst',
}

/** While the goods have not left, the original can be recorded. */
export const prescriptionOriginalStatuses: readonly CustomerOrderStatus[] = [
  'new',
  'confirmed',
  'ready',
]

/** The prescribed preparation as the prescription card offers it. */
export const prescribedPreparationLabels: Record<PrescribedPreparation, string> = {
  unground: 'Blüten, unzerkleinert',
  ground: 'Blüten, zerkleinert (NRF 22.12.)',
  single_doses: 'Blüten in Einzeldosen (NRF 22.13.)',
  tea: 'Blüten zur Teezubereitung (NRF 22.14.)',
  tea_single_doses: 'Blüten in Einzeldosen zur Teezubereitung (NRF 22.15.)',
  extract: 'Extrakt',
}

/** How the shop customer hands in the prescription, as the back-office and the account show it. */
export const prescriptionEvidenceLabels: Record<PrescriptionEvidenceKind, string> = {
  upload: 'Scan hochgeladen',
  e_rezept: 'E-Rezept-Token',
  original_at_pickup: 'Original wird bei Abholung vorgelegt',
  original_by_post: 'Original wird per Post gesendet',
}

// ─── State table ─────────────────────────────────────────────────────────────────────────────

/** The transitions of an order's status (payment is separate, below). */
export const customerOrderActions = [
  'confirm',
  'markReady',
  'ship',
  'complete',
  'cancel',
  'expire',
] as const
export type CustomerOrderAction = (typeof customerOrderActions)[number]

/**
 * The one table of an order's status: where each action may start and where it leads.
 * new → confirmed → ready (pickup) | shipped (courier, shipping) → completed; cancel before
 * completed; expire only an unconfirmed hold (the shop's job).
 */
export const customerOrderTransitions: Record<
  CustomerOrderAction,
  { from: readonly CustomerOrderStatus[]; to: CustomerOrderStatus }
> = {
  confirm: { from: ['new'], to: 'confirmed' },
  markReady: { from: ['confirmed'], to: 'ready' },
  ship: { from: ['confirmed'], to: 'shipped' },
  complete: { from: ['ready', 'shipped'], to: 'completed' },
  cancel: { from: ['new', 'confirmed', 'ready', 'shipped'], to: 'cancelled' },
  expire: { from: ['new'], to: 'expired' },
}

/** Which of `markReady` and `ship` a delivery method goes through. */
export const fulfilmentAction = (method: DeliveryMethod): 'markReady' | 'ship' =>
  method === 'pickup' ? 'markReady' : 'ship'

const actionWords: Record<CustomerOrderAction, string> = {
  confirm: 'bestätigt',
  markReady: 'als abholbereit markiert',
  ship: 'als versandt markiert',
  complete: 'abgeschlossen',
  cancel: 'storniert',
  expire: 'als abgelaufen markiert',
}

export const customerOrderActionLabels: Record<CustomerOrderAction, string> = {
  confirm: 'Bestätigen',
  markReady: 'Abholbereit',
  ship: 'Versandt',
  complete: 'Abschließen',
  cancel: 'Stornieren',
  expire: 'Ablaufen lassen',
}

/**
 * Why `action` may not happen to an order in `status` with this delivery method; null when it
 * may. The services refuse with this message (409), the detail page offers only what is null.
 */
export function refusedActionMessage(
  action: CustomerOrderAction,
  status: CustomerOrderStatus,
  deliveryMethod: DeliveryMethod,
  channel: OrderChannel = 'back_office',
): string | null {
  if (!customerOrderTransitions[action].from.includes(status)) {
    return `Eine Bestellung im Status „${customerOrderStatusLabels[status]}“ kann nicht ${actionWords[action]} werden.`
  }
  if (action === 'cancel' && channel === 'purchase_order' && status === 'shipped') {
    return 'Die Ware ist an den Kunden unterwegs: Eine versandte Bestellung auf Blattwerk kann nicht mehr storniert werden.'
  }
  if (action === 'markReady' && deliveryMethod !== 'pickup') {
    return `Eine Bestellung mit ${deliveryMethodLabels[deliveryMethod]} wird versandt, nicht zur Abholung bereitgestellt.`
  }
  if (action === 'ship' && deliveryMethod === 'pickup') {
    return 'Eine Bestellung zur Abholung wird bereitgestellt, nicht versandt.'
  }
  return null
}

/** Items, delivery, note and prescription change only while the order is new. */
export const editableStatuses: readonly CustomerOrderStatus[] = ['new']
export const notEditableMessage = (status: CustomerOrderStatus) =>
  `Eine Bestellung im Status „${customerOrderStatusLabels[status]}“ kann nicht mehr geändert werden.`

/** The actions a user (owner or staff) may take now; `expire` is the shop job's alone. */
export function availableActions(
  status: CustomerOrderStatus,
  deliveryMethod: DeliveryMethod,
  channel: OrderChannel = 'back_office',
): CustomerOrderAction[] {
  return customerOrderActions.filter(
    (action) =>
      action !== 'expire' && refusedActionMessage(action, status, deliveryMethod, channel) === null,
  )
}

/** The lines of an order answering a purchase order are the buyer's: the supplier keeps them. */
export const linkedItemsMessage =
  'Die Positionen hat der Kunde mit seiner Bestellung auf Blattwerk festgelegt; ändern kann er sie nur mit einer neuen Bestellung.'

/**
 * The payment sub-state, set by hand here (the checkout sets it from Mollie later). A refund
 * needs a payment; a paid order is not unpaid again except through a refund. After a
 * cancellation or expiry only the refund of what was paid is left.
 */
/** The payment states in which the order's money has not arrived. */
export const openPaymentStatuses = [
  'unpaid',
  'pending',
  'failed',
] as const satisfies readonly PaymentStatus[]

export const paymentTransitions: Record<PaymentStatus, readonly PaymentStatus[]> = {
  unpaid: ['pending', 'paid', 'failed'],
  pending: ['unpaid', 'paid', 'failed'],
  failed: ['unpaid', 'pending', 'paid'],
  paid: ['refunded'],
  refunded: [],
}

/**
 * What the pharmacy pays back by hand: a cancelled order that was paid other than through Mollie
 * (Mollie payments are refunded by the refund job). The customer paid the order minus the
 * insurer's share.
 */
export function manualRefundCents(order: {
  status: CustomerOrderStatus
  paymentStatus: PaymentStatus
  paymentMethod: string | null
  grossCents: number
  insurerCents: number
}): number | null {
  if (order.status !== 'cancelled' || order.paymentStatus !== 'paid') return null
  if (order.paymentMethod === 'mollie') return null
  return customerShareCents(order)
}

/** Why an online order lapsed: its 30-minute hold ran out before the payment arrived. */
export const paymentNotCompletedMessage = 'Zahlung nicht abgeschlossen'

/** An order that ended without its goods: cancelled, or expired unpaid. */
export const closedOrderStatuses: readonly CustomerOrderStatus[] = ['cancelled', 'expired']

/** Why the payment may not go from `from` to `to` on an order in `status`; null when it may. */
export function refusedPaymentMessage(
  from: PaymentStatus,
  to: PaymentStatus,
  status: CustomerOrderStatus,
): string | null {
  if (from === to) return `Die Zahlung ist bereits „${paymentStatusLabels[to]}“.`
  if (!paymentTransitions[from].includes(to)) {
    return `Eine Zahlung „${paymentStatusLabels[from]}“ kann nicht auf „${paymentStatusLabels[to]}“ gesetzt werden.`
  }
  if (closedOrderStatuses.includes(status) && to !== 'refunded') {
    return `Bei einer Bestellung im Status „${customerOrderStatusLabels[status]}“ kann nur noch eine Zahlung erstattet werden.`
  }
  return null
}

/** The payment states the select offers now. */
export const availablePaymentStatuses = (
  from: PaymentStatus,
  status: CustomerOrderStatus,
): PaymentStatus[] =>
  paymentStatuses.filter((to) => to !== from && refusedPaymentMessage(from, to, status) === null)

// ─── Prescriptions ───────────────────────────────────────────────────────────────────────────

/** Categories that are sold only on prescription (to a patient). Accessories are not. */
export const prescriptionOnlyCategories: readonly ProductCategory[] = [
  'flower',
  'extract',
  'cbd_solution',
  'dronabinol',
]

/** Whether a line needs the order's prescription checked: prescription-only goods to a patient. */
export const requiresPrescription = (category: ProductCategory, customerKind: CustomerKind) =>
  customerKind === 'patient' && prescriptionOnlyCategories.includes(category)

/**
 * The last day (`YYYY-MM-DD`) a prescription may be filled: statutory 28 days after issue,
 * private and self-pay three months (domain.md).
 */
export function validUntil(issuedOn: string, payer: PayerKind): string {
  return payer === 'statutory' ? addCalendarDays(issuedOn, 28) : addCalendarMonths(issuedOn, 3)
}

export const isPrescriptionValidOn = (issuedOn: string, payer: PayerKind, today: string) =>
  issuedOn <= today && today <= validUntil(issuedOn, payer)

/**
 * The statutory patient's co-payment for one line (§ 61 SGB V): 10 % of the line's gross price,
 * at least 5 €, at most 10 €, never more than the price; nothing with an exemption.
 */
export function lineCopaymentCents(grossCents: number, exempt: boolean): number {
  if (exempt || grossCents <= 0) return 0
  const tenPercent = Math.floor((grossCents + 5) / 10)
  return Math.min(grossCents, Math.max(500, Math.min(1000, tenPercent)))
}

/**
 * Co-payment per line and the insurer's share of an order's prescription lines. Only statutory
 * prescriptions split the price; private and self-pay patients pay it all (no shares).
 */
export function prescriptionShares(
  lines: readonly {
    unitPriceCents: number
    quantity: number
    vatRate: VatRate
    requiresPrescription: boolean
  }[],
  prescription: { payer: PayerKind; copaymentExempt: boolean } | null,
  orderGrossCents: number,
): { lineCopayments: number[]; copaymentCents: number; insurerCents: number } {
  const statutory = prescription?.payer === 'statutory'
  let covered = 0
  const lineCopayments = lines.map((line) => {
    if (!statutory || !line.requiresPrescription) return 0
    // A prescription is a patient's: the line's gross as the patient sees it (ADR 056).
    const gross = lineAmountCents(line, 'gross')
    covered += gross
    return lineCopaymentCents(gross, prescription.copaymentExempt)
  })
  const copaymentCents = lineCopayments.reduce((sum, value) => sum + value, 0)
  // The insurer pays at most what the order costs.
  const insurerCents = Math.max(0, Math.min(covered, orderGrossCents) - copaymentCents)
  return { lineCopayments, copaymentCents, insurerCents }
}

// ─── Messages ────────────────────────────────────────────────────────────────────────────────

export const customerOrderNotFoundMessage = 'Diese Bestellung gibt es nicht.'
export const staleCustomerOrderMessage =
  'Die Bestellung wurde inzwischen geändert. Bitte lade die Seite neu.'
export const prescriptionMissingMessage =
  'Für verschreibungspflichtige Produkte fehlt das Rezept. Bitte erfasse es zuerst.'
export const prescriptionUncheckedMessage =
  'Das Rezept ist noch nicht geprüft. Bitte prüfe es, bevor du die Bestellung bestätigst.'
export const prescriptionExpiredMessage = (until: string) =>
  `Das Rezept ist seit ${until.split('-').reverse().join('.')} nicht mehr gültig.`
/** Handing over or shipping: the prescription lapsed after the order was confirmed. */
export const prescriptionLapsedMessage = (until: string) =>
  `Das Rezept war nur bis ${until.split('-').reverse().join('.')} gültig; die Ware darf darauf nicht mehr abgegeben werden. Für ein neues Rezept storniere die Bestellung und lege eine neue an.`
/** Handing over or shipping without the original (paper) or the redeemed e-Rezept. */
export const prescriptionOriginalMissingMessages: Record<PrescriptionForm, string> = {
  paper:
    'Das Original des Rezepts liegt noch nicht vor. Die Ware darf erst abgegeben oder versandt werden, wenn es in der Apotheke ist – bitte vermerke dann „Original liegt vor“.',
  e_rezept:
    'Das E-Rezept ist noch nicht eingelöst. Die Ware darf erst abgegeben oder versandt werden, wenn es eingelöst ist – bitte vermerke dann „E-Rezept eingelöst“.',
}
export const prescriptionOriginalRecordedMessages: Record<PrescriptionForm, string> = {
  paper: 'Das Original des Rezepts ist bereits vermerkt.',
  e_rezept: 'Das E-Rezept ist bereits als eingelöst vermerkt.',
}

// ─── What the pages show ─────────────────────────────────────────────────────────────────────

export interface CustomerOrderRow {
  id: string
  number: string
  status: CustomerOrderStatus
  paymentStatus: PaymentStatus
  channel: OrderChannel
  customerId: string
  customerName: string
  itemCount: number
  grossCents: number
  createdAt: string
}

export type CustomerOrderList = ListResult<CustomerOrderRow>

export interface CustomerOrderPick {
  batchId: string
  batchNumber: string
  expiryDate: string | null
  /** Base units. */
  quantity: number
}

export interface CustomerOrderItemDetail {
  id: string
  position: number
  listingId: string
  productId: string
  name: string
  pzn: string | null
  category: ProductCategory
  packUnit: PackUnit
  salesUnit: SalesUnit
  baseUnitsPerSalesUnit: number
  quantity: number
  /** Net price of one sales unit, as stored (ADR 014). */
  unitPriceCents: number
  vatRate: VatRate
  /** One sales unit and the line in the order's price basis: gross for a patient, else net. */
  unitCents: number
  lineCents: number
  requiresPrescription: boolean
  copaymentCents: number
  /** What the order holds on which batch now (reservations), first-expiring first. */
  held: CustomerOrderPick[]
  picks: CustomerOrderPick[]
}

export interface CustomerOrderPrescriptionDetail {
  payer: PayerKind
  form: PrescriptionForm
  prescriberName: string
  prescriberAddress: string | null
  issuedOn: string
  dosage: string | null
  preparation: PrescribedPreparation | null
  validUntil: string
  validToday: boolean
  insurerName: string | null
  insuranceNumber: string | null
  copaymentExempt: boolean
  scanFileId: string | null
  eRezeptToken: string | null
  checkedAt: string | null
  checkedByName: string | null
  /** Paper: the original arrived; e-Rezept: it was redeemed. */
  originalAt: string | null
  originalByName: string | null
}

export interface CustomerOrderEventEntry {
  id: string
  kind: OrderEventKind
  fromStatus: CustomerOrderStatus | null
  toStatus: CustomerOrderStatus | null
  detail: string | null
  actorName: string
  at: string
}

export interface OrderAddress {
  name: string | null
  street: string | null
  postalCode: string | null
  city: string | null
  country: string | null
}

export interface CustomerOrderEvidenceDetail {
  payer: PayerKind
  kind: PrescriptionEvidenceKind
  scanFileId: string | null
  eRezeptToken: string | null
  exemptionFileId: string | null
}

export interface CustomerOrderDetail {
  id: string
  number: string
  status: CustomerOrderStatus
  paymentStatus: PaymentStatus
  channel: OrderChannel
  type: OrderType
  customer: { id: string; number: string; name: string; kind: CustomerKind }
  delivery: OrderAddress & { method: DeliveryMethod }
  note: string | null
  items: CustomerOrderItemDetail[]
  /** Whether lines and prices are gross (a patient's order) or net (ADR 056). */
  priceBasis: PriceBasis
  netCents: number
  vatCents: number
  grossCents: number
  /** VAT per rate, as the totals show it. */
  vatByRate: { rate: VatRate; netCents: number; vatCents: number }[]
  copaymentCents: number
  insurerCents: number
  needsPrescription: boolean
  prescription: CustomerOrderPrescriptionDetail | null
  /** Shop orders: how the customer pays, the delivery fee (in the totals) and the billing address. */
  paymentMethod: ShopPaymentMethod | null
  /** The recorded payment (ADR 055): when, how, and the till receipt for cash or card. */
  payment: { paidAt: string | null; means: PaymentMeans | null; tillReceiptNumber: string | null }
  /** What the customer pays: the total less a statutory insurer's share (§ 61 SGB V). */
  customerShareCents: number
  deliveryFeeCents: number
  billing: OrderAddress | null
  /** Shop orders: what the customer handed in for the prescription at checkout. */
  evidence: CustomerOrderEvidenceDetail | null
  cancelReason: string | null
  /** A cancelled order paid by bank transfer or at pickup: what to pay back by hand. */
  manualRefundCents: number | null
  createdAt: string
  version: number
  /** What this user may do now. */
  actions: CustomerOrderAction[]
  paymentOptions: PaymentStatus[]
  editable: boolean
  timeline: CustomerOrderEventEntry[]
  /** A pharmacy's completed order: the hand-out records (one per dispensed batch), with labels. */
  handouts: CustomerOrderHandout[]
  /** Shop orders: the right of withdrawal per line and the customer's withdrawal, if declared. */
  withdrawal: OrderWithdrawalView | null
}

export interface CustomerOrderHandout {
  id: string
  number: string
  productName: string
  batchNumber: string
  quantity: number
  packUnit: PackUnit
}

/** A listing the order form offers, with what is available now in sales units. */
export interface SellableProduct {
  listingId: string
  productId: string
  name: string
  pzn: string | null
  category: ProductCategory
  packBaseUnits: number
  packUnit: PackUnit
  salesUnit: SalesUnit
  baseUnitsPerSalesUnit: number
  priceCents: number
  vatRate: VatRate
  orderStep: number
  minOrderQuantity: number | null
  maxOrderQuantity: number | null
  availableSalesUnits: number
}

/** A batch the pick dialog offers for a line: released, unexpired, with what is free. */
export interface PickableBatch {
  batchId: string
  batchNumber: string
  expiryDate: string | null
  /** Base units free for this order: not held by other orders (this order's own count as free). */
  availableBaseUnits: number
}

export const orderEventLabels: Record<OrderEventKind, string> = {
  created: 'Angelegt',
  updated: 'Geändert',
  confirmed: 'Bestätigt',
  ready: 'Abholbereit',
  shipped: 'Versandt',
  completed: 'Abgeschlossen',
  cancelled: 'Storniert',
  expired: 'Abgelaufen',
  payment_changed: 'Zahlung geändert',
  prescription_recorded: 'Rezept erfasst',
  prescription_checked: 'Rezept geprüft',
  prescription_original: 'Original/E-Rezept vermerkt',
  document_issued: 'Dokument erstellt',
  payment_reminded: 'Zahlungserinnerung gesendet',
}

/** The totals per VAT rate of an order's lines in the buyer's price basis (ADR 056). */
export const orderTotals = (items: readonly PricedItem[], basis: PriceBasis) =>
  basketTotals(items, basis)

// ─── Delivery fee ────────────────────────────────────────────────────────────────────────────

/** A shop order's delivery fee is charged at the standard rate, like the medicines (domain.md). */
export const deliveryFeeVatRate: VatRate = '19'

/** A gross fee split into net and contained VAT (net rounded half up, VAT the rest). */
export function deliveryFeeParts(grossCents: number): { netCents: number; vatCents: number } {
  const divisor = 100 + Number(deliveryFeeVatRate)
  const netCents = Math.floor((grossCents * 100 + divisor / 2) / divisor)
  return { netCents, vatCents: grossCents - netCents }
}

/**
 * An order's totals: its lines plus the delivery fee (gross cents) as one more line in the
 * standard rate — in the gross basis the fee itself, in the net basis its net part — so the fee's
 * VAT is part of that rate's single rounding (ADR 056). Every place that stores or shows an
 * order's totals goes through this, so that a change of the lines or of the prescription never
 * drops the fee.
 */
export function orderTotalsWithFee(
  items: readonly PricedItem[],
  deliveryFeeCents: number,
  basis: PriceBasis,
) {
  const lines = items.map((item) => ({
    rate: item.vatRate,
    amountCents: lineAmountCents(item, basis),
  }))
  const goods = totalsOfAmounts(lines, basis)
  if (deliveryFeeCents === 0) return { ...goods, goodsGrossCents: goods.grossCents }
  const fee = basis === 'gross' ? deliveryFeeCents : deliveryFeeParts(deliveryFeeCents).netCents
  return {
    ...totalsOfAmounts([...lines, { rate: deliveryFeeVatRate, amountCents: fee }], basis),
    goodsGrossCents: goods.grossCents,
  }
}
