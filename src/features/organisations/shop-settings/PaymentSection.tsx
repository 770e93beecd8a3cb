import { shopPaymentMethodLabels } from '~/lib/shop'
import type { ShopSettings } from '~/lib/shop-settings'
import { FormSection } from '../../forms/layout'
import { MollieKeyPanel } from './MollieKeyPanel'
import type { ShopForm } from './useShopSettingsForm'

export function PaymentSection({ form, settings }: { form: ShopForm; settings: ShopSettings }) {
  const { iban, bic, bankName } = settings.bankAccount
  return (
    <FormSection title="Zahlungsarten">
      <div className="space-y-4 sm:col-span-2">
        <form.AppField name="payments.pickup">
          {(field) => <field.CheckboxField label={shopPaymentMethodLabels.pickup} />}
        </form.AppField>
        <form.AppField name="payments.bank_transfer">
          {(field) => (
            <field.CheckboxField
              label="Überweisung (Vorkasse)"
              hint={
                iban
                  ? `Kundinnen und Kunden überweisen auf ${iban}${bic ? `, BIC ${bic}` : ''}${bankName ? ` (${bankName})` : ''} – die Bankverbindung aus dem Briefkopf.`
                  : 'Hinterlege zuerst die IBAN im Briefkopf (Tab „Stammdaten“); sie erscheint in der Bestellbestätigung.'
              }
            />
          )}
        </form.AppField>
        <form.AppField name="payments.mollie">
          {(field) => (
            <field.CheckboxField
              label="Online bezahlen mit Mollie"
              hint="Wird im Checkout nur angeboten, solange ein Mollie-Schlüssel hinterlegt ist."
            />
          )}
        </form.AppField>
        <MollieKeyPanel settings={settings} />
      </div>
    </FormSection>
  )
}
