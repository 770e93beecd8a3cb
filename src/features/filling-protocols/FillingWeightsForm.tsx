import { useStore } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import {
  deviationOf,
  type FillingPlan,
  type FillingProtocolDetail,
  fillingTotals,
  fillingWeightProblems,
  formatDeviation,
  formatTolerance,
  formatWeight,
  netOf,
  type RecordFillingInput,
  recordFillingSchema,
} from '~/lib/filling-protocols'
import { formatDecimal } from '~/lib/products'
import { applyServerErrors, errorsByField, issuesByField } from '../forms/field-errors'
import { FormAlert } from '../forms/field-parts'
import { useAppForm } from '../forms/form-hook'
import { focusFirstError } from '../forms/layout'
import { UnsavedChangesDialog } from '../forms/UnsavedChangesDialog'
import { baseUnitsOf } from '../stock/stock-form'
import { Button } from '../ui/buttons'
import { PlainTable, plainRowClass } from '../ui/PlainTable'
import { StatusBadge } from '../ui/StatusBadge'
import { toast } from '../ui/toast'
import { recordFillingFn } from './filling-protocol-actions.functions'
import { fillingProtocolsKey } from './filling-protocols.queries'

interface UnitValues {
  gross: string
  tare: string
  deviationReason: string
}

interface WeightsValues {
  units: UnitValues[]
  withdrawn: string
  lossReason: string
  appearanceChecked: boolean
  labellingChecked: boolean
  checkNote: string
}

const gramsText = (mg: number | null) => (mg === null ? '' : formatDecimal(mg / 1000))
const milligramsOf = (text: string) => baseUnitsOf(text, 'g') ?? null

const valuesOf = (protocol: FillingProtocolDetail): WeightsValues => ({
  units: protocol.units.map((unit) => ({
    gross: gramsText(unit.grossMg),
    tare: gramsText(unit.tareMg),
    deviationReason: unit.deviationReason ?? '',
  })),
  withdrawn: gramsText(protocol.withdrawnMg),
  lossReason: protocol.lossReason ?? '',
  appearanceChecked: protocol.testRecord.appearanceChecked,
  labellingChecked: protocol.testRecord.labellingChecked,
  checkNote: protocol.testRecord.note ?? '',
})

const inputOf = (values: WeightsValues, submit: boolean): RecordFillingInput => ({
  units: values.units.map((unit) => ({
    grossMg: milligramsOf(unit.gross),
    tareMg: milligramsOf(unit.tare),
    deviationReason: unit.deviationReason,
  })),
  withdrawnMg: milligramsOf(values.withdrawn),
  lossReason: values.lossReason,
  submit,
  appearanceChecked: values.appearanceChecked,
  labellingChecked: values.labellingChecked,
  checkNote: values.checkNote,
})

/** `units.2.grossMg` → `units[2].gross`; the printed net has no field, its gross takes it. */
function weightFieldOf(path: string): string {
  const unit = /^units\.(\d+)\.(\w+)$/.exec(path)
  if (unit) {
    const field = { grossMg: 'gross', netMg: 'gross', tareMg: 'tare' }[unit[2] as string]
    return `units[${unit[1]}].${field ?? unit[2]}`
  }
  return path === 'withdrawnMg' ? 'withdrawn' : path
}

/** The form's own check: the shared schema, then the shared weight rules. */
function weightErrors(plan: FillingPlan, values: WeightsValues, submit: boolean) {
  const parsed = recordFillingSchema.safeParse(inputOf(values, submit))
  return parsed.success
    ? errorsByField(fillingWeightProblems(plan, parsed.data), weightFieldOf)
    : issuesByField(parsed.error.issues, weightFieldOf)
}

/** Net and deviation of a row as typed: computed, never typed. */
function NetCell({ plan, unit }: { plan: FillingPlan; unit: UnitValues }) {
  const net = netOf({ grossMg: milligramsOf(unit.gross), tareMg: milligramsOf(unit.tare) })
  if (net === null || !Number.isSafeInteger(net) || net <= 0) {
    return <span className="text-ink-muted">–</span>
  }
  const within = deviationOf(net, plan) === 'within'
  return (
    <span className="flex flex-col items-end gap-1 whitespace-nowrap tabular-nums">
      {formatWeight(net)}
      <StatusBadge tone={within ? 'success' : 'warning'}>
        {formatDeviation(net, plan.targetNetMg)}
        {within ? '' : ' – außerhalb'}
      </StatusBadge>
    </span>
  )
}

/**
 * The weighing of a draft, for the person filling: per unit gross and tare (net and its deviation
 * follow), a reason where a unit leaves the tolerance, and what was taken out of the bulk
 * container with the reason of the loss. Saved as a draft, or handed over for the check.
 */
