import { InputField } from '../../product-db/form-controls'
import { Section } from '../../product-db/ProductFactsFields'
import { MethodFields } from './MethodFields'
import type { ShopForm } from './useShopSettingsForm'

export function DeliverySection({ form }: { form: ShopForm }) {
  return (
    <Section title="Lieferarten">
      <MethodFields form={form} kind="pickup" title="Abholung">
        <form.Field name="pickup.street">
          {(field) => <InputField field={field} label="Straße und Hausnummer" />}
        </form.Field>
        <div className="grid grid-cols-[8rem_1fr] gap-4">
          <form.Field name="pickup.postalCode">
            {(field) => <InputField field={field} label="PLZ" inputMode="numeric" />}
          </form.Field>
          <form.Field name="pickup.city">
            {(field) => <InputField field={field} label="Ort" />}
          </form.Field>
        </div>
        <div className="sm:col-span-2">
          <form.Field name="pickup.openingHours">
            {(field) => <InputField field={field} label="Abholzeiten" multiline />}
          </form.Field>
        </div>
      </MethodFields>
      <MethodFields form={form} kind="courier" title="Botendienst">
        <div className="sm:col-span-2">
          <form.Field name="courier.postalCodes">
            {(field) => (
              <InputField
                field={field}
                label="Belieferte Postleitzahlen"
                hint="Durch Komma oder Leerzeichen getrennt, z. B. 20095, 20097, 20099."
                multiline
              />
            )}
          </form.Field>
        </div>
        <form.Field name="courier.fee">
          {(field) => <InputField field={field} label="Liefergebühr (€)" inputMode="decimal" />}
        </form.Field>
        <form.Field name="courier.freeFrom">
          {(field) => (
            <InputField
              field={field}
              label="Kostenlos ab Bestellwert (€)"
              hint="Leer lassen, wenn der Botendienst immer kostet."
              inputMode="decimal"
            />
          )}
        </form.Field>
      </MethodFields>
      <MethodFields form={form} kind="shipping" title="Versand">
        <form.Field name="shipping.fee">
          {(field) => <InputField field={field} label="Versandkosten (€)" inputMode="decimal" />}
        </form.Field>
      </MethodFields>
    </Section>
  )
}
