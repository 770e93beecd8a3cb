import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import type { MasterProductInput } from '~/lib/product-schemas'
import { productStatuses, productStatusLabels } from '~/lib/products'
import { applyServerErrors, topLevelField } from '../forms/field-errors'
import { FormAlert } from '../forms/field-parts'
import { changeFieldValue } from '../forms/fields'
import { useAppForm } from '../forms/form-hook'
import { focusFirstError } from '../forms/layout'
import { UnsavedChangesDialog } from '../forms/UnsavedChangesDialog'
import { ButtonLink } from '../ui/buttons'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { toast } from '../ui/toast'
import { ImageField } from './ImageField'
import {
  type MasterProductFormValues,
  masterProductInputOf,
  validateMasterProductForm,
} from './master-product-form'
import { masterProductsKey } from './master-products.queries'
import { ProductFactsFields } from './ProductFactsFields'

const statusOptions = productStatuses.map((value) => ({
  value,
  label: productStatusLabels[value],
}))

function currentListings(count: number): string {
  if (count === 0) return 'Derzeit führt es keine Organisation.'
  if (count === 1) return 'Derzeit führt es eine Organisation.'
  return `Derzeit führen es ${count.toLocaleString('de-DE')} Organisationen.`
}

export interface SaveResult {
  changed: boolean
}

/**
 * The full form of a master product, for "Neues Produkt" and for editing one. `save` sends the
 * schema's input; a refusal shows under its fields (or above the form), a success toasts and
 * returns to the list. Leaving with unsaved changes asks first; withdrawing asks what it means.
 */
export function MasterProductForm({
  initial,
  save,
  submitLabel,
  savedMessage,
  activeListings,
}: {
  initial: MasterProductFormValues
  save: (input: MasterProductInput) => Promise<SaveResult>
  submitLabel: string
  savedMessage: string
  /** Organisations listing the product (editing only): withdrawing tells them. */
  activeListings?: number
}) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const [askingToWithdraw, setAskingToWithdraw] = useState(false)
  const saved = useRef(false)

  const form = useAppForm({
    defaultValues: initial,
    validators: { onSubmit: ({ value }) => validateMasterProductForm(value) },
    onSubmitInvalid: focusFirstError,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        const result = await save(masterProductInputOf(value))
        saved.current = true
        await queryClient.invalidateQueries({ queryKey: masterProductsKey })
        toast.success(
          result.changed ? savedMessage : 'Keine Änderungen – es gab nichts zu speichern.',
        )
        await navigate({ to: '/admin/product-db' })
      } catch (error) {
        setFailure(applyServerErrors(formApi, error, topLevelField))
        focusFirstError()
      }
    },
  })

  return (
    <>
      <form.AppForm>
        <form
          noValidate
          method="post"
          className="space-y-6"
          onSubmit={(event) => {
            event.preventDefault()
            void form.handleSubmit()
          }}
        >
          {failure && <FormAlert>{failure}</FormAlert>}

          <ProductFactsFields
            form={form}
            pznHint="8 Ziffern mit Prüfziffer; nur Hilfsmittel dürfen ohne PZN sein."
            basicsExtra={
              <form.AppField name="status">
                {(field) => (
                  <field.SelectField
                    label="Status"
                    options={statusOptions}
                    hint="Zurückgezogene Produkte lassen sich nicht mehr neu übernehmen."
                    onSelect={(value) => {
                      if (value === 'withdrawn' && field.state.value !== 'withdrawn') {
                        setAskingToWithdraw(true)
                      } else {
                        changeFieldValue(field, value)
                      }
                    }}
                  />
                )}
              </form.AppField>
            }
            descriptionExtra={
              <div className="space-y-4">
                <form.Field
                  name="imageFileId"
                  // Another image (or none) needs its own confirmation: the old one does not carry over.
                  listeners={{ onChange: () => form.setFieldValue('imageIsPackPhoto', false) }}
                >
                  {(field) => <ImageField field={field} />}
                </form.Field>
                <form.Subscribe selector={(state) => state.values.imageFileId !== null}>
                  {(hasImage) =>
                    hasImage && (
                      <form.AppField name="imageIsPackPhoto">
                        {(field) => (
                          <field.CheckboxField
                            label="Das Bild zeigt nur die Packung"
                            hint="Im Shop darf ein Produktbild nur die Packung zeigen – keine Blüten, keine Menschen, keine Stimmungsbilder (§ 10 HWG). Ohne diese Bestätigung lässt sich das Bild nicht speichern; erst bestätigte Bilder erscheinen im Shop."
                          />
                        )}
                      </form.AppField>
                    )
                  }
                </form.Subscribe>
              </div>
            }
          />

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <ButtonLink to="/admin/product-db" variant="secondary">
              Abbrechen
            </ButtonLink>
            <form.SubmitButton>{submitLabel}</form.SubmitButton>
          </div>
        </form>
      </form.AppForm>

      <ConfirmDialog
        open={askingToWithdraw}
        onOpenChange={setAskingToWithdraw}
        title="Produkt zurückziehen?"
        description={
          <div className="space-y-2">
            <p>
              Organisationen, die das Produkt führen, sehen es weiterhin – als „zurückgezogen“
              markiert, mit ihren Preisen und ihrer Historie.
              {activeListings !== undefined && ` ${currentListings(activeListings)}`}
            </p>
            <p>
              Neu übernehmen lässt es sich nicht mehr. Wirksam wird das mit dem Speichern; du kannst
              es später wieder auf „aktiv“ setzen.
            </p>
          </div>
        }
        confirmLabel="Zurückziehen"
        onConfirm={() => form.setFieldValue('status', 'withdrawn')}
      />
      <UnsavedChangesDialog unsaved={() => !saved.current && !form.state.isDefaultValue} />
    </>
  )
}
