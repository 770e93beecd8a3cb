import { useQueryClient } from '@tanstack/react-query'
import { ClipboardCheck, FileCheck } from 'lucide-react'
import { useState } from 'react'
import { prescriptionSchema } from '~/lib/customer-order-schemas'
import {
  type CustomerOrderDetail,
  type CustomerOrderEvidenceDetail,
  type PayerKind,
  type PrescribedPreparation,
  type PrescriptionForm,
  payerKinds,
  prescribedPreparationLabels,
  prescribedPreparations,
  prescriptionEvidenceLabels,
  prescriptionFormLabels,
  prescriptionForms,
  prescriptionOriginalLabels,
  prescriptionOriginalStatuses,
} from '~/lib/customer-orders'
import { payerKindLabels } from '~/lib/customers'
import { failureOf } from '~/lib/failure'
import { berlinIsoDate, formatDate, formatDateTime, formatMoney } from '~/lib/format'
import { mayTakePharmacistStep, pharmacistOnlyMessages } from '~/lib/organisation'
import { DocumentUpload } from '../files/UploadField'
import { applyServerErrors } from '../forms/field-errors'
import { FormAlert, inputClass } from '../forms/field-parts'
import { useAppForm } from '../forms/form-hook'
import { focusFirstError } from '../forms/layout'
import { isBusinessUser } from '../session/session-store'
import { useSession } from '../session/use-session'
import { CertificateLinks } from '../stock/Certificate'
import { Button } from '../ui/buttons'
import { StatusBadge } from '../ui/StatusBadge'
import { toast } from '../ui/toast'
import {
  checkPrescriptionFn,
  recordPrescriptionFn,
  recordPrescriptionOriginalFn,
} from './customer-order-save.functions'
import { customerOrdersKey } from './customer-orders.queries'

interface PrescriptionValues {
  payer: PayerKind
  form: PrescriptionForm
  prescriberName: string
  prescriberAddress: string
  issuedOn: string
  dosage: string
  preparation: PrescribedPreparation | ''
  insurerName: string
  insuranceNumber: string
  copaymentExempt: boolean
  eRezeptToken: string
  scanFileId: string
}

const blank = (text: string) => text.trim() || null

