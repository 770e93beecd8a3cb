import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { handoutInformationSchema, handoutInformationTemplate } from '~/lib/handouts'
import type { OrganisationSettings } from '~/lib/organisation-settings'
import { applyServerErrors, formErrorsOf } from '../forms/field-errors'
import { FormAlert } from '../forms/field-parts'
import { useAppForm } from '../forms/form-hook'
import { FormSection, focusFirstError } from '../forms/layout'
import { Button } from '../ui/buttons'
import { toast } from '../ui/toast'
import { updateHandoutInformationFn } from './organisation-settings.functions'
import { organisationKey, organisationSettingsQuery } from './organisation-settings.queries'

/**
 * A club's information for members, printed with every hand-out (§ 21 Abs. 3 KCanG): the owner
 * adapts the template or resets to it; others read what is printed.
 */
export function HandoutInformationSection({ settings }: { settings: OrganisationSettings }) {
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const current = settings.handoutInformation ?? handoutInformationTemplate
  const save = async (text: string | null) => {
    const saved = await updateHandoutInformationFn({
      data: { id: settings.id, information: { text } },
    })
    queryClient.setQueryData(organisationSettingsQuery(settings.id).queryKey, saved)
    await queryClient.invalidateQueries({ queryKey: organisationKey })
    return saved
  }
  const form = useAppForm({
    defaultValues: { text: current },
    validators: {
      onSubmit: ({ value }) => {
        const errors = formErrorsOf(handoutInformationSchema, value)
        return Object.keys(errors).length ? { fields: errors } : undefined
      },
    },
    onSubmitInvalid: focusFirstError,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        const saved = await save(value.text)
        formApi.reset({ text: saved.handoutInformation ?? handoutInformationTemplate })
        toast.success('Die Information zur Abgabe wurde gespeichert.')
      } catch (error) {
        setFailure(applyServerErrors(formApi, error))
        focusFirstError()
      }
    },
  })
  const reset = async () => {
    setFailure(null)
    try {
      await save(null)
      form.reset({ text: handoutInformationTemplate })
      toast.success('Die Information zur Abgabe ist wieder die Vorlage.')
    } catch (error) {
      setFailure(applyServerErrors(form, error))
    }
  }

  if (!settings.editable) {
    return (
      <section className="rounded-card border border-border bg-surface p-6">
        <h2 className="text-lg font-semibold text-ink">Information zur Abgabe</h2>
        <p className="mt-2 whitespace-pre-line text-sm text-ink">{current}</p>
      </section>
    )
  }
  return (
    <form.AppForm>
      <form.FormFrame className="space-y-4">
        {failure && <FormAlert>{failure}</FormAlert>}
        <FormSection title="Information zur Abgabe">
          <div className="sm:col-span-2">
            <form.AppField name="text">
              {(field) => (
                <field.InputField
                  label="Text der Information"
                  hint={`Liegt jeder Abgabe bei (§ 21 Abs. 3 KCanG): Risiken, Wechselwirkungen mit Medikamenten, Anwendung und Dosierung, Beratung. Abschnitte durch eine Leerzeile trennen, die erste Zeile ist die Überschrift.${settings.handoutInformation === null ? ' Derzeit gilt die Vorlage.' : ''}`}
                  multiline
                />
              )}
            </form.AppField>
          </div>
        </FormSection>
        <div className="flex justify-end gap-3">
          {settings.handoutInformation !== null && (
            <Button variant="secondary" onClick={() => void reset()}>
              Auf Vorlage zurücksetzen
            </Button>
          )}
          <form.SubmitButton>Information speichern</form.SubmitButton>
        </div>
      </form.FormFrame>
    </form.AppForm>
  )
}
