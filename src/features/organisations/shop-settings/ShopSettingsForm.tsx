import { useStore } from '@tanstack/react-form'
import { useState } from 'react'
import type { ShopSettings } from '~/lib/shop-settings'
import { FormAlert } from '../../forms/field-parts'
import { FormSection } from '../../forms/layout'
import { UnsavedChangesDialog } from '../../forms/UnsavedChangesDialog'
import { ColourField } from './ColourField'
import { ContactFromRecord } from './ContactFromRecord'
import { ContrastReport } from './ContrastReport'
import { CustomDomainSection } from './CustomDomainSection'
import { DeliverySection } from './DeliverySection'
import { MarkdownField } from './MarkdownField'
import { PaymentSection } from './PaymentSection'
import { ShopLogoField } from './ShopLogoField'
import { ShopPreview } from './ShopPreview'
import { ShopStatus } from './ShopStatus'
import { useShopSettingsForm } from './useShopSettingsForm'

export function ShopSettingsForm({ settings }: { settings: ShopSettings }) {
  const [failure, setFailure] = useState<string | null>(null)
  const shop = settings.kind === 'shop'
  const form = useShopSettingsForm(settings, setFailure)
  const values = useStore(form.store, (state) => state.values)

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="space-y-6">
        <ShopStatus settings={settings} />
        <form.AppForm>
          <form.FormFrame className="space-y-6">
            {failure && <FormAlert>{failure}</FormAlert>}
            <FormSection title={shop ? 'Auftritt' : 'Name und Logo'}>
              <form.AppField name="shopName">
                {(field) => <field.InputField label={shop ? 'Name des Shops' : 'Name'} />}
              </form.AppField>
              <div className="sm:col-span-2">
                <form.AppField name="logoUrl">{() => <ShopLogoField />}</form.AppField>
              </div>
              {shop && (
                <>
                  <form.AppField name="colors.primary">
                    {(field) => (
                      <ColourField
                        field={field}
                        label="Hauptfarbe"
                        hint="Kopfzeile, Schaltflächen und Symbole."
                      />
                    )}
                  </form.AppField>
                  <form.AppField name="colors.primaryForeground">
                    {(field) => (
                      <ColourField
                        field={field}
                        label="Schriftfarbe auf der Hauptfarbe"
                        hint="Text in der Kopfzeile und auf Schaltflächen."
                      />
                    )}
                  </form.AppField>
                  <form.AppField name="colors.accent">
                    {(field) => (
                      <ColourField
                        field={field}
                        label="Akzentfarbe"
                        hint="Ladebalken und Hervorhebungen, nie für Text."
                      />
                    )}
                  </form.AppField>
                  <ContrastReport colours={values.colors} />
                </>
              )}
            </FormSection>

            <FormSection title="Kontakt und Öffnungszeiten">
              <div className="sm:col-span-2">
                <ContactFromRecord contact={settings.config.contact} />
              </div>
              <div className="sm:col-span-2">
                <form.AppField name="contact.openingHours">
                  {(field) => (
                    <field.InputField
                      label="Öffnungszeiten"
                      hint="Eine Zeile je Tag oder Zeitraum, z. B. „Mo–Fr 8:00–18:30“."
                      multiline
                    />
                  )}
                </form.AppField>
              </div>
            </FormSection>

            {shop && (
              <>
                <DeliverySection form={form} />
                <PaymentSection form={form} settings={settings} />
                <FormSection title="Anzeige im Shop">
                  <form.AppField name="showPricesPublicly">
                    {(field) => (
                      <field.CheckboxField
                        label="Preise öffentlich zeigen"
                        hint="Sonst sehen nur angemeldete Kundinnen und Kunden die Preise."
                      />
                    )}
                  </form.AppField>
                  <form.AppField name="showStockAmounts">
                    {(field) => (
                      <field.CheckboxField
                        label="Genaue Bestände zeigen"
                        hint="Sonst nur „vorrätig“ oder „nicht vorrätig“."
                      />
                    )}
                  </form.AppField>
                </FormSection>
              </>
            )}

            <fieldset className="rounded-card border border-border bg-surface p-6">
              <legend className="px-1 text-lg font-semibold text-ink">Rechtstexte</legend>
              <p className="mt-1 text-sm text-ink-muted">
                In Markdown: Leerzeile für einen neuen Absatz, <code>## Überschrift</code>,{' '}
                <code>**fett**</code>, <code>- Aufzählung</code>, <code>[Text](https://…)</code>.
                HTML wird nicht übernommen.
              </p>
              <div className="mt-4 space-y-6">
                <form.AppField name="legalNotice">
                  {(field) => <MarkdownField field={field} label="Impressum" />}
                </form.AppField>
                <form.AppField name="privacyPolicy">
                  {(field) => (
                    <MarkdownField
                      field={field}
                      label="Datenschutzerklärung"
                      template={settings.legalTemplates?.privacyPolicy}
                    />
                  )}
                </form.AppField>
                {shop && (
                  <>
                    <form.AppField name="terms">
                      {(field) => (
                        <MarkdownField
                          field={field}
                          label="Allgemeine Geschäftsbedingungen (AGB)"
                          template={settings.legalTemplates?.terms}
                        />
                      )}
                    </form.AppField>
                    <form.AppField name="withdrawalInformation">
                      {(field) => (
                        <MarkdownField
                          field={field}
                          label="Widerrufsbelehrung"
                          template={settings.legalTemplates?.withdrawalInformation}
                        />
                      )}
                    </form.AppField>
                  </>
                )}
              </div>
            </fieldset>

            <CustomDomainSection form={form} settings={settings} />

            <div className="flex justify-end">
              <form.SubmitButton>
                {settings.published ? 'Speichern' : 'Speichern und Shop veröffentlichen'}
              </form.SubmitButton>
            </div>
          </form.FormFrame>
        </form.AppForm>
        <UnsavedChangesDialog unsaved={() => !form.state.isDefaultValue} />
      </div>
      {shop && (
        <aside aria-label="Vorschau" className="xl:sticky xl:top-4 xl:self-start">
          <ShopPreview values={values} />
        </aside>
      )}
    </div>
  )
}
