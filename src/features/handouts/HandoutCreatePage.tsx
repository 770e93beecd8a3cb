import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { berlinIsoDate, formatDate } from '~/lib/format'
import {
  type CreateHandoutInput,
  createHandoutSchema,
  formatGrams,
  type HandoutBatchOption,
  type HandoutMemberOption,
} from '~/lib/handouts'
import { codeProductText, type PackCode } from '~/lib/pack-codes'
import { formatCannabinoid } from '~/lib/products'
import { isExpiredOn } from '~/lib/stock'
import { applyServerErrors, formErrorsOf } from '../forms/field-errors'
import { FormAlert } from '../forms/field-parts'
import { changeFieldValue, fieldErrorOf } from '../forms/fields'
import { useAppForm } from '../forms/form-hook'
import { FormSection, focusFirstError } from '../forms/layout'
import { UnsavedChangesDialog } from '../forms/UnsavedChangesDialog'
import { ScanField, type ScanOutcome } from '../scan/ScanField'
import { baseUnitsOf } from '../stock/stock-form'
import { ButtonLink } from '../ui/buttons'
import { BackLink, PageHeader } from '../ui/PageHeader'
import { ProductCombobox } from '../ui/ProductCombobox'
import { toast } from '../ui/toast'
import { createHandoutFn } from './handout-actions.functions'
import {
  handoutBatchesQuery,
  handoutMembersQuery,
  memberAllowanceQuery,
} from './handout-form.queries'
import { handoutsKey } from './handouts.queries'
import { MemberAllowanceCard } from './MemberAllowanceCard'

interface HandoutFormValues {
  customerId: string
  organisationProductId: string
  batchId: string
  quantity: string
  identityChecked: boolean
}

const emptyHandout: HandoutFormValues = {
  customerId: '',
  organisationProductId: '',
  batchId: '',
  quantity: '',
  identityChecked: false,
}

const inputOf = (value: HandoutFormValues): CreateHandoutInput => ({
  customerId: value.customerId,
  batchId: value.batchId,
  quantity: baseUnitsOf(value.quantity, 'g') as number,
  identityChecked: value.identityChecked as true,
})

function MemberSummary({ member }: { member: HandoutMemberOption }) {
  return (
    <span className="block text-xs text-ink-muted">
      {[
        member.number,
        member.membershipNumber && `Mitgliedsnr. ${member.membershipNumber}`,
        !member.active && 'deaktiviert',
      ]
        .filter(Boolean)
        .join(' · ')}
    </span>
  )
}

function batchLabel(batch: HandoutBatchOption) {
  return [
    batch.batchNumber,
    `THC ${formatCannabinoid(batch.thcContent, batch.cannabinoidUnit)}`,
    `CBD ${formatCannabinoid(batch.cbdContent, batch.cannabinoidUnit)}`,
    batch.harvestDate && `Ernte ${formatDate(batch.harvestDate)}`,
    `${formatGrams(batch.availableMg)} verfügbar`,
    batch.refusal && 'nur ab 21 Jahren',
  ]
    .filter(Boolean)
    .join(' · ')
}

const nothingChosen = 'Nichts wurde gewählt.'

/**
 * Why no batch of the chosen variety may go to the member (THC for 18–20), or null when one may:
 * the disabled options alone would leave the batch field empty without a reason on screen.
 */
function varietyRefusal(batches: HandoutBatchOption[], variety: string): string | null {
  const ofVariety = batches.filter((batch) => batch.organisationProductId === variety)
  if (ofVariety.length === 0 || ofVariety.some((batch) => batch.refusal === null)) return null
  return ofVariety[0]?.refusal ?? null
}

/**
 * The batch a scanned label code names among those that can go out now (ADR 074). Refused, with
 * nothing chosen: a supplier's pack (clubs hand out only their own harvest), an expired batch, a
 * variety without a batch on offer, a batch not released or not in stock, and one the member may
 * not receive. The service refuses the same again when the hand-out is recorded.
 */
