import { useStore } from '@tanstack/react-form'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { PackagePlus, Trash2 } from 'lucide-react'
import { useRef, useState } from 'react'
import { FailureError, failureOf } from '~/lib/failure'
import { berlinIsoDate, formatDate, formatQuantity } from '~/lib/format'
import { codeMatchesPzn, codeProductText, type PackCode } from '~/lib/pack-codes'
import { parseDecimal } from '~/lib/products'
import {
  type PurchaseOrderReceiptInput,
  purchaseOrderReceiptSchema,
} from '~/lib/purchase-order-schemas'
import { orderedBaseUnits, type PurchaseOrderItemDetail } from '~/lib/purchase-orders'
import { isExpiredOn, quantityUnitOfPack } from '~/lib/stock'
import { applyServerErrors } from '../forms/field-errors'
import { FormAlert } from '../forms/field-parts'
import { changeFieldValue, fieldErrorOf } from '../forms/fields'
import { useAppForm } from '../forms/form-hook'
import { focusFirstError } from '../forms/layout'
import { UnsavedChangesDialog } from '../forms/UnsavedChangesDialog'
import { ScanField, type ScanOutcome } from '../scan/ScanField'
import { CertificateUpload } from '../stock/Certificate'
import { Button, ButtonLink } from '../ui/buttons'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { BackLink, PageHeader } from '../ui/PageHeader'
import { toast } from '../ui/toast'
import { receivePurchaseOrderFn } from './purchase-order-save.functions'
import { purchaseOrderQuery, purchaseOrdersKey } from './purchase-orders.queries'

const route = getRouteApi('/_app/purchase_orders/$id/receipt')

interface BatchValues {
  batchNumber: string
  quantity: string
  expiryDate: string
  thcContent: string
  cbdContent: string
  coaFileId: string | null
}

interface ReceiptValues {
  items: { itemId: string; batches: BatchValues[] }[]
}

const emptyBatch: BatchValues = {
  batchNumber: '',
  quantity: '',
  expiryDate: '',
  thcContent: '',
  cbdContent: '',
  coaFileId: null,
}

/**
 * The batches a platform supplier reported shipped, as the form's starting rows: what arrives is
 * usually what was shipped, and the receiving person checks it rather than types it.
 */
const shippedBatchesOf = (item: PurchaseOrderItemDetail): BatchValues[] =>
  item.shipped.map((batch) => ({
    ...emptyBatch,
    batchNumber: batch.batchNumber,
    quantity: String(Math.floor(batch.quantity / item.baseUnitsPerSalesUnit)),
    expiryDate: batch.expiryDate ?? '',
    coaFileId: batch.certificateFileId,
  }))

const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN)

function receiptInputOf(values: ReceiptValues, overDeliveryConfirmed: boolean) {
  return {
    overDeliveryConfirmed,
    items: values.items.map((item) => ({
      itemId: item.itemId,
      batches: item.batches.map((batch) => ({
        batchNumber: batch.batchNumber,
        quantity: wholeNumber(batch.quantity),
        expiryDate: batch.expiryDate,
        thcContent: parseDecimal(batch.thcContent),
        cbdContent: parseDecimal(batch.cbdContent),
        coaFileId: batch.coaFileId,
      })),
    })),
  } satisfies PurchaseOrderReceiptInput
}

/** `items.0.batches.1.expiryDate` (schema, server) → `items[0].batches[1].expiryDate` (form). */
const formPath = (path: string) => path.replace(/\.(\d+)/g, '[$1]')

function receiptErrors(values: ReceiptValues) {
  const result = purchaseOrderReceiptSchema.safeParse(receiptInputOf(values, false))
  if (result.success) return undefined
  const fields: Record<string, string> = {}
  let form: string | undefined
  for (const issue of result.error.issues) {
    const path = issue.path.join('.')
    if (path === 'items') form ??= issue.message
    else fields[formPath(path)] ??= issue.message
  }
  return { form, fields }
}

