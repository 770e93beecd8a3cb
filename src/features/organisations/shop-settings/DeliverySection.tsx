import { FormSection } from '../../forms/layout'
import { MethodFields } from './MethodFields'
import { MailOrderLogoField } from './ShopLogoField'
import type { ShopForm } from './useShopSettingsForm'

export function DeliverySection({ form }: { form: ShopForm }) {
  return (
    <FormSection title="Lieferarten">
      <MethodFields form={form} kind="pickup" title="Abholung">
        <form.AppField name="pickup.street">
          {(field) => <field.InputField label="Straße und Hausnummer" />}
        </form.AppField>
        <div className="grid grid-cols-[8rem_1fr] gap-4">
          <form.AppField name="pickup.postalCode">
            {(field) => <field.InputField label="PLZ" inputMode="numeric" />}
          </form.AppField>
          <form.AppField name="pickup.city">
            {(field) => <field.InputField label="Ort" />}
          </form.AppField>
        </div>
        <div className="sm:col-span-2">
          <form.AppField name="pickup.openingHours">
            {(field) => <field.InputField label="Abholzeiten" multiline />}
          </form.AppField>
        </div>
      </MethodFields>
      <MethodFields form={form} kind="courier" title="Botendienst">
        <div className="sm:col-span-2">
          <form.AppField name="courier.postalCodes">
            {(field) => (
              <field.InputField
                label="Belieferte Postleitzahlen"
                hint="Durch Komma oder Leerzeichen getrennt, z. B. 20095, 20097, 20099."
                multiline
              />
            )}
          </form.AppField>
        </div>
        <form.AppField name="courier.fee">
          {(field) => <field.InputField label="Liefergebühr (€)" inputMode="decimal" />}
        </form.AppField>
        <form.AppField name="courier.freeFrom">
          {(field) => (
            <field.InputField
              label="Kostenlos ab Bestellwert (€)"
              hint="Leer lassen, wenn der Botendienst immer kostet."
              inputMode="decimal"
            />
          )}
        </form.AppField>
      </MethodFields>
      <MethodFields form={form} kind="shipping" title="Versand">
        <form.AppField name="shipping.fee">
          {(field) => <field.InputField label="Versandkosten (€)" inputMode="decimal" />}
        </form.AppField>
        <p className="text-sm text-ink-muted sm:col-span-2">
          Versand nur mit Versandhandelserlaubnis (§ 11a ApoG) und dem EU-Sicherheitslogo mit Link
          auf deinen Eintrag im Versandhandelsregister; beides zeigt der Shop auf jeder Seite.
        </p>
        <form.AppField name="mailOrder.permitAuthority">
          {(field) => <field.InputField label="Erlaubnis erteilt von (Behörde)" />}
        </form.AppField>
        <form.AppField name="mailOrder.permitDate">
          {(field) => <field.DateField label="Datum der Versandhandelserlaubnis" />}
        </form.AppField>
        <div className="sm:col-span-2">
          <form.AppField name="mailOrder.registerUrl">
            {(field) => (
              <field.InputField
                label="Link zum Eintrag im Versandhandelsregister"
                hint="Die Adresse, die das Register für deine Apotheke vergeben hat, mit https://."
              />
            )}
          </form.AppField>
        </div>
        <div className="sm:col-span-2">
          <form.AppField name="mailOrder.logoUrl">{() => <MailOrderLogoField />}</form.AppField>
        </div>
      </MethodFields>
    </FormSection>
  )
}