function handoutScanTarget(
  code: PackCode,
  batches: HandoutBatchOption[],
): { error: string } | { batch: HandoutBatchOption; done: string } {
  if (code.format !== 'label') {
    return {
      error: `Das ist der Code einer Lieferantenpackung (${codeProductText(code)}). Abgegeben wird nur Cannabis aus eigenem Anbau: Scanne das Etikett der Ernte. ${nothingChosen}`,
    }
  }
  const batch = batches.find(
    (option) =>
      option.organisationProductId === code.organisationProductId &&
      option.batchNumber === code.batchNumber,
  )
  if (batch) {
    if (batch.refusal) return { error: `${batch.refusal} ${nothingChosen}` }
    return { batch, done: `${batch.productName}, Charge ${batch.batchNumber} gewählt.` }
  }
  if (isExpiredOn(code.expiryDate, berlinIsoDate())) {
    return {
      error: `Charge ${code.batchNumber} ist abgelaufen (haltbar bis ${formatDate(code.expiryDate as string)}) und darf nicht abgegeben werden. ${nothingChosen}`,
    }
  }
  if (!batches.some((option) => option.organisationProductId === code.organisationProductId)) {
    return {
      error: `Unbekannte Sorte: Das Etikett gehört zu keiner Sorte, von der dein Verein gerade etwas abgeben kann. ${nothingChosen}`,
    }
  }
  return {
    error: `Charge ${code.batchNumber} ist nicht freigegeben oder nicht auf Lager. ${nothingChosen}`,
  }
}

/**
 * `/abgabe/neu`: a hand-out at the counter. Search the member, see their age class and what
 * remains today and this month, pick the variety and a released harvest batch, enter the grams
 * and confirm the ID check; scanning the batch's label code picks variety and batch. The service decides; its refusal (with what remains) stands under the
 * field it concerns.
 */
