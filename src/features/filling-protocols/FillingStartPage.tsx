import { useStore } from '@tanstack/react-form'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import {
  type FillingBulkBatchOption,
  fillingLimits,
  type StartFillingInput,
  startFillingSchema,
} from '~/lib/filling-protocols'
import { formatDate, formatQuantity } from '~/lib/format'
import { formatCannabinoid, formatDecimal, parseDecimal } from '~/lib/products'
import { applyServerErrors, errorsByField, formErrorsOf } from '../forms/field-errors'
import { FormAlert } from '../forms/field-parts'
import { changeFieldValue, SelectField } from '../forms/fields'
import { useAppForm } from '../forms/form-hook'
import { FormSection, focusFirstError } from '../forms/layout'
import { UnsavedChangesDialog } from '../forms/UnsavedChangesDialog'
import { baseUnitsOf } from '../stock/stock-form'
import { ButtonLink } from '../ui/buttons'
import { BackLink, PageHeader } from '../ui/PageHeader'
import { toast } from '../ui/toast'
import { startFillingFn } from './filling-protocol-actions.functions'
import { fillingBulkBatchesQuery, fillingPackChoiceQuery } from './filling-protocol-form.queries'
import { fillingProtocolsKey } from './filling-protocols.queries'

interface StartFormValues {
  bulkBatchId: string
  unitCount: string
  targetNet: string
  tolerance: string
  /** A listing's id, or `new` for "<Sorte>, <Sollgewicht>" created at the confirmation. */
  packListingId: string
}

const newPack = 'new'

const emptyStart: StartFormValues = {
  bulkBatchId: '',
  unitCount: '',
  targetNet: '5',
  tolerance: formatDecimal(fillingLimits.defaultToleranceBasisPoints / 100),
  packListingId: '',
}

/** A typed number as it is, for the schema to judge: undefined when empty, NaN when no number. */
const numberOf = (text: string) => parseDecimal(text) ?? undefined

/** "1,5" (%) → 150 basis points; a finer value stays a fraction, which the schema refuses. */
function basisPointsOf(text: string): number | undefined {
  const percent = parseDecimal(text)
  if (percent === null) return undefined
  const scaled = percent * 100
  const rounded = Math.round(scaled)
  return Math.abs(scaled - rounded) < 1e-6 ? rounded : scaled
}

/** The schema's fields are in mg and basis points; the form's in g and %. */
const startFieldOf = (path: string) =>
  path === 'targetNetMg' ? 'targetNet' : path === 'toleranceBasisPoints' ? 'tolerance' : path

const inputOf = (value: StartFormValues): StartFillingInput => ({
  bulkBatchId: value.bulkBatchId,
  unitCount: numberOf(value.unitCount) as number,
  targetNetMg: baseUnitsOf(value.targetNet, 'g') as number,
  toleranceBasisPoints: basisPointsOf(value.tolerance) as number,
  packListingId: value.packListingId === newPack ? null : value.packListingId,
})

function batchLabel(batch: FillingBulkBatchOption) {
  return [
    batch.productName,
    `Charge ${batch.batchNumber}`,
    `${formatQuantity(batch.availableMg, 'mg')} verfügbar`,
    batch.expiryDate && `verwendbar bis ${formatDate(batch.expiryDate)}`,
  ]
    .filter(Boolean)
    .join(' · ')
}

function batchHint(batch: FillingBulkBatchOption | undefined) {
  if (!batch) return 'Freigegebene, nicht abgelaufene Blüten, die lose nach Gramm geführt werden.'
  const thc = formatCannabinoid(batch.thcContent, batch.cannabinoidUnit)
  const cbd = formatCannabinoid(batch.cbdContent, batch.cannabinoidUnit)
  return `Gemessen: THC ${thc ?? '–'}, CBD ${cbd ?? '–'}. Die Einheiten übernehmen Gehalt und Verfall der Charge.`
}

/**
 * `/organisations/filling-protocol/neu`: starts a filling. Pick the bulk batch, the number of
 * units and their target net weight, the tolerance and the pack product the units become — one of
 * the variety's pack listings of that weight, or "<Sorte>, <Sollgewicht>", created when a second
 * person confirms. The weighing follows on the protocol's page.
 */
