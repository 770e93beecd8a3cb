import { useStore } from '@tanstack/react-form'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Plus, Send, XCircle } from 'lucide-react'
import { useRef, useState } from 'react'
import { formatMoney } from '~/lib/format'
import { formatPackSize, salesUnitShortLabel } from '~/lib/products'
import { type PurchaseOrderDetail, purchaseOrderTotals } from '~/lib/purchase-orders'
import { applyServerErrors } from '../forms/field-errors'
import { FormAlert } from '../forms/field-parts'
import { useAppForm } from '../forms/form-hook'
import { FormSection, focusFirstError } from '../forms/layout'
import { UnsavedChangesDialog } from '../forms/UnsavedChangesDialog'
import { OrderLinesField } from '../order-lines/OrderLinesField'
import { Button, ButtonLink } from '../ui/buttons'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { toast } from '../ui/toast'
import { OrderableProductPicker } from './OrderableProductPicker'
import {
  draftInputOf,
  emptyPurchaseOrderForm,
  formFieldOf,
  formValuesOf,
  type LineValues,
  lineOf,
  type PurchaseOrderFormValues,
  purchaseOrderFormErrors,
  unitPriceOf,
} from './purchase-order-form'
import { supplierOptionsQuery } from './purchase-order-forms.queries'
import {
  cancelPurchaseOrderFn,
  createPurchaseOrderFn,
  orderPurchaseOrderFn,
  updatePurchaseOrderFn,
} from './purchase-order-save.functions'
import { purchaseOrdersKey } from './purchase-orders.queries'
import { SupplierDialog } from './SupplierDialog'

const lineNet = (line: LineValues) => {
  const quantity = Number(line.quantity)
  const price = unitPriceOf(line)
  return Number.isInteger(quantity) && price !== null && Number.isFinite(price)
    ? price * quantity
    : 0
}

/**
 * The purchase-order form: supplier, lines (from the supplier's price list or the organisation's
 * own products) and a note, with the totals as they will be stored. A new order is saved as a
 * draft; a draft is saved against the revision it was loaded at and can be ordered or cancelled.
 */