function PrescriptionFormView({
  order,
  onDone,
}: {
  order: CustomerOrderDetail
  onDone: () => void
}) {
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const current = order.prescription
  const handedIn = order.evidence
  const form = useAppForm({
    defaultValues: {
      payer: current?.payer ?? handedIn?.payer ?? 'statutory',
      form: current?.form ?? (handedIn && handedIn.kind !== 'e_rezept' ? 'paper' : 'e_rezept'),
      prescriberName: current?.prescriberName ?? '',
      prescriberAddress: current?.prescriberAddress ?? '',
      issuedOn: current?.issuedOn ?? '',
      dosage: current?.dosage ?? '',
      preparation: current?.preparation ?? '',
      insurerName: current?.insurerName ?? '',
      insuranceNumber: current?.insuranceNumber ?? '',
      copaymentExempt: current?.copaymentExempt ?? Boolean(handedIn?.exemptionFileId),
      eRezeptToken: current?.eRezeptToken ?? handedIn?.eRezeptToken ?? '',
      scanFileId: current?.scanFileId ?? handedIn?.scanFileId ?? '',
    } satisfies PrescriptionValues as PrescriptionValues,
    validators: {
      onSubmit: ({ value }) => {
        const result = prescriptionSchema.safeParse(inputOf(value))
        if (result.success) return undefined
        const fields: Record<string, string> = {}
        for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message
        return { fields }
      },
    },
    onSubmitInvalid: focusFirstError,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        await recordPrescriptionFn({ data: { id: order.id, prescription: inputOf(value) } })
        await queryClient.invalidateQueries({ queryKey: customerOrdersKey })
        toast.success('Das Rezept ist erfasst. Bitte prüfe es.')
        onDone()
      } catch (error) {
        setFailure(applyServerErrors(formApi, error))
        focusFirstError()
      }
    },
  })
  function inputOf(value: PrescriptionValues) {
    return {
      version: order.version,
      payer: value.payer,
      form: value.form,
      prescriberName: value.prescriberName,
      prescriberAddress: blank(value.prescriberAddress),
      issuedOn: value.issuedOn,
      dosage: value.dosage,
      preparation: value.preparation || null,
      insurerName: value.payer === 'statutory' ? blank(value.insurerName) : null,
      insuranceNumber: value.payer === 'statutory' ? blank(value.insuranceNumber) : null,
      copaymentExempt: value.payer === 'statutory' && value.copaymentExempt,
      eRezeptToken: value.form === 'e_rezept' ? blank(value.eRezeptToken) : null,
      scanFileId: value.form === 'paper' ? blank(value.scanFileId) : null,
    }
  }
  return (
    <form.AppForm>
      <form.FormFrame className="mt-4 space-y-4">
        {failure && <FormAlert>{failure}</FormAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <form.AppField name="payer">
            {(field) => (
              <field.SelectField
                label="Kostenträger"
                options={payerKinds.map((value) => ({ value, label: payerKindLabels[value] }))}
              />
            )}
          </form.AppField>
          <form.AppField name="form">
            {(field) => (
              <field.SelectField
                label="Form"
                options={prescriptionForms.map((value) => ({
                  value,
                  label: prescriptionFormLabels[value],
                }))}
              />
            )}
          </form.AppField>
          <form.AppField name="prescriberName">
            {(field) => <field.InputField label="Verschreibende Ärztin / verschreibender Arzt" />}
          </form.AppField>
          <form.AppField name="prescriberAddress">
            {(field) => <field.InputField label="Praxis (optional)" />}
          </form.AppField>
          <form.Field name="issuedOn">
            {(field) => (
              <div>
                <label htmlFor="field-issuedOn" className="block text-sm font-medium text-ink">
                  Ausstellungsdatum
                </label>
                <input
                  id="field-issuedOn"
                  name="issuedOn"
                  type="date"
                  max={berlinIsoDate()}
                  className={inputClass}
                  aria-invalid={field.state.meta.errors.length ? true : undefined}
                  aria-describedby={
                    field.state.meta.errors.length ? 'field-issuedOn-error' : undefined
                  }
                  value={field.state.value}
                  onBlur={field.handleBlur}
                  onChange={(event) => field.handleChange(event.target.value)}
                />
                {field.state.meta.errors.length > 0 && (
                  <p id="field-issuedOn-error" className="mt-1 text-sm text-danger">
                    {String(
                      (field.state.meta.errors[0] as { message?: string })?.message ??
                        field.state.meta.errors[0],
                    )}
                  </p>
                )}
              </div>
            )}
          </form.Field>
          <div className="sm:col-span-2">
            <form.AppField name="preparation">
              {(field) => (
                <field.SelectField
                  label="Zubereitung"
                  hint="Wie verschrieben; sie steht als Art der Anwendung auf dem Etikett."
                  emptyLabel="Nicht angegeben"
                  options={prescribedPreparations.map((value) => ({
                    value,
                    label: prescribedPreparationLabels[value],
                  }))}
                />
              )}
            </form.AppField>
          </div>
          <div className="sm:col-span-2">
            <form.AppField name="dosage">
              {(field) => (
                <field.InputField
                  label="Gebrauchsanweisung"
                  hint="Wie auf dem Rezept, z. B. „0,1 g verdampfen und inhalieren, bis zu 3 × täglich“. Sie steht auf dem Etikett."
                />
              )}
            </form.AppField>
          </div>
          <form.Subscribe selector={(state) => [state.values.payer, state.values.form] as const}>
            {([payer, kind]) => (
              <>
                {payer === 'statutory' && (
                  <>
                    <form.AppField name="insurerName">
                      {(field) => <field.InputField label="Krankenkasse" />}
                    </form.AppField>
                    <form.AppField name="insuranceNumber">
                      {(field) => <field.InputField label="Versichertennummer" />}
                    </form.AppField>
                    <div className="sm:col-span-2">
                      <form.AppField name="copaymentExempt">
                        {(field) => (
                          <field.CheckboxField
                            label="Von der Zuzahlung befreit"
                            hint="Befreiungsbescheid der Krankenkasse liegt vor (§ 62 SGB V)."
                          />
                        )}
                      </form.AppField>
                    </div>
                  </>
                )}
                {kind === 'e_rezept' ? (
                  <div className="sm:col-span-2">
                    <form.AppField name="eRezeptToken">
                      {(field) => (
                        <field.InputField
                          label="E-Rezept-Token"
                          hint="Der Inhalt des Data-Matrix-Codes."
                        />
                      )}
                    </form.AppField>
                  </div>
                ) : (
                  <form.Field name="scanFileId">
                    {(field) => (
                      <DocumentUpload
                        id="field-scanFileId"
                        label="Rezept-Scan"
                        path="/api/files/prescription-scans"
                        tooLargeMessage="Der Rezept-Scan ist größer als 10 MB."
                        className="space-y-2 sm:col-span-2"
                        fileId={field.state.value}
                        error={
                          typeof field.state.meta.errorMap.onServer === 'string'
                            ? field.state.meta.errorMap.onServer
                            : null
                        }
                        onUploaded={(fileId) => field.handleChange(fileId)}
                      />
                    )}
                  </form.Field>
                )}
              </>
            )}
          </form.Subscribe>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {current && (
            <Button variant="secondary" onClick={onDone}>
              Abbrechen
            </Button>
          )}
          <form.SubmitButton>Rezept speichern</form.SubmitButton>
        </div>
      </form.FormFrame>
    </form.AppForm>
  )
}

