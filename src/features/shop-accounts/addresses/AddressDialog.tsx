import { useForm } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { type ShopAddress, type ShopAddressInput, shopAddressSchema } from '~/lib/shop-addresses'
import { CheckboxField, TextField } from '../../forms/fields'
import { FormDialog } from '../../ui/FormDialog'
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
  const form = useForm({
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
      <form.Field name="name">
        {(field) => <TextField field={field} label="Name" autoComplete="name" />}
      </form.Field>
      <form.Field name="addition">
        {(field) => (
          <TextField
            field={field}
            label="Adresszusatz (optional)"
            hint="z. B. c/o, Firma, Stockwerk"
            autoComplete="address-line2"
          />
        )}
      </form.Field>
      <form.Field name="street">
        {(field) => (
          <TextField field={field} label="Straße und Hausnummer" autoComplete="address-line1" />
        )}
      </form.Field>
      <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
        <form.Field name="postalCode">
          {(field) => <TextField field={field} label="PLZ" autoComplete="postal-code" />}
        </form.Field>
        <form.Field name="city">
          {(field) => <TextField field={field} label="Ort" autoComplete="address-level2" />}
        </form.Field>
      </div>
      <form.Field name="defaultBilling">
        {(field) => <CheckboxField field={field} label="Als Standard-Rechnungsadresse verwenden" />}
      </form.Field>
      <form.Field name="defaultShipping">
        {(field) => <CheckboxField field={field} label="Als Standard-Lieferadresse verwenden" />}
      </form.Field>
    </FormDialog>
  )
}

function addressErrors(values: AddressValues) {
  const result = shopAddressSchema.safeParse(values)
  if (result.success) return undefined
  const fields: Record<string, string> = {}
  for (const issue of result.error.issues) fields[String(issue.path[0] ?? '')] ??= issue.message
  return { fields }
}
