import { useForm } from '@tanstack/react-form'
import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { toast } from 'sonner'
import { z } from 'zod'
import { changePasswordRequestSchema, newPasswordMinLength } from '~/lib/account-api'
import { applyServerErrors } from '../forms/field-errors'
import { FormAlert } from '../forms/field-parts'
import { FormFrame, SubmitButton, TextField } from '../forms/fields'
import { PageHeader } from '../ui/PageHeader'

const changePasswordFormSchema = changePasswordRequestSchema
  .and(z.object({ confirmPassword: z.string() }))
  .refine((input) => input.confirmPassword === input.newPassword, {
    path: ['confirmPassword'],
    error: 'Die beiden neuen Passwörter stimmen nicht überein.',
  })

const emptyForm = { currentPassword: '', newPassword: '', confirmPassword: '' }

export function ChangePasswordPage() {
  const { api } = useRouter().options.context
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm({
    defaultValues: emptyForm,
    validators: { onSubmit: changePasswordFormSchema },
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        await api.request('/api/users/me/password', {
          method: 'PUT',
          body: { currentPassword: value.currentPassword, newPassword: value.newPassword },
        })
        formApi.reset(emptyForm)
        toast.success('Dein Passwort wurde geändert.', {
          description: 'Alle anderen Sitzungen mit deinem Konto wurden beendet.',
        })
      } catch (error) {
        setFailure(applyServerErrors(formApi, error))
      }
    },
  })
  return (
    <>
      <PageHeader
        title="Passwort ändern"
        description="Nach der Änderung bleibst du hier angemeldet; alle anderen Geräte und Browser werden abgemeldet."
      />
      <FormFrame
        form={form}
        className="max-w-xl space-y-4 rounded-card border border-border bg-surface p-6"
      >
        {failure && <FormAlert>{failure}</FormAlert>}
        <form.Field name="currentPassword">
          {(field) => (
            <TextField
              field={field}
              label="Aktuelles Passwort"
              type="password"
              autoComplete="current-password"
            />
          )}
        </form.Field>
        <form.Field name="newPassword">
          {(field) => (
            <TextField
              field={field}
              label="Neues Passwort"
              type="password"
              autoComplete="new-password"
              hint={`Mindestens ${newPasswordMinLength} Zeichen. Ein Satz aus mehreren Wörtern ist leicht zu merken und schwer zu erraten.`}
            />
          )}
        </form.Field>
        <form.Field name="confirmPassword">
          {(field) => (
            <TextField
              field={field}
              label="Neues Passwort wiederholen"
              type="password"
              autoComplete="new-password"
            />
          )}
        </form.Field>
        <SubmitButton form={form}>Passwort ändern</SubmitButton>
      </FormFrame>
    </>
  )
}
