import { useStore } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useMemo, useRef, useState } from 'react'
import {
  type CustomerOrderDetail,
  deliveryMethodLabels,
  deliveryMethods,
  linkedItemsMessage,
  notEditableMessage,
  orderTotals,
  requiresPrescription,
} from '~/lib/customer-orders'
import type { CustomerOption } from '~/lib/customers'
import { formatMoney } from '~/lib/format'
import { lineAmountCents, priceBasisOf, unitAmountCents } from '~/lib/prices'
import { productCategoryLabels, productOptionLabel, salesUnitShortLabel } from '~/lib/products'
import { CustomerPicker } from '../customers/CustomerPicker'
import { applyServerErrors } from '../forms/field-errors'
import { FormAlert } from '../forms/field-parts'
import { changeFieldValue } from '../forms/fields'
import { useAppForm } from '../forms/form-hook'
import { FormSection, focusFirstError } from '../forms/layout'
import { UnsavedChangesDialog } from '../forms/UnsavedChangesDialog'
import { OrderLinesField } from '../order-lines/OrderLinesField'
import { ButtonLink } from '../ui/buttons'
import { BackLink, PageHeader } from '../ui/PageHeader'
import { ProductCombobox } from '../ui/ProductCombobox'
import { toast } from '../ui/toast'
import {
  customerOrderFormErrors,
  emptyCustomerOrderForm,
  formFieldOf,
  type LineValues,
  lineOf,
  lineQuantity,
  orderFormOf,
  orderInputOf,
  updateInputOf,
} from './customer-order-form'
import { sellableProductsQuery } from './customer-order-forms.queries'
import { createCustomerOrderFn, updateCustomerOrderFn } from './customer-order-save.functions'
import { customerOrdersKey } from './customer-orders.queries'

/** A line as the price functions see it: an unreadable quantity counts as none. */
const pricedLineOf = (line: LineValues) => ({
  unitPriceCents: line.priceCents,
  quantity: lineQuantity(line),
  vatRate: line.vatRate,
})

const availabilityText = (line: LineValues) =>
  line.availableSalesUnits === null
    ? null
    : line.availableSalesUnits > 0
      ? `${line.availableSalesUnits} ${line.salesUnit === 'gram' ? 'g' : 'Pck.'} verfügbar`
      : 'derzeit nicht verfügbar'

/**
 * The order form of `/customer_orders/create` and `/customer_orders/$id/edit`: customer, items
 * with availability and price, delivery, note. A saved order (`order`) keeps its customer; the
 * lines of a buyer's purchase order are read-only.
 */