export function PurchaseOrderForm({
  detail,
  accessoriesOnly,
}: {
  /** The draft being edited; none for a new order. */
  detail?: PurchaseOrderDetail
  accessoriesOnly: boolean
}) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { data: suppliers = [] } = useQuery(supplierOptionsQuery())
  const [failure, setFailure] = useState<string | null>(null)
  const [pickError, setPickError] = useState<string | null>(null)
  const [revision, setRevision] = useState(detail?.revision)
  const [supplierChange, setSupplierChange] = useState<string | null>(null)
  const [addingSupplier, setAddingSupplier] = useState(false)
  const [ordering, setOrdering] = useState(false)
  const [cancelling, setCancelling] = useState(false)
  const leaving = useRef(false)

  const form = useAppForm({
    defaultValues: detail ? formValuesOf(detail) : emptyPurchaseOrderForm,
    validators: {
      onSubmit: ({ value }) => {
        const fields = purchaseOrderFormErrors(value)
        return Object.keys(fields).length ? { fields } : undefined
      },
    },
    onSubmitInvalid: focusFirstError,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        await save(value)
        formApi.reset(value)
      } catch (error) {
        setFailure(applyServerErrors(formApi, error, formFieldOf))
        focusFirstError()
      }
    },
  })

  /** Saves the form: a new draft (then its page), or the draft's changes. */
  async function save(value: PurchaseOrderFormValues) {
    const input = draftInputOf(value)
    if (!detail) {
      const created = await createPurchaseOrderFn({ data: { order: input } })
      leaving.current = true
      await queryClient.invalidateQueries({ queryKey: purchaseOrdersKey })
      toast.success('Der Entwurf wurde gespeichert.')
      await navigate({ to: '/purchase_orders/$id/edit', params: { id: created.id } })
      return created.revision
    }
    const saved = await updatePurchaseOrderFn({
      data: { id: detail.id, order: { ...input, revision: revision as number } },
    })
    setRevision(saved.revision)
    await queryClient.invalidateQueries({ queryKey: purchaseOrdersKey })
    toast.success(
      saved.changed
        ? 'Der Entwurf wurde gespeichert.'
        : 'Keine Änderungen – es gab nichts zu speichern.',
    )
    return saved.revision
  }

  const supplierId = useStore(form.store, (state) => state.values.supplierId)
  const items = useStore(form.store, (state) => state.values.items)
  const dirty = useStore(form.store, (state) => !state.isDefaultValue)
  const supplier = suppliers.find((option) => option.id === supplierId)
  const platform = supplier?.kind === 'platform'
  const totals = purchaseOrderTotals(
    items.map((line) => ({ unitPriceCents: lineNet(line), quantity: 1, vatRate: line.vatRate })),
  )
  const supplierOptions = suppliers.map((option) => ({
    value: option.id,
    label: option.kind === 'platform' ? `${option.name} (Blattwerk)` : option.name,
  }))

  function chooseSupplier(id: string) {
    if (form.state.values.items.length > 0 && id !== form.state.values.supplierId) {
      setSupplierChange(id)
      return
    }
    form.setFieldValue('supplierId', id)
  }

  return (
    <>
      <form.AppForm>
        <form.FormFrame className="space-y-6">
          {failure && <FormAlert>{failure}</FormAlert>}
          <FormSection title="Lieferant">
            <div className="sm:col-span-2 flex flex-wrap items-end gap-3">
              <div className="min-w-64 flex-1">
                <form.AppField name="supplierId">
                  {(field) => (
                    <field.SelectField
                      label="Lieferant"
                      options={supplierOptions}
                      emptyLabel="Bitte wählen"
                      onSelect={chooseSupplier}
                    />
                  )}
                </form.AppField>
              </div>
              <Button variant="secondary" onClick={() => setAddingSupplier(true)}>
                <Plus className="size-4" aria-hidden="true" />
                Neuer Lieferant
              </Button>
              <ButtonLink to="/purchase_orders/suppliers" variant="ghost">
                Lieferanten verwalten
              </ButtonLink>
            </div>
            {accessoriesOnly && (
              <p className="sm:col-span-2 text-sm text-ink-muted">
                Als Anbauvereinigung bestellst du kein Cannabis (KCanG) – angeboten wird nur
                Zubehör.
              </p>
            )}
          </FormSection>

          <OrderLinesField
            form={form}
            lines={items}
            waitingFor={supplierId ? undefined : 'Wähle zuerst den Lieferanten.'}
            picker={
              <OrderableProductPicker
                supplierId={supplierId}
                platform={platform}
                exclude={new Set(items.map((line) => line.listingId))}
                error={pickError}
                onPick={(product) => {
                  setPickError(null)
                  form.pushFieldValue('items', lineOf(product, platform))
                }}
              />
            }
            details={(line) => [
              line.salesUnit === 'pack'
                ? `Packung à ${formatPackSize(line.baseUnitsPerSalesUnit, line.packUnit)}`
                : 'lose, je Gramm',
            ]}
            quantityInput={{ inputMode: 'decimal', width: 'wide' }}
            price={(line, index) =>
              line.supplierPriceCents !== null ? (
                `${formatMoney(line.supplierPriceCents)} je ${salesUnitShortLabel(line.salesUnit)}`
              ) : (
                <form.AppField name={`items[${index}].unitPrice`}>
                  {(field) => (
                    <field.CellField
                      inputMode="decimal"
                      width="wide"
                      label={`Vereinbarter Preis: ${line.name}`}
                      suffix={`€ je ${salesUnitShortLabel(line.salesUnit)}`}
                    />
                  )}
                </form.AppField>
              )
            }
            amountCents={lineNet}
            onRemove={(index) => form.removeFieldValue('items', index)}
            totals={{
              netCents: totals.netCents,
              vat: totals.vatCents,
              grossCents: totals.grossCents,
            }}
          />

          <FormSection title="Notiz">
            <div className="sm:col-span-2">
              <form.AppField name="note">
                {(field) => <field.InputField label="Notiz für dein Team (optional)" multiline />}
              </form.AppField>
            </div>
          </FormSection>

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {detail ? (
              <Button variant="secondary" onClick={() => setCancelling(true)}>
                <XCircle className="size-4" aria-hidden="true" />
                Entwurf stornieren
              </Button>
            ) : (
              <ButtonLink to="/purchase_orders" variant="secondary">
                Abbrechen
              </ButtonLink>
            )}
            <form.SubmitButton>Entwurf speichern</form.SubmitButton>
            {detail && (
              <Button onClick={() => setOrdering(true)} disabled={items.length === 0}>
                <Send className="size-4" aria-hidden="true" />
                Bestellen
              </Button>
            )}
          </div>
        </form.FormFrame>
      </form.AppForm>

      <ConfirmDialog
        open={supplierChange !== null}
        onOpenChange={(open) => !open && setSupplierChange(null)}
        title="Lieferant wechseln?"
        description="Die Positionen stammen aus dem Angebot des bisherigen Lieferanten und werden entfernt."
        confirmLabel="Wechseln"
        onConfirm={() => {
          form.setFieldValue('items', [])
          form.setFieldValue('supplierId', supplierChange ?? '')
        }}
      />
      <SupplierDialog
        open={addingSupplier}
        onOpenChange={setAddingSupplier}
        onSaved={(id) => chooseSupplier(id)}
      />
      {detail && (
        <>
          <ConfirmDialog
            open={ordering}
            onOpenChange={setOrdering}
            variant="primary"
            title="Verbindlich bestellen?"
            description={`Die Bestellung über ${formatMoney(totals.grossCents)} (brutto) erhält eine Nummer und geht an ${supplier?.name ?? 'den Lieferanten'}. Danach lässt sie sich nicht mehr ändern.`}
            confirmLabel="Bestellen"
            onConfirm={async () => {
              const errors = purchaseOrderFormErrors(form.state.values)
              if (Object.keys(errors).length > 0) {
                await form.handleSubmit()
                return
              }
              const current = dirty ? await save(form.state.values) : revision
              const ordered = await orderPurchaseOrderFn({
                data: { id: detail.id, revision: current as number },
              })
              leaving.current = true
              form.reset(form.state.values)
              await queryClient.invalidateQueries({ queryKey: purchaseOrdersKey })
              toast.success(`Bestellt als ${ordered.number}.`)
            }}
          />
          <ConfirmDialog
            open={cancelling}
            onOpenChange={setCancelling}
            title="Entwurf stornieren?"
            description="Der Entwurf wird storniert und bleibt mit dem Grund in der Liste sichtbar."
            confirmLabel="Stornieren"
            reason={{ label: 'Grund', minLength: 3 }}
            onConfirm={async (reason) => {
              await cancelPurchaseOrderFn({
                data: { id: detail.id, revision: revision as number, reason },
              })
              leaving.current = true
              await queryClient.invalidateQueries({ queryKey: purchaseOrdersKey })
              toast.success('Der Entwurf ist storniert.')
            }}
          />
        </>
      )}
      <UnsavedChangesDialog unsaved={() => !leaving.current && !form.state.isDefaultValue} />
    </>
  )
}