/** What the shop customer handed in at checkout: the pharmacist records the prescription from it. */
function HandedInEvidence({
  order,
  evidence,
}: {
  order: CustomerOrderDetail
  evidence: CustomerOrderEvidenceDetail
}) {
  return (
    <div className="mt-4 rounded-lg border border-border bg-surface-muted p-4">
      <h3 className="font-semibold text-ink">Im Shop eingereicht</h3>
      <dl className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-ink-muted">Kostenträger</dt>
          <dd className="font-medium text-ink">{payerKindLabels[evidence.payer]}</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">Nachweis</dt>
          <dd className="font-medium text-ink">{prescriptionEvidenceLabels[evidence.kind]}</dd>
        </div>
        {evidence.eRezeptToken && (
          <div className="sm:col-span-3">
            <dt className="text-sm text-ink-muted">E-Rezept-Token</dt>
            <dd className="font-mono text-sm break-all text-ink">{evidence.eRezeptToken}</dd>
          </div>
        )}
        {evidence.payer === 'statutory' && (
          <div>
            <dt className="text-sm text-ink-muted">Zuzahlungsbefreiung</dt>
            <dd className="font-medium text-ink">
              {evidence.exemptionFileId ? 'Bescheinigung hochgeladen' : 'keine'}
            </dd>
          </div>
        )}
      </dl>
      {evidence.scanFileId && (
        <div className="mt-3">
          <CertificateLinks
            fileId={evidence.scanFileId}
            fileName={`rezept-${order.number}`}
            failureMessage="Der Rezept-Scan konnte nicht geladen werden."
          />
        </div>
      )}
      {evidence.exemptionFileId && (
        <div className="mt-3">
          <CertificateLinks
            fileId={evidence.exemptionFileId}
            fileName={`befreiung-${order.number}`}
            failureMessage="Die Befreiungsbescheinigung konnte nicht geladen werden."
          />
        </div>
      )}
    </div>
  )
}