export function FillingWeightsForm({ protocol }: { protocol: FillingProtocolDetail }) {
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  /** Whether this submission hands over for the check; Enter and "Entwurf speichern" save only. */
  const submitting = useRef(false)
  const plan: FillingPlan = protocol

  const form = useAppForm({
    defaultValues: valuesOf(protocol),
    validators: {
      onSubmit: ({ value }) => {
        const errors = weightErrors(plan, value, submitting.current)
        return Object.keys(errors).length ? { fields: errors } : undefined
      },
    },
    onSubmitInvalid: focusFirstError,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      const submit = submitting.current
      try {
        await recordFillingFn({ data: { id: protocol.id, weights: inputOf(value, submit) } })
        formApi.reset(value)
        await queryClient.invalidateQueries({ queryKey: fillingProtocolsKey })
        toast.success(
          submit
            ? `Abfüllung ${protocol.number} ist zur Prüfung übergeben.`
            : 'Die Gewichte sind gespeichert.',
        )
      } catch (error) {
        setFailure(applyServerErrors(formApi, error, weightFieldOf))
        focusFirstError()
      }
    },
  })
  const busy = useStore(form.store, (state) => state.isSubmitting)
  const units = useStore(form.store, (state) => state.values.units)
  const withdrawn = useStore(form.store, (state) => state.values.withdrawn)
  const totals = fillingTotals(
    units.map((unit) => {
      const net = netOf({ grossMg: milligramsOf(unit.gross), tareMg: milligramsOf(unit.tare) })
      return { netMg: net !== null && Number.isSafeInteger(net) && net > 0 ? net : null }
    }),
    milligramsOf(withdrawn),
  )

  return (
    <>
      <form.AppForm>
        <form.FormFrame className="space-y-6">
          {failure && <FormAlert>{failure}</FormAlert>}
          <p className="text-sm text-ink-muted">
            Gewichte in Gramm auf das Milligramm genau. Netto = Brutto − Tara; außerhalb von ±
            {formatTolerance(protocol.toleranceBasisPoints)} um {formatWeight(protocol.targetNetMg)}{' '}
            braucht die Einheit eine Begründung.
          </p>
          <PlainTable
            caption="Wägungen je Einheit"
            columns={[
              { header: 'Nr.' },
              { header: 'Brutto (g)', numeric: true },
              { header: 'Tara (g)', numeric: true },
              { header: 'Netto', numeric: true },
              { header: 'Begründung bei Abweichung' },
            ]}
          >
            {protocol.units.map((unit, index) => (
              <tr key={unit.position} className={`${plainRowClass} align-top`}>
                <th scope="row" className="py-2 pr-4 font-medium tabular-nums">
                  {unit.position}
                </th>
                <td className="py-2 pr-4">
                  <form.AppField name={`units[${index}].gross`}>
                    {(field) => (
                      <field.CellField
                        label={`Brutto Einheit ${unit.position}`}
                        inputMode="decimal"
                        width="column"
                      />
                    )}
                  </form.AppField>
                </td>
                <td className="py-2 pr-4">
                  <form.AppField name={`units[${index}].tare`}>
                    {(field) => (
                      <field.CellField
                        label={`Tara Einheit ${unit.position}`}
                        inputMode="decimal"
                        width="column"
                      />
                    )}
                  </form.AppField>
                </td>
                <td className="py-2 pr-4 text-right">
                  <NetCell plan={plan} unit={units[index] as UnitValues} />
                </td>
                <td className="py-2">
                  <form.AppField name={`units[${index}].deviationReason`}>
                    {(field) => (
                      <field.CellField label={`Begründung Einheit ${unit.position}`} width="text" />
                    )}
                  </form.AppField>
                </td>
              </tr>
            ))}
          </PlainTable>
          <div className="grid gap-4 sm:grid-cols-2">
            <form.AppField name="withdrawn">
              {(field) => (
                <field.InputField
                  label="Entnommene Menge in g"
                  inputMode="decimal"
                  hint="Was das Großgebinde abgegeben hat (Gewicht vorher minus nachher): die Nettogewichte und der Verlust."
                />
              )}
            </form.AppField>
            <form.AppField name="lossReason">
              {(field) => (
                <field.InputField
                  label="Grund des Verlusts"
                  hint="Z. B. Staub und Abrieb beim Umfüllen, Rückstellmuster."
                />
              )}
            </form.AppField>
          </div>
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-ink">Prüfprotokoll</legend>
            <p className="text-sm text-ink-muted">
              Vor der Übergabe prüfen und bestätigen; die Füllmenge ist mit den Wägungen geprüft.
            </p>
            <form.AppField name="appearanceChecked">
              {(field) => (
                <field.CheckboxField label="Aussehen geprüft: Blüten trocken, frei von Schimmel und Fremdkörpern" />
              )}
            </form.AppField>
            <form.AppField name="labellingChecked">
              {(field) => (
                <field.CheckboxField label="Identität und Kennzeichnung geprüft: Etikett mit Bezeichnung, Charge, Inhalt, Gehalt und Verwendbarkeit" />
              )}
            </form.AppField>
            <form.AppField name="checkNote">
              {(field) => <field.InputField label="Bemerkung zur Prüfung" hint="Freiwillig." />}
            </form.AppField>
          </fieldset>
          <dl className="grid gap-2 text-sm sm:grid-cols-3" aria-live="polite">
            <div>
              <dt className="text-ink-muted">Gewogene Einheiten</dt>
              <dd className="font-medium text-ink">
                {totals.weighedUnits} von {protocol.unitCount}
              </dd>
            </div>
            <div>
              <dt className="text-ink-muted">Summe netto</dt>
              <dd className="font-medium text-ink">{formatWeight(totals.netTotalMg)}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">Verlust</dt>
              <dd className="font-medium text-ink">
                {totals.lossMg === null || !Number.isSafeInteger(totals.lossMg)
                  ? '–'
                  : formatWeight(totals.lossMg)}
              </dd>
            </div>
          </dl>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="submit" variant="secondary" pending={busy && !submitting.current}>
              Entwurf speichern
            </Button>
            <Button
              pending={busy && submitting.current}
              disabled={busy}
              onClick={async () => {
                submitting.current = true
                await form.handleSubmit()
                submitting.current = false
              }}
            >
              Zur Prüfung übergeben
            </Button>
          </div>
        </form.FormFrame>
      </form.AppForm>
      <UnsavedChangesDialog unsaved={() => !form.state.isDefaultValue} />
    </>
  )
}
