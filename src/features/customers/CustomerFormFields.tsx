import { useStore } from '@tanstack/react-form'
import {
  type CustomerKind,
  customerKindLabels,
  eInvoiceFormatLabels,
  eInvoiceFormats,
  licenceRequiredFor,
  licenceTypeLabels,
  licenceTypes,
  payerKindLabels,
  payerKinds,
} from '~/lib/customers'
import { countryLabel } from '~/lib/products'
import type { AppFieldApi, FieldSetForm } from '../forms/form-hook'
import { isBusinessUser } from '../session/session-store'
import { useSession } from '../session/use-session'

const countryOptions = ['DE', 'AT', 'CH', 'NL', 'BE', 'LU', 'DK', 'CZ', 'PL', 'FR', 'ES', 'IT'].map(
  (value) => ({ value, label: countryLabel(value) }),
)
const payerOptions = payerKinds.map((value) => ({ value, label: payerKindLabels[value] }))
const licenceTypeOptions = licenceTypes.map((value) => ({
  value,
  label: licenceTypeLabels[value],
}))
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
  teamUserOptions = [],
}: {
  form: FieldSetForm
  /** The kinds to choose from; none when the kind is fixed (editing). */
  kinds?: readonly CustomerKind[]
  /** Members: the club's user accounts the owner may link (none: the link is not offered). */
  teamUserOptions?: { id: string; name: string }[]
}) {
  const kind = useStore(
    form.store,
    (state: { values: { kind: CustomerKind } }) => state.values.kind,
  )
  const payer = useStore(
    form.store,
    (state: { values: { payerKind: string } }) => state.values.payerKind,
  )
  const licenceType = useStore(
    form.store,
    (state: { values: { licenceType: string } }) => state.values.licenceType,
  )
  // Wholesalers and producers deliver only to licensed businesses (§ 47 AMG): the service
  // refuses a business customer without its licence, so the form asks for it as required.
  const { user } = useSession()
  const licenceRequired = isBusinessUser(user) && licenceRequiredFor(user.organisation.category)
  const optional = licenceRequired ? '' : ' (optional)'
  const { AppField } = form
  const text = (name: string, label: string, hint?: string, inputMode?: 'numeric') => (
    <AppField name={name}>
      {(field: AppFieldApi) => <field.InputField label={label} hint={hint} inputMode={inputMode} />}
    </AppField>
  )
  return (
    <div className="space-y-4">
      {kinds && kinds.length > 1 && (
        <AppField name="kind">
          {(field: AppFieldApi) => (
            <field.RadioGroupField
              label="Art des Kunden"
              inline
              options={kinds.map((value) => ({ value, label: customerKindLabels[value] }))}
            />
          )}
        </AppField>
      )}
      {kind === 'business' ? (
        <>
          {text('companyName', 'Firma')}
          {text('contactPerson', 'Ansprechperson (optional)')}
          {text('vatId', 'USt-IdNr. (optional)', 'z. B. DE123456789')}
          <fieldset className="space-y-4">
            <legend className="text-sm font-medium text-ink">Erlaubnis des Kunden</legend>
            <AppField name="licenceType">
              {(field: AppFieldApi) => (
                <field.SelectField
                  label={`Art der Erlaubnis${optional}`}
                  options={licenceTypeOptions}
                  emptyLabel="Bitte wählen"
                  hint={
                    licenceRequired
                      ? 'Sie dürfen nur an Kunden mit gültiger Erlaubnis liefern (§ 47 AMG, § 4 MedCanG).'
                      : undefined
                  }
                />
              )}
            </AppField>
            <div className="grid gap-4 sm:grid-cols-2">
              {text('licenceNumber', `Erlaubnisnummer${optional}`)}
              {text('licenceAuthority', `Erteilt von (Behörde)${optional}`)}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <AppField name="licenceValidUntil">
                {(field: AppFieldApi) => <field.DateField label={`Gültig bis${optional}`} />}
              </AppField>
              {licenceType !== 'pharmacy' &&
                text('medcanPermitNumber', `Erlaubnis nach § 4 MedCanG (Nr.)${optional}`)}
            </div>
          </fieldset>
          <AppField name="eInvoiceFormat">
            {(field: AppFieldApi) => (
              <field.SelectField
                label="E-Rechnungsformat"
                options={eInvoiceFormatOptions}
                hint="Rechnungen an Geschäftskunden gehen immer als E-Rechnung hinaus (§ 14 UStG)."
              />
            )}
          </AppField>
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
          <AppField name="birthDate">
            {(field: AppFieldApi) => (
              <field.DateField
                label="Geburtsdatum"
                hint={kind === 'member' ? 'Mitglieder müssen volljährig sein.' : undefined}
              />
            )}
          </AppField>
        </>
      )}
      {text('street', 'Straße und Hausnummer (optional)')}
      <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
        {text('postalCode', 'PLZ', undefined, 'numeric')}
        {text('city', 'Ort')}
      </div>
      <AppField name="country">
        {(field: AppFieldApi) => <field.SelectField label="Land" options={countryOptions} />}
      </AppField>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('email', 'E-Mail (optional)')}
        {text('phone', 'Telefon (optional)')}
      </div>
      {kind === 'patient' && (
        <>
          <AppField name="payerKind">
            {(field: AppFieldApi) => (
              <field.SelectField
                label="Kostenträger"
                options={payerOptions}
                emptyLabel="Bitte wählen"
              />
            )}
          </AppField>
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
            <AppField name="copaymentExempt">
              {(field: AppFieldApi) => (
                <field.CheckboxField
                  label="Von der Zuzahlung befreit"
                  hint="Mit Befreiungsbescheinigung der Krankenkasse (§ 62 SGB V)."
                />
              )}
            </AppField>
          )}
        </>
      )}
      {kind === 'member' && (
        <>
          {text('membershipNumber', 'Mitgliedsnummer (optional)')}
          <div className="grid gap-4 sm:grid-cols-2">
            <AppField name="joinedOn">
              {(field: AppFieldApi) => <field.DateField label="Mitglied seit (optional)" />}
            </AppField>
            <AppField name="idCheckedOn">
              {(field: AppFieldApi) => <field.DateField label="Ausweis geprüft am (optional)" />}
            </AppField>
          </div>
          <fieldset className="space-y-4">
            <legend className="text-sm font-medium text-ink">
              Erklärung und Nachweis des Mitglieds (§ 16 Abs. 3, 4 KCanG)
            </legend>
            <p className="text-sm text-ink-muted">
              Ohne beides wird nichts abgegeben. Eingetragen wird das Datum der schriftlichen
              Erklärung und des vorgelegten Nachweises.
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              <AppField name="noOtherClubDeclaredOn">
                {(field: AppFieldApi) => (
                  <field.DateField label="Kein Mitglied einer anderen Anbauvereinigung, erklärt am" />
                )}
              </AppField>
              <AppField name="residenceDeclaredOn">
                {(field: AppFieldApi) => (
                  <field.DateField label="Wohnsitz oder gewöhnlicher Aufenthalt in Deutschland nachgewiesen am" />
                )}
              </AppField>
            </div>
          </fieldset>
          <AppField name="leftOn">
            {(field: AppFieldApi) => (
              <field.DateField
                label="Ausgetreten zum (optional)"
                hint="Frühestens nach der Mindestmitgliedschaft laut Satzung (§ 16 Abs. 5 KCanG)."
              />
            )}
          </AppField>
          {teamUserOptions.length > 0 && (
            <AppField name="teamUserId">
              {(field: AppFieldApi) => (
                <field.SelectField
                  label="Benutzerkonto im Team (optional)"
                  options={teamUserOptions.map((option) => ({
                    value: option.id,
                    label: option.name,
                  }))}
                  emptyLabel="Keines"
                  hint="Abgeben dürfen nur Mitglieder (§ 19 Abs. 2 KCanG): Verknüpfe das Konto, mit dem dieses Mitglied abgibt."
                />
              )}
            </AppField>
          )}
        </>
      )}
    </div>
  )
}
