import { useStore } from '@tanstack/react-form'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { countryLabel } from '~/lib/products'
import { supplierSchema } from '~/lib/purchase-order-schemas'
import {
  type SupplierDetail,
  type SupplierKind,
  type SupplierLicenceType,
  supplierLicenceTypeLabels,
  supplierLicenceTypes,
} from '~/lib/purchase-orders'
import { useAppForm } from '../forms/form-hook'
import { FormDialog } from '../ui/FormDialog'
import { toast } from '../ui/toast'
import { platformSellersQuery } from './purchase-order-forms.queries'
import { createSupplierFn, updateSupplierFn } from './purchase-order-save.functions'
import { purchaseOrdersKey } from './purchase-orders.queries'

interface SupplierFormValues {
  kind: SupplierKind
  supplierOrganisationId: string
  name: string
  street: string
  postalCode: string
  city: string
  country: string
  licenceType: SupplierLicenceType | ''
  licenceNumber: string
  contactName: string
  email: string
  phone: string
}

const emptySupplier: SupplierFormValues = {
  kind: 'platform',
  supplierOrganisationId: '',
  name: '',
  street: '',
  postalCode: '',
  city: '',
  country: 'DE',
  licenceType: '',
  licenceNumber: '',
  contactName: '',
  email: '',
  phone: '',
}

function valuesOf(supplier: SupplierDetail): SupplierFormValues {
  return {
    ...emptySupplier,
    kind: supplier.kind,
    name: supplier.name,
    street: supplier.street ?? '',
    postalCode: supplier.postalCode ?? '',
    city: supplier.city ?? '',
    country: supplier.country ?? 'DE',
    licenceType: supplier.licenceType ?? '',
    licenceNumber: supplier.licenceNumber ?? '',
    contactName: supplier.contactName ?? '',
    email: supplier.email ?? '',
    phone: supplier.phone ?? '',
  }
}

/** What the form sends: the platform seller, or the external supplier's data. */
function inputOf(values: SupplierFormValues) {
  if (values.kind === 'platform') {
    return { kind: 'platform' as const, supplierOrganisationId: values.supplierOrganisationId }
  }
  const { supplierOrganisationId: _seller, licenceType, ...external } = values
  return { ...external, kind: 'external' as const, licenceType: licenceType as SupplierLicenceType }
}

const countryOptions = ['DE', 'AT', 'CH', 'NL', 'BE', 'LU', 'DK', 'CZ', 'PL', 'FR', 'ES', 'PT'].map(
  (value) => ({ value, label: countryLabel(value) }),
)
const licenceOptions = supplierLicenceTypes.map((value) => ({
  value,
  label: supplierLicenceTypeLabels[value],
}))

/**
 * Adds a supplier (a wholesaler or producer of the platform, or an external one) or changes an
 * external supplier's data. `onSaved` hears the id, e.g. to choose it in the purchase-order form.
 */
export function SupplierDialog({
  open,
  onOpenChange,
  supplier,
  onSaved,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The external supplier to change; none to add one. */
  supplier?: SupplierDetail
  onSaved?: (id: string) => void
}) {
  const queryClient = useQueryClient()
  const { data: sellers = [] } = useQuery({ ...platformSellersQuery(), enabled: open && !supplier })
  const form = useAppForm({
    defaultValues: supplier ? valuesOf(supplier) : emptySupplier,
    validators: { onSubmit: ({ value }) => supplierErrors(value) },
    onSubmit: async ({ value }) => {
      const input = inputOf(value)
      const saved = supplier
        ? await updateSupplierFn({ data: { id: supplier.id, supplier: input } })
        : await createSupplierFn({ data: { supplier: input } })
      await queryClient.invalidateQueries({ queryKey: purchaseOrdersKey })
      toast.success(supplier ? 'Der Lieferant wurde gespeichert.' : 'Der Lieferant wurde angelegt.')
      onSaved?.(saved.id)
    },
  })
  const kind = useStore(form.store, (state) => state.values.kind)
  const sellerOptions = sellers
    .filter((seller) => !seller.added)
    .map((seller) => ({
      value: seller.id,
      label: seller.city ? `${seller.name} (${seller.city})` : seller.name,
    }))

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={supplier ? `${supplier.name} bearbeiten` : 'Lieferant hinzufügen'}
      description={
        supplier
          ? undefined
          : 'Wähle einen Großhändler oder Hersteller auf Blattwerk oder erfasse einen externen Lieferanten mit seiner Erlaubnis.'
      }
      form={form}
      submitLabel={supplier ? 'Speichern' : 'Hinzufügen'}
    >
      {!supplier && (
        <form.AppField name="kind">
          {(field) => (
            <field.RadioGroupField
              label="Art des Lieferanten"
              inline
              options={[
                { value: 'platform', label: 'Anbieter auf Blattwerk' },
                { value: 'external', label: 'Externer Lieferant' },
              ]}
            />
          )}
        </form.AppField>
      )}
      {kind === 'platform' ? (
        <form.AppField name="supplierOrganisationId">
          {(field) => (
            <field.SelectField
              label="Anbieter"
              options={sellerOptions}
              emptyLabel="Bitte wählen"
              hint={
                sellerOptions.length === 0
                  ? 'Alle Anbieter auf Blattwerk sind bereits deine Lieferanten.'
                  : 'Name und Anschrift pflegt der Anbieter selbst.'
              }
            />
          )}
        </form.AppField>
      ) : (
        <>
          <form.AppField name="name">{(field) => <field.InputField label="Name" />}</form.AppField>
          <form.AppField name="street">
            {(field) => <field.InputField label="Straße und Hausnummer" />}
          </form.AppField>
          <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
            <form.AppField name="postalCode">
              {(field) => <field.InputField label="PLZ" inputMode="numeric" />}
            </form.AppField>
            <form.AppField name="city">{(field) => <field.InputField label="Ort" />}</form.AppField>
          </div>
          <form.AppField name="country">
            {(field) => <field.SelectField label="Land" options={countryOptions} />}
          </form.AppField>
          <form.AppField name="licenceType">
            {(field) => (
              <field.SelectField
                label="Erlaubnis"
                options={licenceOptions}
                emptyLabel="Bitte wählen"
              />
            )}
          </form.AppField>
          <form.AppField name="licenceNumber">
            {(field) => <field.InputField label="Nummer der Erlaubnis" />}
          </form.AppField>
          <form.AppField name="contactName">
            {(field) => <field.InputField label="Ansprechperson (optional)" />}
          </form.AppField>
          <form.AppField name="email">
            {(field) => <field.InputField label="E-Mail (optional)" />}
          </form.AppField>
          <form.AppField name="phone">
            {(field) => <field.InputField label="Telefon (optional)" />}
          </form.AppField>
        </>
      )}
    </FormDialog>
  )
}

/** The shared schema's messages under the form's fields. */
function supplierErrors(values: SupplierFormValues) {
  const result = supplierSchema.safeParse(inputOf(values))
  if (result.success) return undefined
  const fields: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '')
    if (name && name !== 'kind') fields[name] ??= issue.message
  }
  if (values.kind === 'external' && !values.licenceType) {
    fields.licenceType = 'Bitte wähle die Art der Erlaubnis.'
  }
  return { fields }
}