export function CustomerOrderForm({ order }: { order?: CustomerOrderDetail }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [customer, setCustomer] = useState<CustomerOption | null>(null)
  const customerKind = order?.customer.kind ?? customer?.kind
  const [failure, setFailure] = useState<string | null>(
    order && !order.editable ? notEditableMessage(order.status) : null,
  )
  const leaving = useRef(false)
  const saved = useMemo(() => (order ? orderFormOf(order) : emptyCustomerOrderForm), [order])
  const linesLocked = order?.channel === 'purchase_order'
  const form = useAppForm({
    defaultValues: saved,
    validators: {
      onSubmit: ({ value }) => {
        const fields = customerOrderFormErrors(value)
        return Object.keys(fields).length ? { fields } : undefined
      },
    },
    onSubmitInvalid: focusFirstError,
    onSubmit: async ({ value }) => {
      setFailure(null)
      try {
        if (order) {
          await updateCustomerOrderFn({
            data: { id: order.id, order: updateInputOf(value, saved, order) },
          })
        }
        const done = order
          ? { id: order.id, message: `Bestellung ${order.number} gespeichert.` }
          : await createCustomerOrderFn({ data: { order: orderInputOf(value) } }).then(
              (created) => ({ id: created.id, message: `Auftrag ${created.number} angelegt.` }),
            )
        leaving.current = true
        await queryClient.invalidateQueries({ queryKey: customerOrdersKey })
        toast.success(done.message)
        await navigate({ to: '/customer_orders/$id', params: { id: done.id } })
      } catch (error) {
        setFailure(applyServerErrors(form, error, formFieldOf))
        focusFirstError()
      }
    },
  })
  const items = useStore(form.store, (state) => state.values.items)
  const method = useStore(form.store, (state) => state.values.deliveryMethod)
  const itemsError = useStore(form.store, (state) => {
    const meta = state.fieldMeta.items
    const [error] = meta?.errors ?? []
    return typeof error === 'string' ? error : null
  })
  const customerError = useStore(form.store, (state) => {
    const meta = state.fieldMeta.customerId
    const [error] = meta?.errors ?? []
    return state.submissionAttempts > 0 && typeof error === 'string' ? error : null
  })
  // A patient's order is priced gross, a business's net (ADR 056); before a customer is chosen,
  // the pharmacy's usual buyer, a patient.
  const basis = order?.priceBasis ?? priceBasisOf(customerKind ?? 'patient')
  const totals = orderTotals(items.map(pricedLineOf), basis)
  const needsPrescription =
    customerKind !== undefined &&
    items.some((line) => requiresPrescription(line.category, customerKind))

  return (
    <>
      {order ? (
        <PageHeader
          title={`Bestellung ${order.number} bearbeiten`}
          description="Ändere Positionen, Lieferung und Notiz, solange die Bestellung „Neu“ ist. Gespeichert wird gegen die Version, die du geöffnet hast."
          back={
            <BackLink to="/customer_orders/$id" params={{ id: order.id }}>
              Bestellung {order.number}
            </BackLink>
          }
        />
      ) : (
        <PageHeader
          title="Auftrag anlegen"
          description="Wähle den Kunden und die Produkte. Der Auftrag wird als „Neu“ gespeichert; bestätigt wird er auf seiner Seite, verschreibungspflichtige Ware erst nach geprüftem Rezept."
          back={<BackLink to="/customer_orders">Bestellungen</BackLink>}
        />
      )}
      <form.AppForm>
        <form.FormFrame className="space-y-6">
          {failure && <FormAlert>{failure}</FormAlert>}
          <FormSection title="Kunde">
            <div className="sm:col-span-2 space-y-2">
              <form.Field name="customerId">
                {(field) =>
                  order ? (
                    // The customer is fixed once the order exists.
                    <div id={`field-${field.name}`} tabIndex={-1}>
                      <p className="font-medium text-ink">{order.customer.name}</p>
                      <p className="text-sm text-ink-muted">Kundennummer {order.customer.number}</p>
                      {customerError && <p className="mt-1 text-sm text-danger">{customerError}</p>}
                    </div>
                  ) : (
                    <div id={`field-${field.name}`} tabIndex={-1}>
                      <CustomerPicker
                        value={customer}
                        error={customerError}
                        onChange={(option) => {
                          setCustomer(option)
                          changeFieldValue(field, option.id)
                        }}
                      />
                    </div>
                  )
                }
              </form.Field>
            </div>
          </FormSection>

          <OrderLinesField
            form={form}
            lines={items}
            basis={basis}
            picker={
              linesLocked ? (
                <p className="text-sm text-ink-muted">{linkedItemsMessage}</p>
              ) : (
                <ProductCombobox
                  label="Produkt hinzufügen"
                  listLabel="Ihre Produkte"
                  hint="Aus deinen Produkten, zu deinem Preis; verfügbar ist freigegebene, nicht reservierte Ware."
                  error={itemsError}
                  query={sellableProductsQuery}
                  hidden={(product) => items.some((line) => line.listingId === product.listingId)}
                  optionKey={(product) => product.listingId}
                  clearOnPick
                  onPick={(product) => form.pushFieldValue('items', lineOf(product))}
                  renderOption={(product) => (
                    <>
                      <span className="flex items-center justify-between gap-2">
                        <span className="font-medium">{productOptionLabel(product)}</span>
                        <span className="whitespace-nowrap text-xs">
                          {formatMoney(unitAmountCents(product.priceCents, product.vatRate, basis))}{' '}
                          je {salesUnitShortLabel(product.salesUnit)}
                        </span>
                      </span>
                      <span className="block text-xs text-ink-muted">
                        {[
                          productCategoryLabels[product.category],
                          availabilityText(lineOf(product)),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </>
                  )}
                />
              )
            }
            details={(line) => [
              availabilityText(line),
              line.availableSalesUnits !== null &&
                lineQuantity(line) > line.availableSalesUnits &&
                'mehr als verfügbar',
            ]}
            quantityInput={linesLocked ? undefined : { inputMode: 'numeric', width: 'narrow' }}
            price={(line) =>
              `${formatMoney(unitAmountCents(line.priceCents, line.vatRate, basis))} je ${salesUnitShortLabel(line.salesUnit)}`
            }
            amountCents={(line) => lineAmountCents(pricedLineOf(line), basis)}
            onRemove={linesLocked ? undefined : (index) => form.removeFieldValue('items', index)}
            totals={{
              netCents: totals.netCents,
              vat: totals.byRate,
              grossCents: totals.grossCents,
            }}
          >
            {needsPrescription && (
              <p className="text-sm text-ink-muted">
                Verschreibungspflichtige Produkte für einen Patienten: Erfasse und prüfe das Rezept
                auf der Seite des Auftrags, bevor du ihn bestätigst.
              </p>
            )}
          </OrderLinesField>

          <FormSection title="Lieferung">
            <form.AppField name="deliveryMethod">
              {(field) => (
                <field.SelectField
                  label="Lieferart"
                  options={deliveryMethods.map((value) => ({
                    value,
                    label: deliveryMethodLabels[value],
                  }))}
                />
              )}
            </form.AppField>
            {method !== 'pickup' && (
              <>
                <p className="sm:col-span-2 text-sm text-ink-muted">
                  Leer gelassene Felder übernehmen die Anschrift des Kunden.
                </p>
                <form.AppField name="street">
                  {(field) => <field.InputField label="Straße und Hausnummer" />}
                </form.AppField>
                <form.AppField name="postalCode">
                  {(field) => <field.InputField label="Postleitzahl" inputMode="numeric" />}
                </form.AppField>
                <form.AppField name="city">
                  {(field) => <field.InputField label="Ort" />}
                </form.AppField>
              </>
            )}
          </FormSection>

          <FormSection title="Notiz">
            <div className="sm:col-span-2">
              <form.AppField name="note">
                {(field) => <field.InputField label="Notiz für dein Team (optional)" multiline />}
              </form.AppField>
            </div>
          </FormSection>

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {order ? (
              <ButtonLink to="/customer_orders/$id" params={{ id: order.id }} variant="secondary">
                Abbrechen
              </ButtonLink>
            ) : (
              <ButtonLink to="/customer_orders" variant="secondary">
                Abbrechen
              </ButtonLink>
            )}
            <form.SubmitButton>{order ? 'Speichern' : 'Auftrag anlegen'}</form.SubmitButton>
          </div>
        </form.FormFrame>
      </form.AppForm>
      <UnsavedChangesDialog unsaved={() => !leaving.current && !form.state.isDefaultValue} />
    </>
  )
}
