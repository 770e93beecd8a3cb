import { useForm, useStore } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { useBlocker, useNavigate } from '@tanstack/react-router'
import { type ReactNode, useRef, useState } from 'react'
import { toast } from 'sonner'
import type { MasterProductInput } from '~/lib/product-schemas'
import {
  cannabinoidUnitLabels,
  countryLabel,
  cultivationCountries,
  dominanceLabels,
  dominances,
  geneticsLabels,
  geneticsTypes,
  type ProductCategory,
  packUnitLabels,
  productCategories,
  productCategoryLabels,
  productStatuses,
  productStatusLabels,
} from '~/lib/products'
import { FormAlert } from '../forms/field-parts'
import { SubmitButton } from '../forms/fields'
import { applyServerErrors } from '../forms/server-errors'
import { ButtonLink } from '../ui/buttons'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { CheckboxField, changeFieldValue, InputField, SelectField } from './form-controls'
import { ImageField } from './ImageField'
import {
  cannabinoidUnitOptions,
  hasCannabisFacts,
  type MasterProductFormValues,
  masterProductInputOf,
  packUnitOptions,
  validateMasterProductForm,
  withFormFieldNames,
} from './master-product-form'
import { productDbKey } from './product-db.queries'
import { TerpeneField } from './TerpeneField'

const categoryOptions = productCategories.map((value) => ({
  value,
  label: productCategoryLabels[value],
}))
const statusOptions = productStatuses.map((value) => ({
  value,
  label: productStatusLabels[value],
}))
const geneticsOptions = geneticsTypes.map((value) => ({ value, label: geneticsLabels[value] }))
const dominanceOptions = dominances.map((value) => ({ value, label: dominanceLabels[value] }))
const countryOptions = cultivationCountries
  .map((value) => ({ value, label: countryLabel(value) }))
  .sort((a, b) => a.label.localeCompare(b.label, 'de'))

const contentHints: Record<string, string> = {
  percent: 'In Prozent (Gewicht), z. B. 22,5.',
  mg_per_ml: 'In mg je ml, z. B. 25.',
  mg_per_g: 'In mg je g, z. B. 250.',
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-card border border-border bg-surface p-6">
      <legend className="px-1 text-lg font-semibold text-ink">{title}</legend>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  )
}