/** Lines whose delivered total would exceed what was ordered. */
function overDelivered(items: PurchaseOrderItemDetail[], values: ReceiptValues): string[] {
  return items.flatMap((item, index) => {
    const typed = values.items[index]?.batches ?? []
    const delivered = typed.reduce((sum, batch) => sum + (wholeNumber(batch.quantity) || 0), 0)
    const total = item.receivedBaseUnits + delivered * item.baseUnitsPerSalesUnit
    return total > orderedBaseUnits(item) ? [item.name] : []
  })
}

/**
 * Where a scanned pack goes in the receipt: the line of its product, the row of its batch (a
 * further pack of a batch counts one more pack), else a new row or an empty one. An expired pack,
 * a product not on this order, or a batch already typed with another expiry is refused.
 */
function receiptScanTarget(
  code: PackCode,
  items: PurchaseOrderItemDetail[],
  values: ReceiptValues,
):
  | { error: string }
  | { itemIndex: number; batchIndex: number | null; batch: BatchValues; done: string } {
  if (code.format === 'label') {
    return { error: 'Das ist ein Chargenetikett dieses Systems, keine Packung eines Lieferanten.' }
  }
  const itemIndex = items.findIndex((item) => codeMatchesPzn(code, item.pzn))
  const item = items[itemIndex]
  if (!item) {
    return {
      error: `Unbekanntes Produkt (${codeProductText(code)}): es ist nicht Teil dieser Bestellung. Nichts wurde übernommen.`,
    }
  }
  if (isExpiredOn(code.expiryDate, berlinIsoDate())) {
    return {
      error: `Die Packung ist abgelaufen (${formatDate(code.expiryDate as string)}) und darf nicht eingebucht werden.`,
    }
  }
  const batches = values.items[itemIndex]?.batches ?? []
  const onePack = item.salesUnit === 'gram' ? '' : '1'
  if (!code.batchNumber) {
    const empty = batches.findIndex((batch) => batch.batchNumber === '')
    return {
      itemIndex,
      batchIndex: empty === -1 ? null : empty,
      batch: { ...emptyBatch, quantity: onePack },
      done: `${item.name} erkannt. Der Code enthält keine Charge: bitte Chargennummer und Verfall eintragen.`,
    }
  }
  const sameBatch = batches.findIndex((batch) => batch.batchNumber === code.batchNumber)
  const existing = batches[sameBatch]
  if (existing) {
    if (code.expiryDate && existing.expiryDate && existing.expiryDate !== code.expiryDate) {
      return {
        error: `Charge ${code.batchNumber} ist hier mit Verfall ${formatDate(existing.expiryDate)} erfasst, die Packung sagt ${formatDate(code.expiryDate)}. Bitte prüfen.`,
      }
    }
    const count = onePack ? String((wholeNumber(existing.quantity) || 0) + 1) : existing.quantity
    return {
      itemIndex,
      batchIndex: sameBatch,
      batch: {
        ...existing,
        quantity: count,
        expiryDate: existing.expiryDate || (code.expiryDate ?? ''),
      },
      done: `${item.name}, Charge ${code.batchNumber}: ${onePack ? `${count} Packungen` : 'erkannt'}.`,
    }
  }
  const empty = batches.findIndex((batch) => batch.batchNumber === '')
  return {
    itemIndex,
    batchIndex: empty === -1 ? null : empty,
    batch: {
      ...(batches[empty] ?? emptyBatch),
      batchNumber: code.batchNumber,
      expiryDate: code.expiryDate ?? '',
      quantity: onePack || (batches[empty]?.quantity ?? ''),
    },
    done: `${item.name}, Charge ${code.batchNumber}${code.expiryDate ? `, verwendbar bis ${formatDate(code.expiryDate)}` : ''} übernommen.`,
  }
}

/**
 * `/purchase_orders/$id/receipt`: the delivery of an order, per line one or more batches with
 * batch number, quantity (in the line's packs or grams), expiry, measured THC/CBD and CoA. The
 * batches go into quarantine (or straight into released where the organisation receives so).
 */
