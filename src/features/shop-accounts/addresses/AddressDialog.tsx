import { useQueryClient } from '@tanstack/react-query'
import { type ShopAddress, type ShopAddressInput, shopAddressSchema } from '~/lib/shop-addresses'
import { formErrorsOf } from '../../forms/field-errors'
import { useAppForm } from '../../forms/form-hook'
import { FormDialog } from '../../ui/FormDialog'
import { toast } from '../../ui/toast'
import { createShopAddressFn, updateShopAddressFn } from './addresses.functions'
import { shopAddressesKey } from './addresses.queries'

interface AddressValues {
  name: string
  addition: string
  street: string
  postalCode: string
  city: string
  defaultBilling: boolean
  defaultShipping: boolean
}

const valuesOf = (address: ShopAddress | undefined, name: string): AddressValues => ({
  name: address?.name ?? name,
  addition: address?.addition ?? '',
  street: address?.street ?? '',
  postalCode: address?.postalCode ?? '',
  city: address?.city ?? '',
  defaultBilling: address?.defaultBilling ?? false,
  defaultShipping: address?.defaultShipping ?? false,
})

/**
 * Adds an address to the customer's book or changes one (`/account/addresses` and the checkout's
 * address step). `onSaved` hears the saved address, e.g. to choose it for the order.
 */
export function AddressDialog({
  open,
  onOpenChange,
  address,
  defaultName = '',
  onSaved,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  address?: ShopAddress
  defaultName?: string
  onSaved?: (address: ShopAddress) => void
}) {
  const queryClient = useQueryClient()
  const form = useAppForm({
    defaultValues: valuesOf(address, defaultName),
    validators: { onSubmit: ({ value }) => addressErrors(value) },
    onSubmit: async ({ value }) => {
      const input: ShopAddressInput = { ...value, addition: value.addition || null }
      const saved = address
        ? await updateShopAddressFn({ data: { id: address.id, address: input } })
        : await createShopAddressFn({ data: input })
      await queryClient.invalidateQueries({ queryKey: shopAddressesKey })
      toast.success(address ? 'Die Adresse wurde gespeichert.' : 'Die Adresse wurde angelegt.')
      onSaved?.(saved)
    },
  })
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={address ? 'Adresse bearbeiten' : 'Neue Adresse'}
      description="Wir liefern nur innerhalb Deutschlands."
      form={form}
      submitLabel="Adresse speichern"
    >
      <form.AppField name="name">
        {(field) => <field.TextField label="Name" autoComplete="name" />}
      </form.AppField>
      <form.AppField name="addition">
        {(field) => (
          <field.TextField
            label="Adresszusatz (optional)"
            hint="z. B. c/o, Firma, Stockwerk"
            autoComplete="address-line2"
          />
        )}
      </form.AppField>
      <form.AppField name="street">
        {(field) => <field.TextField label="Straße und Hausnummer" autoComplete="address-line1" />}
      </form.AppField>
      <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
        <form.AppField name="postalCode">
          {(field) => <field.TextField label="PLZ" autoComplete="postal-code" />}
        </form.AppField>
        <form.AppField name="city">
          {(field) => <field.TextField label="Ort" autoComplete="address-level2" />}
        </form.AppField>
      </div>
      <form.AppField name="defaultBilling">
        {(field) => <field.CheckboxField label="Als Standard-Rechnungsadresse verwenden" />}
      </form.AppField>
      <form.AppField name="defaultShipping">
        {(field) => <field.CheckboxField label="Als Standard-Lieferadresse verwenden" />}
      </form.AppField>
    </FormDialog>
  )
}

function addressErrors(values: AddressValues) {
  const fields = formErrorsOf(shopAddressSchema, values)
  return Object.keys(fields).length ? { fields } : undefined
}
