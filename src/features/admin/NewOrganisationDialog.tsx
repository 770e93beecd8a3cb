import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import {
  type NewOrganisationInput,
  newOrganisationCategories,
  newOrganisationSchema,
} from '~/lib/new-organisation'
import { categoryLabels } from '~/lib/organisation-labels'
import { useAppForm } from '../forms/form-hook'
import { FormDialog } from '../ui/FormDialog'
import { toast } from '../ui/toast'
import { createOrganisationFn } from './admin.functions'

const empty: NewOrganisationInput = {
  name: '',
  category: 'pharmacy',
  street: '',
  postalCode: '',
  city: '',
  tenantSlug: '',
  ownerEmail: '',
}

/**
 * "Neue Organisation": the business, optionally its shop address and the invitation of its first
 * owner; afterwards the admin lands on its team.
 */
export function NewOrganisationDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  // The team page opens once the dialog has closed: while open, the dialog guards against leaving.
  const [created, setCreated] = useState<string | null>(null)
  useEffect(() => {
    if (created && !open) {
      setCreated(null)
      void navigate({ to: '/organisations/$id', params: { id: created }, search: { tab: 'team' } })
    }
  }, [created, open, navigate])
  const form = useAppForm({
    defaultValues: empty,
    validators: { onSubmit: newOrganisationSchema },
    onSubmit: async ({ value }) => {
      const { id } = await createOrganisationFn({ data: value })
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
      toast.success(
        value.ownerEmail
          ? `${value.name} ist angelegt; die Einladung an ${value.ownerEmail} ist versandt.`
          : `${value.name} ist angelegt.`,
      )
      setCreated(id)
    },
  })
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Neue Organisation"
      description="Die erste Inhaberin oder der erste Inhaber erhält eine Einladung und legt den Zugang selbst an."
      form={form}
      submitLabel="Anlegen"
    >
      <form.AppField name="name">{(field) => <field.TextField label="Name" />}</form.AppField>
      <form.AppField name="category">
        {(field) => (
          <field.SelectField
            label="Art"
            options={newOrganisationCategories.map((value) => ({
              value,
              label: categoryLabels[value],
            }))}
          />
        )}
      </form.AppField>
      <form.AppField name="street">
        {(field) => <field.TextField label="Straße und Hausnummer" />}
      </form.AppField>
      <form.AppField name="postalCode">
        {(field) => <field.TextField label="PLZ" autoComplete="off" />}
      </form.AppField>
      <form.AppField name="city">{(field) => <field.TextField label="Ort" />}</form.AppField>
      <form.AppField name="tenantSlug">
        {(field) => (
          <field.TextField
            label="Shop-Adresse (optional)"
            hint="Der erste Teil der Adresse, z. B. „linden-apotheke“ für linden-apotheke.blattwerk.de."
          />
        )}
      </form.AppField>
      <form.AppField name="ownerEmail">
        {(field) => (
          <field.TextField
            label="E-Mail der Inhaberin / des Inhabers (optional)"
            type="email"
            autoComplete="off"
          />
        )}
      </form.AppField>
    </FormDialog>
  )
}