export function PurchaseOrderReceiptPage() {
  const { id } = route.useParams()
  const { data: order } = useSuspenseQuery(purchaseOrderQuery(id))
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const [overDelivery, setOverDelivery] = useState<string[] | null>(null)
  const done = useRef(false)

  const form = useAppForm({
    defaultValues: {
      items: order.items.map((item) => ({ itemId: item.id, batches: shippedBatchesOf(item) })),
    } as ReceiptValues,
    validators: { onSubmit: ({ value }) => receiptErrors(value) },
    onSubmitInvalid: focusFirstError,
    onSubmit: async ({ value }) => {
      const over = overDelivered(order.items, value)
      if (over.length > 0) {
        setOverDelivery(over)
        return
      }
      await book(value, false)
    },
  })

  async function book(value: ReceiptValues, overDeliveryConfirmed: boolean) {
    setFailure(null)
    try {
      const result = await receivePurchaseOrderFn({
        data: {
          id,
          receipt: { ...receiptInputOf(value, overDeliveryConfirmed), revision: order.revision },
        },
      })
      done.current = true
      await queryClient.invalidateQueries({ queryKey: purchaseOrdersKey })
      toast.success(
        `${result.batchCount === 1 ? 'Eine Charge' : `${result.batchCount} Chargen`} eingebucht.`,
      )
      await navigate({ to: '/purchase_orders/$id/edit', params: { id } })
    } catch (error) {
      const problem = failureOf(error)
      const errors = Object.fromEntries(
        Object.entries(problem.errors ?? {}).map(([path, message]) => [formPath(path), message]),
      )
      setFailure(
        applyServerErrors(form, new FailureError({ ...problem, errors })) ?? problem.message,
      )
      focusFirstError()
    }
  }

  function applyScan(code: PackCode): ScanOutcome {
    const target = receiptScanTarget(code, order.items, form.state.values)
    if ('error' in target) return target
    const path = `items[${target.itemIndex}].batches` as const
    if (target.batchIndex === null) {
      form.pushFieldValue(path, target.batch)
    } else {
      form.replaceFieldValue(path, target.batchIndex, target.batch)
    }
    return { done: target.done }
  }

  const values = useStore(form.store, (state) => state.values)
  const formError = useStore(form.store, (state) => state.errorMap.onSubmit)

  return (
    <>
      <PageHeader
        title={`Wareneingang ${order.number ?? ''}`}
        description={
          order.items.some((item) => item.shipped.length > 0)
            ? `Lieferung von ${order.supplier.name}: die Chargen stehen so da, wie der Lieferant sie gemeldet hat. Prüfe sie gegen die Ware, ergänze den gemessenen Gehalt und korrigiere, was abweicht.`
            : `Lieferung von ${order.supplier.name}: erfasse je Position die gelieferten Chargen mit Verfallsdatum, Gehalt und Analysezertifikat.`
        }
        back={
          <BackLink to="/purchase_orders/$id/edit" params={{ id }}>
            Bestellung {order.number}
          </BackLink>
        }
      />
      <form.AppForm>
        <form.FormFrame className="space-y-6">
          {failure && <FormAlert>{failure}</FormAlert>}
          {typeof formError === 'string' && <FormAlert>{formError}</FormAlert>}
          <ScanField
            label="Packung scannen"
            hint="securPharm-Code, PZN-Strichcode oder PZN eingeben: Produkt, Charge und Verfall werden übernommen."
            onScan={applyScan}
          />
          {order.items.map((item, itemIndex) => {
            const unit = quantityUnitOfPack[item.packUnit]
            // One unit on the line: what was ordered in packs is counted in the base unit too.
            const ordered = orderedBaseUnits(item)
            const rest = Math.max(0, ordered - item.receivedBaseUnits)
            const batches = values.items[itemIndex]?.batches ?? []
            return (
              <fieldset key={item.id} className="rounded-card border border-border bg-surface p-6">
                <legend className="px-1 text-lg font-semibold text-ink">{item.name}</legend>
                <p className="text-sm text-ink-muted">
                  Bestellt {formatQuantity(ordered, unit)} · eingegangen{' '}
                  {formatQuantity(item.receivedBaseUnits, unit)} · offen{' '}
                  {formatQuantity(rest, unit)}
                </p>
                <div className="mt-4 space-y-4">
                  {batches.map((_, batchIndex) => {
                    const name = `items[${itemIndex}].batches[${batchIndex}]` as const
                    return (
                      <div
                        // biome-ignore lint/suspicious/noArrayIndexKey: batch rows have no id before they are booked
                        key={batchIndex}
                        className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-3"
                      >
                        <form.AppField name={`${name}.batchNumber`}>
                          {(field) => <field.InputField label="Chargennummer" />}
                        </form.AppField>
                        <form.AppField name={`${name}.quantity`}>
                          {(field) => (
                            <field.InputField
                              inputMode="numeric"
                              label={
                                item.salesUnit === 'gram' ? 'Menge in g' : 'Menge in Packungen'
                              }
                            />
                          )}
                        </form.AppField>
                        <form.AppField name={`${name}.expiryDate`}>
                          {(field) => <field.DateField label="Verfallsdatum" />}
                        </form.AppField>
                        <form.AppField name={`${name}.thcContent`}>
                          {(field) => (
                            <field.InputField
                              inputMode="decimal"
                              label={
                                item.category === 'flower' ? 'THC laut CoA (%)' : 'THC laut CoA'
                              }
                            />
                          )}
                        </form.AppField>
                        <form.AppField name={`${name}.cbdContent`}>
                          {(field) => (
                            <field.InputField
                              inputMode="decimal"
                              label={
                                item.category === 'flower' ? 'CBD laut CoA (%)' : 'CBD laut CoA'
                              }
                            />
                          )}
                        </form.AppField>
                        <div className="flex items-end">
                          <Button
                            variant="ghost"
                            onClick={() =>
                              form.removeFieldValue(`items[${itemIndex}].batches`, batchIndex)
                            }
                          >
                            <Trash2 className="size-4" aria-hidden="true" />
                            Charge entfernen
                          </Button>
                        </div>
                        <div className="sm:col-span-3">
                          <form.Field name={`${name}.coaFileId`}>
                            {(field) => (
                              <CertificateUpload
                                id={`field-${field.name}`}
                                label="Analysezertifikat"
                                error={fieldErrorOf(field)}
                                fileId={field.state.value}
                                viewName={`CoA-${form.getFieldValue(`${name}.batchNumber`) || item.name}.pdf`}
                                onUploaded={(fileId) => changeFieldValue(field, fileId)}
                                onRemove={() => changeFieldValue(field, null)}
                                uploadedText={(fileName) => `${fileName} hochgeladen`}
                              />
                            )}
                          </form.Field>
                        </div>
                      </div>
                    )
                  })}
                  <Button
                    variant="secondary"
                    onClick={() =>
                      form.pushFieldValue(`items[${itemIndex}].batches`, {
                        ...emptyBatch,
                        quantity:
                          batches.length === 0 && rest > 0
                            ? String(Math.ceil(rest / item.baseUnitsPerSalesUnit))
                            : '',
                      })
                    }
                  >
                    <PackagePlus className="size-4" aria-hidden="true" />
                    Charge erfassen<span className="sr-only">: {item.name}</span>
                  </Button>
                </div>
              </fieldset>
            )
          })}
          <ReceiptNote />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <ButtonLink to="/purchase_orders/$id/edit" params={{ id }} variant="secondary">
              Abbrechen
            </ButtonLink>
            <form.SubmitButton>Wareneingang buchen</form.SubmitButton>
          </div>
        </form.FormFrame>
      </form.AppForm>
      <ConfirmDialog
        open={overDelivery !== null}
        onOpenChange={(open) => !open && setOverDelivery(null)}
        variant="primary"
        title="Mehr als bestellt – trotzdem buchen?"
        description={`Für ${overDelivery?.join(', ')} erfasst du mehr, als bestellt wurde. Buche die Mehrmenge nur, wenn sie tatsächlich geliefert wurde.`}
        confirmLabel="Trotzdem buchen"
        onConfirm={() => book(form.state.values, true)}
      />
      <UnsavedChangesDialog unsaved={() => !done.current && !form.state.isDefaultValue} />
    </>
  )
}

function ReceiptNote() {
  return (
    <p className="text-sm text-ink-muted">
      Neue Chargen kommen in Quarantäne, bis die Identitätsprüfung freigegeben ist. Eine bereits
      bekannte Chargennummer ergänzt die vorhandene Charge (Verfallsdatum und Zertifikat müssen
      übereinstimmen).
    </p>
  )
}
