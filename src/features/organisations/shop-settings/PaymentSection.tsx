import { shopPaymentMethodLabels } from '~/lib/shop'
import type { ShopSettings } from '~/lib/shop-settings'
import { CheckboxField } from '../../product-db/form-controls'
import { Section } from '../../product-db/ProductFactsFields'
import { MollieKeyPanel } from './MollieKeyPanel'
import type { ShopForm } from './useShopSettingsForm'

export function PaymentSection({ form, settings }: { form: ShopForm; settings: ShopSettings }) {
  const { iban, bic, bankName } = settings.bankAccount
  return (
    <Section title="Zahlungsarten">
      <div className="space-y-4 sm:col-span-2">
        <form.Field name="payments.pickup">
          {(field) => <CheckboxField field={field} label={shopPaymentMethodLabels.pickup} />}
        </form.Field>
        <form.Field name="payments.bank_transfer">
          {(field) => (
            <CheckboxField
              field={field}
              label="Überweisung (Vorkasse)"
              hint={
                iban
                  ? `Kundinnen und Kunden überweisen auf ${iban}${bic ? `, BIC ${bic}` : ''}${bankName ? ` (${bankName})` : ''} – die Bankverbindung aus dem Briefkopf.`
                  : 'Hinterlegen Sie zuerst die IBAN im Briefkopf (Tab „Stammdaten“); sie erscheint in der Bestellbestätigung.'
              }
            />
          )}
        </form.Field>
        <form.Field name="payments.mollie">
          {(field) => (
            <CheckboxField
              field={field}
              label="Online bezahlen mit Mollie"
              hint="Wird im Checkout nur angeboten, solange ein Mollie-Schlüssel hinterlegt ist."
            />
          )}
        </form.Field>
        <MollieKeyPanel settings={settings} />
      </div>
    </Section>
  )
}
