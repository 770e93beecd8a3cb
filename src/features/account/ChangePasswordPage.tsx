import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { z } from 'zod'
import { changePasswordRequestSchema, newPasswordMinLength } from '~/lib/account-api'
import { applyServerErrors } from '../forms/field-errors'
import { FormAlert } from '../forms/field-parts'
import { useAppForm } from '../forms/form-hook'
import { PageHeader } from '../ui/PageHeader'
import { toast } from '../ui/toast'

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
  const form = useAppForm({
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
      <form.AppForm>
        <form.FormFrame className="max-w-xl space-y-4 rounded-card border border-border bg-surface p-6">
          {failure && <FormAlert>{failure}</FormAlert>}
          <form.AppField name="currentPassword">
            {(field) => (
              <field.TextField
                label="Aktuelles Passwort"
                type="password"
                autoComplete="current-password"
              />
            )}
          </form.AppField>
          <form.AppField name="newPassword">
            {(field) => (
              <field.TextField
                label="Neues Passwort"
                type="password"
                autoComplete="new-password"
                hint={`Mindestens ${newPasswordMinLength} Zeichen. Ein Satz aus mehreren Wörtern ist leicht zu merken und schwer zu erraten.`}
              />
            )}
          </form.AppField>
          <form.AppField name="confirmPassword">
            {(field) => (
              <field.TextField
                label="Neues Passwort wiederholen"
                type="password"
                autoComplete="new-password"
              />
            )}
          </form.AppField>
          <form.SubmitButton>Passwort ändern</form.SubmitButton>
        </form.FormFrame>
      </form.AppForm>
    </>
  )
}