export function HandoutCreatePage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const [member, setMember] = useState<HandoutMemberOption | null>(null)
  const saved = useRef(false)
  const { data: allowance } = useQuery({
    ...memberAllowanceQuery(member?.id ?? ''),
    enabled: member !== null,
  })
  const { data: batches = [], isPending: batchesPending } = useQuery(
    handoutBatchesQuery(member?.id ?? null),
  )

  const form = useAppForm({
    defaultValues: emptyHandout,
    validators: {
      onSubmit: ({ value }) => {
        const errors = formErrorsOf(createHandoutSchema, inputOf(value))
        return Object.keys(errors).length ? { fields: errors } : undefined
      },
    },
    onSubmitInvalid: focusFirstError,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        const created = await createHandoutFn({ data: inputOf(value) })
        saved.current = true
        await queryClient.invalidateQueries({ queryKey: handoutsKey })
        toast.success(`Abgabe ${created.number} ist erfasst.`)
        await navigate({ to: '/abgabe/$id', params: { id: created.id } })
      } catch (error) {
        setFailure(applyServerErrors(formApi, error))
        // Another counter may have handed out meanwhile: show what remains now.
        await queryClient.invalidateQueries({ queryKey: handoutsKey })
        focusFirstError()
      }
    },
  })

  function applyScan(code: PackCode): ScanOutcome {
    if (batchesPending) {
      return { error: 'Die Ernten werden noch geladen. Bitte gleich noch einmal scannen.' }
    }
    const target = handoutScanTarget(code, batches)
    if ('error' in target) return target
    form.setFieldValue('organisationProductId', target.batch.organisationProductId)
    form.setFieldValue('batchId', target.batch.batchId)
    return { done: target.done }
  }

  const varieties = [
    // A club's own varieties: loose harvest, no pack size or PZN to tell them apart by.
    ...new Map(batches.map((batch) => [batch.organisationProductId, batch.productName])),
  ].map(([value, label]) => ({ value, label }))

  return (
    <>
      <PageHeader
        title="Neue Abgabe"
        description="Abgabe an ein Mitglied nach dem Konsumcannabisgesetz: höchstens 25 g am Tag und 50 g im Monat, von 18 bis 20 Jahren 30 g im Monat mit höchstens 10 % THC."
        back={<BackLink to="/abgabe">Abgaben</BackLink>}
      />
      <form.AppForm>
        <form.FormFrame className="space-y-6">
          {failure && <FormAlert>{failure}</FormAlert>}
          <FormSection title="Mitglied">
            <form.Field name="customerId">
              {(field) => (
                <div className="sm:col-span-2">
                  <ProductCombobox
                    label="Mitglied suchen"
                    listLabel="Passende Mitglieder"
                    placeholder="Name, Mitglieds- oder Kundennummer"
                    noMatch="Kein passendes Mitglied gefunden."
                    hint={
                      member ? (
                        <>
                          Gewählt:{' '}
                          <span className="font-medium text-ink">{member.displayName}</span>
                          <MemberSummary member={member} />
                        </>
                      ) : (
                        'Suche unter den Mitgliedern deines Vereins.'
                      )
                    }
                    error={fieldErrorOf(field)}
                    query={handoutMembersQuery}
                    optionKey={(option) => option.id}
                    clearOnPick
                    onPick={(option) => {
                      setMember(option)
                      changeFieldValue(field, option.id)
                    }}
                    renderOption={(option) => (
                      <>
                        <span className="font-medium">{option.displayName}</span>
                        <MemberSummary member={option} />
                      </>
                    )}
                  />
                </div>
              )}
            </form.Field>
            {member &&
              (allowance?.member.id === member.id ? (
                <MemberAllowanceCard allowance={allowance} />
              ) : (
                <p className="text-sm text-ink-muted sm:col-span-2" aria-live="polite">
                  Lade, was {member.displayName} noch erhalten darf …
                </p>
              ))}
          </FormSection>
          <FormSection title="Sorte, Charge und Menge">
            <div className="sm:col-span-2">
              <ScanField
                label="Etikett scannen"
                placeholder="Chargencode scannen oder eintippen, dann Enter"
                hint="Der Chargencode auf dem Etikett der Ernte wählt Sorte und Charge."
                onScan={applyScan}
              />
            </div>
            <form.AppField name="organisationProductId">
              {(field) => (
                <field.SelectField
                  label="Sorte"
                  emptyLabel={
                    batchesPending
                      ? 'Lade …'
                      : varieties.length
                        ? 'Bitte wählen …'
                        : 'Keine abgabebereite Ernte'
                  }
                  options={varieties}
                  onSelect={(value) => {
                    changeFieldValue(field, value)
                    // First-expiring batch of the variety the member may receive.
                    const first = batches.find(
                      (batch) => batch.organisationProductId === value && batch.refusal === null,
                    )
                    form.setFieldValue('batchId', first?.batchId ?? '')
                  }}
                />
              )}
            </form.AppField>
            <form.Subscribe selector={(state) => state.values.organisationProductId}>
              {(variety) => (
                <form.AppField name="batchId">
                  {(field) => (
                    <field.SelectField
                      label="Charge (Ernte)"
                      hint={
                        varietyRefusal(batches, variety) ??
                        'Nur freigegebene, nicht abgelaufene Ernten aus eigenem Anbau.'
                      }
                      emptyLabel={variety ? 'Bitte wählen …' : 'Zuerst die Sorte wählen'}
                      options={batches
                        .filter((batch) => batch.organisationProductId === variety)
                        .map((batch) => ({
                          value: batch.batchId,
                          label: batchLabel(batch),
                          disabled: batch.refusal !== null,
                        }))}
                    />
                  )}
                </form.AppField>
              )}
            </form.Subscribe>
            <form.AppField name="quantity">
              {(field) => (
                <field.InputField
                  label="Menge in g"
                  inputMode="decimal"
                  hint={
                    allowance && allowance.member.id === member?.id
                      ? `Jetzt höchstens ${formatGrams(allowance.remaining.nowMg)}.`
                      : 'Auf das Milligramm genau, z. B. 2,5.'
                  }
                />
              )}
            </form.AppField>
          </FormSection>
          <form.AppField name="identityChecked">
            {(field) => (
              <field.CheckboxField
                label="Mitgliedsausweis und amtlichen Lichtbildausweis geprüft"
                hint="Abgaben gibt es nur persönlich, an das Mitglied selbst."
              />
            )}
          </form.AppField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <ButtonLink to="/abgabe" variant="secondary">
              Abbrechen
            </ButtonLink>
            <form.SubmitButton>Abgabe erfassen</form.SubmitButton>
          </div>
        </form.FormFrame>
      </form.AppForm>
      <UnsavedChangesDialog unsaved={() => !saved.current && !form.state.isDefaultValue} />
    </>
  )
}
