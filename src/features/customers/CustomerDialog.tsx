import { useQueryClient } from '@tanstack/react-query'
import type { CustomerKind, CustomerOption } from '~/lib/customers'
import { useAppForm } from '../forms/form-hook'
import { FormDialog } from '../ui/FormDialog'
import { toast } from '../ui/toast'
import { CustomerFormFields } from './CustomerFormFields'
import { customerFormErrors, customerInputOf, emptyCustomerValues } from './customer-form'
import { createCustomerFn } from './customer-save.functions'
import { customersKey } from './customers.queries'

/**
 * Creates a customer without leaving the page (e.g. while entering an order); `onSaved` hears the
 * new customer, ready to be chosen.
 */
export function CustomerDialog({
  open,
  onOpenChange,
  kinds,
  onSaved,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The kinds the organisation keeps; the first is preselected. */
  kinds: readonly CustomerKind[]
  onSaved?: (customer: CustomerOption) => void
}) {
  const queryClient = useQueryClient()
  const members = kinds.length === 1 && kinds[0] === 'member'
  const form = useAppForm({
    defaultValues: emptyCustomerValues(kinds[0] ?? 'patient'),
    validators: { onSubmit: ({ value }) => customerFormErrors(value) },
    onSubmit: async ({ value }) => {
      const created = await createCustomerFn({ data: { customer: customerInputOf(value) } })
      await queryClient.invalidateQueries({ queryKey: customersKey })
      toast.success(
        members
          ? `Das Mitglied ${created.number} wurde angelegt.`
          : `Der Kunde ${created.number} wurde angelegt.`,
      )
      onSaved?.(created)
    },
  })
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={members ? 'Neues Mitglied anlegen' : 'Neuen Kunden anlegen'}
      description="Die Kundennummer vergibt Blattwerk beim Speichern."
      form={form}
      submitLabel="Anlegen"
    >
      <CustomerFormFields form={form} kinds={kinds} />
    </FormDialog>
  )
}
