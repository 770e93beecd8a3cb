import { useStore } from '@tanstack/react-form'
import { useState } from 'react'
import type { ShopSettings } from '~/lib/shop-settings'
import { FormAlert } from '../../forms/field-parts'
import { FormFrame, SubmitButton } from '../../forms/fields'
import { UnsavedChangesDialog } from '../../forms/UnsavedChangesDialog'
import { CheckboxField, InputField } from '../../product-db/form-controls'
import { Section } from '../../product-db/ProductFactsFields'
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
        <FormFrame form={form} className="space-y-6">
          {failure && <FormAlert>{failure}</FormAlert>}
          <Section title={shop ? 'Auftritt' : 'Name und Logo'}>
            <form.Field name="shopName">
              {(field) => <InputField field={field} label={shop ? 'Name des Shops' : 'Name'} />}
            </form.Field>
            <div className="sm:col-span-2">
              <form.Field name="logoUrl">{(field) => <ShopLogoField field={field} />}</form.Field>
            </div>
            {shop && (
              <>
                <form.Field name="colors.primary">
                  {(field) => (
                    <ColourField
                      field={field}
                      label="Hauptfarbe"
                      hint="Kopfzeile, Schaltflächen und Symbole."
                    />
                  )}
                </form.Field>
                <form.Field name="colors.primaryForeground">
                  {(field) => (
                    <ColourField
                      field={field}
                      label="Schriftfarbe auf der Hauptfarbe"
                      hint="Text in der Kopfzeile und auf Schaltflächen."
                    />
                  )}
                </form.Field>
                <form.Field name="colors.accent">
                  {(field) => (
                    <ColourField
                      field={field}
                      label="Akzentfarbe"
                      hint="Ladebalken und Hervorhebungen, nie für Text."
                    />
                  )}
                </form.Field>
                <ContrastReport colours={values.colors} />
              </>
            )}
          </Section>

          <Section title="Kontakt und Öffnungszeiten">
            <div className="sm:col-span-2">
              <ContactFromRecord contact={settings.config.contact} />
            </div>
            <div className="sm:col-span-2">
              <form.Field name="contact.openingHours">
                {(field) => (
                  <InputField
                    field={field}
                    label="Öffnungszeiten"
                    hint="Eine Zeile je Tag oder Zeitraum, z. B. „Mo–Fr 8:00–18:30“."
                    multiline
                  />
                )}
              </form.Field>
            </div>
          </Section>

          {shop && (
            <>
              <DeliverySection form={form} />
              <PaymentSection form={form} settings={settings} />
              <Section title="Anzeige im Shop">
                <form.Field name="showPricesPublicly">
                  {(field) => (
                    <CheckboxField
                      field={field}
                      label="Preise öffentlich zeigen"
                      hint="Sonst sehen nur angemeldete Kundinnen und Kunden die Preise."
                    />
                  )}
                </form.Field>
                <form.Field name="showStockAmounts">
                  {(field) => (
                    <CheckboxField
                      field={field}
                      label="Genaue Bestände zeigen"
                      hint="Sonst nur „vorrätig“ oder „nur noch wenige“."
                    />
                  )}
                </form.Field>
              </Section>
            </>
          )}

          <fieldset className="rounded-card border border-border bg-surface p-6">
            <legend className="px-1 text-lg font-semibold text-ink">Rechtstexte</legend>
            <p className="mt-1 text-sm text-ink-muted">
              In Markdown: Leerzeile für einen neuen Absatz, <code>## Überschrift</code>,{' '}
              <code>**fett**</code>, <code>- Aufzählung</code>, <code>[Text](https://…)</code>. HTML
              wird nicht übernommen.
            </p>
            <div className="mt-4 space-y-6">
              <form.Field name="legalNotice">
                {(field) => <MarkdownField field={field} label="Impressum" />}
              </form.Field>
              <form.Field name="privacyPolicy">
                {(field) => <MarkdownField field={field} label="Datenschutzerklärung" />}
              </form.Field>
              {shop && (
                <>
                  <form.Field name="terms">
                    {(field) => (
                      <MarkdownField field={field} label="Allgemeine Geschäftsbedingungen (AGB)" />
                    )}
                  </form.Field>
                  <form.Field name="withdrawalInformation">
                    {(field) => <MarkdownField field={field} label="Widerrufsbelehrung" />}
                  </form.Field>
                </>
              )}
            </div>
          </fieldset>

          <CustomDomainSection form={form} settings={settings} />

          <div className="flex justify-end">
            <SubmitButton form={form}>
              {settings.published ? 'Speichern' : 'Speichern und Shop veröffentlichen'}
            </SubmitButton>
          </div>
        </FormFrame>
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