export function FillingStartPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const saved = useRef(false)
  const { data: bulkBatches = [], isPending: batchesPending } = useQuery(fillingBulkBatchesQuery())

  const form = useAppForm({
    defaultValues: emptyStart,
    validators: {
      onSubmit: ({ value }) => {
        const errors = errorsByField(formErrorsOf(startFillingSchema, inputOf(value)), startFieldOf)
        return Object.keys(errors).length ? { fields: errors } : undefined
      },
    },
    onSubmitInvalid: focusFirstError,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        const started = await startFillingFn({ data: inputOf(value) })
        saved.current = true
        await queryClient.invalidateQueries({ queryKey: fillingProtocolsKey })
        toast.success(`Abfüllung ${started.number} ist begonnen.`)
        await navigate({ to: '/organisations/filling-protocol/$id', params: { id: started.id } })
      } catch (error) {
        setFailure(applyServerErrors(formApi, error, startFieldOf))
        focusFirstError()
      }
    },
  })

  const bulkBatchId = useStore(form.store, (state) => state.values.bulkBatchId)
  const targetNetMg = baseUnitsOf(
    useStore(form.store, (state) => state.values.targetNet),
    'g',
  )
  const targetValid = startFillingSchema.shape.targetNetMg.safeParse(targetNetMg).success
  const { data: packChoice, isFetching: packPending } = useQuery({
    ...fillingPackChoiceQuery(bulkBatchId, targetNetMg ?? 0),
    enabled: bulkBatchId !== '' && targetValid,
  })
  const packOptions = packChoice
    ? [
        ...packChoice.listings.map((listing) => ({
          value: listing.listingId,
          label: listing.productName,
        })),
        ...(packChoice.newProductListed
          ? []
          : [{ value: newPack, label: `Neu anlegen: „${packChoice.newProductName}“` }]),
      ]
    : []

  // A new batch or weight brings other products: keep the choice while it is offered, otherwise
  // take the variety's own pack of that weight, else the new one.
  useEffect(() => {
    if (!packChoice) return
    const offered = [
      ...packChoice.listings.map((listing) => listing.listingId),
      ...(packChoice.newProductListed ? [] : [newPack]),
    ]
    if (offered.includes(form.getFieldValue('packListingId'))) return
    const own = packChoice.listings.find(
      (listing) => listing.productName === packChoice.newProductName,
    )
    form.setFieldValue(
      'packListingId',
      own?.listingId ?? (packChoice.newProductListed ? (offered[0] ?? '') : newPack),
    )
  }, [packChoice, form])

  return (
    <>
      <PageHeader
        title="Neue Abfüllung"
        description="Blüten aus dem Großgebinde in Einheiten abfüllen: Jede Einheit wird gewogen, eine zweite Person prüft, erst dann sind die Einheiten im Bestand."
        back={<BackLink to="/organisations/filling-protocol">Abfüllprotokolle</BackLink>}
      />
      <form.AppForm>
        <form.FormFrame className="space-y-6">
          {failure && <FormAlert>{failure}</FormAlert>}
          <FormSection title="Ausgangscharge">
            <form.Field name="bulkBatchId">
              {(field) => (
                <div className="sm:col-span-2">
                  <SelectField
                    field={field}
                    label="Charge (Großgebinde)"
                    hint={batchHint(
                      bulkBatches.find((batch) => batch.batchId === field.state.value),
                    )}
                    emptyLabel={
                      batchesPending
                        ? 'Lade …'
                        : bulkBatches.length
                          ? 'Bitte wählen …'
                          : 'Keine abfüllbare Charge'
                    }
                    options={bulkBatches.map((batch) => ({
                      value: batch.batchId,
                      label: batchLabel(batch),
                    }))}
                  />
                </div>
              )}
            </form.Field>
          </FormSection>
          <FormSection title="Einheiten">
            <form.AppField name="unitCount">
              {(field) => (
                <field.InputField
                  label="Anzahl Einheiten"
                  inputMode="numeric"
                  hint={`Höchstens ${fillingLimits.maxUnits} je Protokoll.`}
                />
              )}
            </form.AppField>
            <form.AppField name="targetNet">
              {(field) => (
                <field.InputField
                  label="Sollgewicht je Einheit in g (netto)"
                  inputMode="decimal"
                  hint="Auf das Milligramm genau, z. B. 5 oder 2,5."
                />
              )}
            </form.AppField>
            <form.AppField name="tolerance">
              {(field) => (
                <field.InputField
                  label="Toleranz in %"
                  inputMode="decimal"
                  hint="Abweichung vom Sollgewicht, die ohne Begründung zulässig ist (Standard ±2 %)."
                />
              )}
            </form.AppField>
            <form.AppField name="packListingId">
              {(field) => (
                <field.SelectField
                  label="Packungsprodukt"
                  hint="Ein Produkt derselben Sorte, je Packung mit diesem Gewicht verkauft – oder ein neues, das mit der Bestätigung angelegt wird (nicht im Shop sichtbar)."
                  emptyLabel={
                    bulkBatchId === '' || !targetValid
                      ? 'Zuerst Charge und Sollgewicht angeben'
                      : packPending && !packChoice
                        ? 'Lade …'
                        : 'Bitte wählen …'
                  }
                  options={packOptions}
                  onSelect={(value) => changeFieldValue(field, value)}
                />
              )}
            </form.AppField>
          </FormSection>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <ButtonLink to="/organisations/filling-protocol" variant="secondary">
              Abbrechen
            </ButtonLink>
            <form.SubmitButton>Abfüllung beginnen</form.SubmitButton>
          </div>
        </form.FormFrame>
      </form.AppForm>
      <UnsavedChangesDialog unsaved={() => !saved.current && !form.state.isDefaultValue} />
    </>
  )
}
