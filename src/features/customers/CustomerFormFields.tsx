import type { AnyFieldApi, AnyFormApi } from '@tanstack/react-form'
import { useStore } from '@tanstack/react-form'
import {
  type CustomerKind,
  customerKindLabels,
  eInvoiceFormatLabels,
  eInvoiceFormats,
  payerKindLabels,
  payerKinds,
} from '~/lib/customers'
import { countryLabel } from '~/lib/products'
import { CheckboxField, DateField, InputField, SelectField } from '../forms/fields'

const countryOptions = ['DE', 'AT', 'CH', 'NL', 'BE', 'LU', 'DK', 'CZ', 'PL', 'FR', 'ES', 'IT'].map(
  (value) => ({ value, label: countryLabel(value) }),
)
const payerOptions = payerKinds.map((value) => ({ value, label: payerKindLabels[value] }))
const eInvoiceFormatOptions = eInvoiceFormats.map((value) => ({
  value,
  label: eInvoiceFormatLabels[value],
}))

/**
 * The fields of a customer for the kind chosen: the create and edit pages and the picker's
 * dialog share them. `kinds` offers the organisation's kinds (a choice only when creating and
 * when there is more than one).
 */
export function CustomerFormFields({
  form,
  kinds,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: TanStack Form's full generic type of a concrete form
  form: AnyFormApi & { Field: any }
  /** The kinds to choose from; none when the kind is fixed (editing). */
  kinds?: readonly CustomerKind[]
}) {
  const kind = useStore(
    form.store,
    (state: { values: { kind: CustomerKind } }) => state.values.kind,
  )
  const payer = useStore(
    form.store,
    (state: { values: { payerKind: string } }) => state.values.payerKind,
  )
  const Field = form.Field
  const text = (name: string, label: string, hint?: string, inputMode?: 'numeric') => (
    <Field name={name}>
      {(field: AnyFieldApi) => (
        <InputField field={field} label={label} hint={hint} inputMode={inputMode} />
      )}
    </Field>
  )
  return (
    <div className="space-y-4">
      {kinds && kinds.length > 1 && (
        <Field name="kind">
          {(field: AnyFieldApi) => (
            <fieldset>
              <legend className="text-sm font-medium text-ink">Art des Kunden</legend>
              <div className="mt-1 flex flex-wrap gap-4">
                {kinds.map((value) => (
                  <label key={value} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={field.name}
                      value={value}
                      checked={field.state.value === value}
                      onChange={() => field.handleChange(value)}
                    />
                    {customerKindLabels[value]}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </Field>
      )}
      {kind === 'business' ? (
        <>
          {text('companyName', 'Firma')}
          {text('contactPerson', 'Ansprechperson (optional)')}
          <div className="grid gap-4 sm:grid-cols-2">
            {text('vatId', 'USt-IdNr. (optional)', 'z. B. DE123456789')}
            {text('licenceNumber', 'Erlaubnisnummer (optional)')}
          </div>
          <Field name="eInvoiceFormat">
            {(field: AnyFieldApi) => (
              <SelectField
                field={field}
                label="E-Rechnungsformat"
                options={eInvoiceFormatOptions}
                hint="Rechnungen an Geschäftskunden gehen immer als E-Rechnung hinaus (§ 14 UStG)."
              />
            )}
          </Field>
          {text(
            'eInvoiceAddress',
            'E-Rechnungsadresse (optional)',
            'Leitweg-ID oder E-Mail-Adresse für E-Rechnungen; ohne sie geht die E-Rechnung an die E-Mail-Adresse.',
          )}
        </>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('firstName', 'Vorname')}
            {text('lastName', 'Nachname')}
          </div>
          <Field name="birthDate">
            {(field: AnyFieldApi) => (
              <DateField
                field={field}
                label="Geburtsdatum"
                hint={kind === 'member' ? 'Mitglieder müssen volljährig sein.' : undefined}
              />
            )}
          </Field>
        </>
      )}
      {text('street', 'Straße und Hausnummer (optional)')}
      <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
        {text('postalCode', 'PLZ', undefined, 'numeric')}
        {text('city', 'Ort')}
      </div>
      <Field name="country">
        {(field: AnyFieldApi) => (
          <SelectField field={field} label="Land" options={countryOptions} />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('email', 'E-Mail (optional)')}
        {text('phone', 'Telefon (optional)')}
      </div>
      {kind === 'patient' && (
        <>
          <Field name="payerKind">
            {(field: AnyFieldApi) => (
              <SelectField
                field={field}
                label="Kostenträger"
                options={payerOptions}
                emptyLabel="Bitte wählen"
              />
            )}
          </Field>
          {payer !== 'self_pay' && payer !== '' && (
            <div className="grid gap-4 sm:grid-cols-2">
              {text(
                'insurerName',
                payer === 'statutory' ? 'Krankenkasse' : 'Versicherung (optional)',
              )}
              {text(
                'insuranceNumber',
                payer === 'statutory' ? 'Versichertennummer' : 'Versicherungsnummer (optional)',
              )}
            </div>
          )}
          {payer === 'statutory' && (
            <Field name="copaymentExempt">
              {(field: AnyFieldApi) => (
                <CheckboxField
                  field={field}
                  label="Von der Zuzahlung befreit"
                  hint="Mit Befreiungsbescheinigung der Krankenkasse (§ 62 SGB V)."
                />
              )}
            </Field>
          )}
        </>
      )}
      {kind === 'member' && (
        <>
          {text('membershipNumber', 'Mitgliedsnummer (optional)')}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field name="joinedOn">
              {(field: AnyFieldApi) => <DateField field={field} label="Mitglied seit (optional)" />}
            </Field>
            <Field name="idCheckedOn">
              {(field: AnyFieldApi) => (
                <DateField field={field} label="Ausweis geprüft am (optional)" />
              )}
            </Field>
          </div>
        </>
      )}
    </div>
  )
}
