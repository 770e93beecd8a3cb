import type { ShopSettings } from '~/lib/shop-settings'
import { FormSection } from '../../forms/layout'
import { DomainVerification } from './DomainVerification'
import type { ShopForm } from './useShopSettingsForm'

export function CustomDomainSection({
  form,
  settings,
}: {
  form: ShopForm
  settings: ShopSettings
}) {
  return (
    <FormSection title="Eigene Domain">
      <form.AppField name="customDomain">
        {(field) => (
          <field.InputField
            label="Domain (optional)"
            hint="Zum Beispiel shop.ihre-apotheke.de – ohne https:// und ohne Pfad."
          />
        )}
      </form.AppField>
      <div className="text-sm text-ink sm:col-span-2">
        <p className="font-medium">So richtest du die Domain ein</p>
        <ol className="mt-1 list-decimal space-y-1 pl-5">
          <li>Trag die Domain hier ein und speichere.</li>
          <li>
            Lege bei deinem Domain-Anbieter für diese Domain einen CNAME-Eintrag auf{' '}
            <code className="rounded bg-surface-muted px-1">{settings.cnameTarget}</code> an und den
            TXT-Eintrag, der unten erscheint: Er beweist, dass die Domain dir gehört.
          </li>
          <li>
            Bitte den Plattformbetrieb, ein TLS-Zertifikat für die Domain einzurichten; es wird
            nicht automatisch ausgestellt.
          </li>
          <li>
            Klicke auf „Jetzt prüfen“. Erst wenn der TXT-Eintrag gefunden wurde, zeigt die Domain
            deinen Shop; bis dahin bleibt er unter {settings.address} erreichbar. Wir prüfen den
            Eintrag regelmäßig: Entfernst du ihn, ist die Domain nicht mehr bestätigt.
          </li>
        </ol>
      </div>
      {settings.domainVerification && settings.customDomain && (
        <DomainVerification
          organisationId={settings.organisationId}
          domain={settings.customDomain}
          verification={settings.domainVerification}
        />
      )}
    </FormSection>
  )
}