/** The order's prescription: its facts and validity, the form while the order is new, the check. */
export function PrescriptionCard({ order }: { order: CustomerOrderDetail }) {
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState(false)
  const [checking, setChecking] = useState(false)
  const [recordingOriginal, setRecordingOriginal] = useState(false)
  const { user } = useSession()
  // The service refuses anyone else; the card says why instead of offering the button.
  const pharmacist =
    isBusinessUser(user) && mayTakePharmacistStep(user.organisation.category, user.qualification)
  const prescription = order.prescription
  const showForm = order.editable && (editing || !prescription)

  async function check() {
    setChecking(true)
    try {
      await checkPrescriptionFn({ data: { id: order.id, version: order.version } })
      await queryClient.invalidateQueries({ queryKey: customerOrdersKey })
      toast.success('Das Rezept ist als geprüft vermerkt.')
    } catch (error) {
      toast.error(failureOf(error).message)
    } finally {
      setChecking(false)
    }
  }

  // The goods leave only with the original or the redeemed e-Rezept (domain.md).
  async function recordOriginal() {
    setRecordingOriginal(true)
    try {
      await recordPrescriptionOriginalFn({ data: { id: order.id, version: order.version } })
      await queryClient.invalidateQueries({ queryKey: customerOrdersKey })
      toast.success('Vermerkt: Die Ware darf abgegeben werden.')
    } catch (error) {
      toast.error(failureOf(error).message)
    } finally {
      setRecordingOriginal(false)
    }
  }

  return (
    <section
      aria-labelledby="prescription"
      className="rounded-card border border-border bg-surface p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="prescription" className="text-lg font-semibold">
          Rezept
        </h2>
        {prescription &&
          (prescription.checkedAt ? (
            <StatusBadge tone="success">Geprüft</StatusBadge>
          ) : (
            <StatusBadge tone="warning">Nicht geprüft</StatusBadge>
          ))}
      </div>
      {order.evidence && <HandedInEvidence order={order} evidence={order.evidence} />}
      {order.needsPrescription && !prescription && (
        <p className="mt-2 text-ink-muted">
          Für die verschreibungspflichtigen Positionen ist ein Rezept nötig. Erfasse und prüfe es,
          bevor du den Auftrag bestätigst.
        </p>
      )}
      {prescription && !showForm && (
        <>
          <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-3">
            {(
              [
                ['Kostenträger', payerKindLabels[prescription.payer]],
                ['Form', prescriptionFormLabels[prescription.form]],
                ['Verschrieben von', prescription.prescriberName],
                ['Ausgestellt am', formatDate(prescription.issuedOn)],
                ['Gebrauchsanweisung', prescription.dosage ?? '–'],
                [
                  'Zubereitung',
                  prescription.preparation
                    ? prescribedPreparationLabels[prescription.preparation]
                    : 'nicht angegeben',
                ],
                [
                  'Gültig bis',
                  `${formatDate(prescription.validUntil)}${prescription.validToday ? '' : ' – abgelaufen'}`,
                ],
                prescription.payer === 'statutory' && [
                  'Krankenkasse',
                  [prescription.insurerName, prescription.insuranceNumber]
                    .filter(Boolean)
                    .join(', ') || '–',
                ],
                prescription.payer === 'statutory' && [
                  'Zuzahlung',
                  prescription.copaymentExempt
                    ? 'befreit'
                    : `${formatMoney(order.copaymentCents)} (Kasse: ${formatMoney(order.insurerCents)})`,
                ],
                prescription.form === 'paper' && [
                  'Scan',
                  prescription.scanFileId ? 'liegt vor' : 'keiner',
                ],
                prescription.checkedAt && [
                  'Geprüft am',
                  `${formatDateTime(prescription.checkedAt)} von ${prescription.checkedByName ?? '–'}`,
                ],
                [
                  prescriptionOriginalLabels[prescription.form],
                  prescription.originalAt
                    ? `${formatDateTime(prescription.originalAt)} von ${prescription.originalByName ?? '–'}`
                    : 'noch nicht – die Ware darf erst danach abgegeben oder versandt werden',
                ],
              ].filter(Boolean) as [string, string][]
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm text-ink-muted">{label}</dt>
                <dd className="font-medium text-ink">{value}</dd>
              </div>
            ))}
          </dl>
          {prescription.form === 'paper' && prescription.scanFileId && (
            <div className="mt-4">
              <CertificateLinks
                fileId={prescription.scanFileId}
                fileName={`rezept-${order.number}`}
                failureMessage="Der Rezept-Scan konnte nicht geladen werden."
              />
            </div>
          )}
          {order.editable && (
            <div className="mt-4 flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Rezept ändern
              </Button>
              {!prescription.checkedAt && pharmacist && (
                <Button onClick={() => void check()} pending={checking}>
                  <ClipboardCheck className="size-4" aria-hidden="true" />
                  Rezept geprüft
                </Button>
              )}
            </div>
          )}
          {!prescription.originalAt && prescriptionOriginalStatuses.includes(order.status) && (
            <div className="mt-4">
              <Button
                variant="secondary"
                onClick={() => void recordOriginal()}
                pending={recordingOriginal}
              >
                <FileCheck className="size-4" aria-hidden="true" />
                {prescriptionOriginalLabels[prescription.form]}
              </Button>
            </div>
          )}
          {order.editable && !prescription.checkedAt && !pharmacist && (
            <p className="mt-3 text-sm text-ink-muted">
              {pharmacistOnlyMessages.prescriptionCheck}
            </p>
          )}
        </>
      )}
      {showForm && <PrescriptionFormView order={order} onDone={() => setEditing(false)} />}
      {!order.editable && !prescription && (
        <p className="mt-2 text-ink-muted">Zu diesem Auftrag ist kein Rezept erfasst.</p>
      )}
    </section>
  )
}
