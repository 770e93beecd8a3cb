import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import type { CustomerDetail, CustomerKind } from '~/lib/customers'
import { applyServerErrors } from '../forms/field-errors'
import { FormAlert } from '../forms/field-parts'
import { useAppForm } from '../forms/form-hook'
import { focusFirstError } from '../forms/layout'
import { UnsavedChangesDialog } from '../forms/UnsavedChangesDialog'
import { ButtonLink } from '../ui/buttons'
import { toast } from '../ui/toast'
import { CustomerFormFields } from './CustomerFormFields'
import {
  type CustomerFormValues,
  customerFormErrors,
  customerInputOf,
  customerValuesOf,
  emptyCustomerValues,
} from './customer-form'
import { createCustomerFn, updateCustomerFn } from './customer-save.functions'
import { customerTerms } from './customer-terms'
import { customersKey } from './customers.queries'

/** The customer form of the create and edit pages: a new customer of one of `kinds`, or the changes of `detail`. */
export function CustomerForm({
  kinds,
  detail,
}: {
  kinds: readonly CustomerKind[]
  detail?: CustomerDetail
}) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const leaving = useRef(false)
  const words = customerTerms(kinds.length === 1 && kinds[0] === 'member')

  async function save(value: CustomerFormValues) {
    const customer = customerInputOf(value)
    const id = detail
      ? (
          await updateCustomerFn({
            data: { id: detail.id, revision: detail.revision, customer },
          })
        ).id
      : (await createCustomerFn({ data: { customer } })).id
    leaving.current = true
    await queryClient.invalidateQueries({ queryKey: customersKey })
    toast.success(detail ? words.saved : words.created)
    await navigate({ to: '/customers/$id', params: { id } })
  }

  const form = useAppForm({
    defaultValues: detail ? customerValuesOf(detail) : emptyCustomerValues(kinds[0] ?? 'patient'),
    validators: { onSubmit: ({ value }) => customerFormErrors(value) },
    onSubmitInvalid: focusFirstError,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        await save(value)
      } catch (error) {
        leaving.current = false
        setFailure(applyServerErrors(formApi, error))
        focusFirstError()
      }
    },
  })

  return (
    <>
      <form.AppForm>
        <form.FormFrame className="max-w-2xl space-y-6">
          {failure && <FormAlert>{failure}</FormAlert>}
          <div className="rounded-card border border-border bg-surface p-6">
            <CustomerFormFields
              form={form}
              kinds={detail ? undefined : kinds}
              teamUserOptions={detail?.teamUserOptions}
            />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {detail ? (
              <ButtonLink to="/customers/$id" params={{ id: detail.id }} variant="secondary">
                Abbrechen
              </ButtonLink>
            ) : (
              <ButtonLink to="/customers" variant="secondary">
                Abbrechen
              </ButtonLink>
            )}
            <form.SubmitButton>{detail ? 'Speichern' : words.create}</form.SubmitButton>
          </div>
        </form.FormFrame>
      </form.AppForm>
      <UnsavedChangesDialog unsaved={() => !leaving.current && !form.state.isDefaultValue} />
    </>
  )
}