/** Focuses the first field the check refused, so keyboard and screen-reader users land there. */
function focusFirstError() {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('main [aria-invalid="true"]')?.focus()
  })
}

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

  const form = useForm({
    defaultValues: initial,
    validators: { onSubmit: ({ value }) => validateMasterProductForm(value) },
    onSubmitInvalid: focusFirstError,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        const result = await save(masterProductInputOf(value))
        saved.current = true
        await queryClient.invalidateQueries({ queryKey: productDbKey })
        toast.success(
          result.changed ? savedMessage : 'Keine Änderungen – es gab nichts zu speichern.',
        )
        await navigate({ to: '/admin/product-db' })
      } catch (error) {
        setFailure(applyServerErrors(formApi, withFormFieldNames(error)))
        focusFirstError()
      }
    },
  })

  const category = useStore(form.store, (state) => state.values.category)
  const genetics = useStore(form.store, (state) => state.values.genetics)
  const cannabinoidUnit = useStore(form.store, (state) => state.values.cannabinoidUnit)
  const cannabis = hasCannabisFacts(category)

  const unsaved = () => !saved.current && !form.state.isDefaultValue
  const leaving = useBlocker({
    shouldBlockFn: unsaved,
    enableBeforeUnload: unsaved,
    withResolver: true,
  })

  /** A category allows only some units: keep the chosen ones if they fit, else take the first. */
  function fitUnitsTo(next: ProductCategory | '') {
    const packUnits = packUnitOptions(next)
    const packUnit = form.getFieldValue('packUnit')
    if (!packUnit || !packUnits.includes(packUnit))
      form.setFieldValue('packUnit', packUnits[0] ?? '')
    const contentUnits = cannabinoidUnitOptions(next)
    const contentUnit = form.getFieldValue('cannabinoidUnit')
    if (!contentUnit || !contentUnits.includes(contentUnit)) {
      form.setFieldValue('cannabinoidUnit', contentUnits[0] ?? '')
    }
  }

  return (
    <>
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

        <Section title="Grunddaten">
          <form.Field name="name">
            {(field) => <InputField field={field} label="Name" />}
          </form.Field>
          <form.Field name="pzn">
            {(field) => (
              <InputField
                field={field}
                label="PZN"
                inputMode="numeric"
                hint="8 Ziffern mit Prüfziffer; nur Hilfsmittel dürfen ohne PZN sein."
              />
            )}
          </form.Field>
          <form.Field name="manufacturer">
            {(field) => <InputField field={field} label="Hersteller" />}
          </form.Field>
          <form.Field name="brand">
            {(field) => <InputField field={field} label="Marke (optional)" />}
          </form.Field>
          <form.Field name="category">
            {(field) => (
              <SelectField
                field={field}
                label="Kategorie"
                emptyLabel="Bitte wählen"
                options={categoryOptions}
                onSelect={(value) => {
                  changeFieldValue(field, value)
                  fitUnitsTo(value as ProductCategory | '')
                }}
              />
            )}
          </form.Field>
          <form.Field name="status">
            {(field) => (
              <SelectField
                field={field}
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
          </form.Field>
        </Section>

        {cannabis && (
          <Section title="Sorte und Wirkstoffe">
            <form.Field name="cultivar">
              {(field) => (
                <InputField
                  field={field}
                  label="Sorte"
                  hint={
                    category === 'flower' ? 'Pflicht bei Blüten: das Rezept nennt sie.' : undefined
                  }
                />
              )}
            </form.Field>
            <form.Field name="countryOfCultivation">
              {(field) => (
                <SelectField
                  field={field}
                  label="Anbauland"
                  emptyLabel="keine Angabe"
                  options={countryOptions}
                />
              )}
            </form.Field>
            <form.Field name="genetics">
              {(field) => (
                <SelectField
                  field={field}
                  label="Genetik"
                  emptyLabel="keine Angabe"
                  options={geneticsOptions}
                />
              )}
            </form.Field>
            {genetics === 'hybrid' && (
              <form.Field name="dominance">
                {(field) => (
                  <SelectField
                    field={field}
                    label="Dominanz"
                    emptyLabel="keine Angabe"
                    options={dominanceOptions}
                  />
                )}
              </form.Field>
            )}
            <form.Field name="thcContent">
              {(field) => (
                <InputField
                  field={field}
                  label="THC-Gehalt"
                  inputMode="decimal"
                  hint={cannabinoidUnit ? contentHints[cannabinoidUnit] : undefined}
                />
              )}
            </form.Field>
            <form.Field name="cbdContent">
              {(field) => (
                <InputField
                  field={field}
                  label="CBD-Gehalt"
                  inputMode="decimal"
                  hint={cannabinoidUnit ? contentHints[cannabinoidUnit] : undefined}
                />
              )}
            </form.Field>
            <form.Field name="cannabinoidUnit">
              {(field) => (
                <SelectField
                  field={field}
                  label="Einheit des Gehalts"
                  emptyLabel={category ? undefined : 'erst die Kategorie wählen'}
                  options={cannabinoidUnitOptions(category).map((value) => ({
                    value,
                    label: cannabinoidUnitLabels[value],
                  }))}
                />
              )}
            </form.Field>
            <form.Field name="irradiated">
              {(field) => (
                <CheckboxField
                  field={field}
                  label="Bestrahlt"
                  hint="Mit ionisierender Strahlung entkeimt."
                />
              )}
            </form.Field>
            <div className="sm:col-span-2">
              <form.Field name="terpenes">{(field) => <TerpeneField field={field} />}</form.Field>
            </div>
          </Section>
        )}

        <Section title="Packung">
          <form.Field name="packSize">
            {(field) => (
              <InputField
                field={field}
                label="Packungsgröße"
                inputMode="decimal"
                hint="Der Inhalt einer Packung (einer PZN), z. B. 10 oder 2,5."
              />
            )}
          </form.Field>
          <form.Field name="packUnit">
            {(field) => (
              <SelectField
                field={field}
                label="Einheit der Packung"
                emptyLabel={category ? undefined : 'erst die Kategorie wählen'}
                options={packUnitOptions(category).map((value) => ({
                  value,
                  label: packUnitLabels[value],
                }))}
              />
            )}
          </form.Field>
        </Section>

        <Section title="Beschreibung und Bild">
          <div className="sm:col-span-2">
            <form.Field name="description">
              {(field) => <InputField field={field} label="Beschreibung (optional)" multiline />}
            </form.Field>
          </div>
          <div className="sm:col-span-2">
            <form.Field name="imageFileId">{(field) => <ImageField field={field} />}</form.Field>
          </div>
        </Section>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <ButtonLink to="/admin/product-db" variant="secondary">
            Abbrechen
          </ButtonLink>
          <SubmitButton form={form}>{submitLabel}</SubmitButton>
        </div>
      </form>

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
              Neu übernehmen lässt es sich nicht mehr. Wirksam wird das mit dem Speichern; Sie
              können es später wieder auf „aktiv“ setzen.
            </p>
          </div>
        }
        confirmLabel="Zurückziehen"
        onConfirm={() => form.setFieldValue('status', 'withdrawn')}
      />
      <ConfirmDialog
        open={leaving.status === 'blocked'}
        onOpenChange={(open) => {
          if (!open) leaving.reset?.()
        }}
        title="Änderungen verwerfen?"
        description="Ihre Eingaben in diesem Formular sind noch nicht gespeichert und gehen verloren."
        confirmLabel="Verwerfen"
        cancelLabel="Weiter bearbeiten"
        onConfirm={() => leaving.proceed?.()}
      />
    </>
  )
}
