import { type AnyFieldApi, useStore } from '@tanstack/react-form'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Check, CircleAlert, ExternalLink } from 'lucide-react'
import { Tabs } from 'radix-ui'
import { type ReactNode, useState } from 'react'
import { toast } from 'sonner'
import {
  checkShopColours,
  formatContrast,
  graphicContrastMinimum,
  isHexColour,
  textContrastMinimum,
} from '~/lib/colour-contrast'
import { FailureError, failureOf } from '~/lib/failure'
import { shopPaymentMethodLabels } from '~/lib/shop'
import { type ShopSettings, shopLogoUrl } from '~/lib/shop-settings'
import { UploadField } from '../files/UploadField'
import { applyServerErrors } from '../forms/field-errors'
import { FieldView, FormAlert, inputClass } from '../forms/field-parts'
import { changeFieldValue, fieldErrorOf } from '../forms/fields'
import { useAppForm } from '../forms/form-hook'
import { FormSection, focusFirstError } from '../forms/layout'
import { UnsavedChangesDialog } from '../forms/UnsavedChangesDialog'
import { LegalMarkdown } from '../legal/LegalMarkdown'
import { Button } from '../ui/buttons'
import {
  checkShopDomainFn,
  setShopMollieKeyFn,
  testShopMollieConnectionFn,
  updateShopSettingsFn,
} from './shop-settings.functions'
import { shopSettingsQuery } from './shop-settings.queries'
import { draftErrors, draftOf, formValuesOf, type ShopFormValues } from './shop-settings-form'

/**
 * The shop's contact is the organisation's record (Stammdaten and Briefkopf): one phone number,
 * e-mail and address for documents, shop and mails. Shown here, changed there.
 */
function ContactFromRecord({ contact }: { contact: ShopSettings['config']['contact'] }) {
  const lines = [
    contact.street,
    [contact.postalCode, contact.city].filter(Boolean).join(' '),
    contact.phone && `Telefon: ${contact.phone}`,
    contact.email && `E-Mail: ${contact.email}`,
  ].filter(Boolean)
  return (
    <div className="rounded-md border border-border bg-surface-muted p-3 text-sm">
      <p className="font-medium text-ink">Kontaktdaten aus den Stammdaten</p>
      {lines.length > 0 ? (
        lines.map((line) => <p key={line}>{line}</p>)
      ) : (
        <p className="text-ink-muted">Noch keine Kontaktdaten hinterlegt.</p>
      )}
      <p className="mt-1 text-ink-muted">
        Anschrift, Telefon und E-Mail ändern Sie im Tab „Stammdaten“; Shop, E-Mails und Dokumente
        zeigen dieselben Angaben.
      </p>
    </div>
  )
}

/**
 * The organisation page's "Shop" tab (owner): the shop's look, contact, legal texts, delivery and
 * payment, with a live preview of its header and a product card. A club's site has its name,
 * logo, contact and legal texts only (KCanG § 6).
 */
export function ShopSettingsSection({ organisationId }: { organisationId: string }) {
  const { data: settings } = useSuspenseQuery(shopSettingsQuery(organisationId))
  return <ShopSettingsForm key={settings.slug} settings={settings} />
}

/** The settings form: saved as one config; server objections land on the fields they name. */
function useShopSettingsForm(settings: ShopSettings, setFailure: (message: string | null) => void) {
  const queryClient = useQueryClient()
  return useAppForm({
    defaultValues: formValuesOf(settings),
    validators: { onSubmit: ({ value }) => draftErrors(value, settings.kind) },
    onSubmitInvalid: focusFirstError,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      const draft = draftOf(value)
      try {
        const saved = await updateShopSettingsFn({
          data: {
            organisationId: settings.organisationId,
            config: draft.config,
            customDomain: value.customDomain,
          },
        })
        formApi.reset(formValuesOf(saved))
        queryClient.setQueryData(shopSettingsQuery(settings.organisationId).queryKey, saved)
        toast.success(
          settings.published
            ? 'Die Einstellungen sind gespeichert und gelten sofort.'
            : 'Die Einstellungen sind gespeichert. Ihr Shop ist jetzt online.',
        )
      } catch (error) {
        const failure = failureOf(error)
        const errors =
          failure.errors &&
          Object.fromEntries(
            Object.entries(failure.errors).map(([path, message]) => [draft.fieldOf(path), message]),
          )
        setFailure(
          applyServerErrors(formApi, errors ? new FailureError({ ...failure, errors }) : error),
        )
        focusFirstError()
      }
    },
  })
}

type ShopForm = ReturnType<typeof useShopSettingsForm>

function ShopSettingsForm({ settings }: { settings: ShopSettings }) {
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
                        hint="Sonst nur „vorrätig“ oder „nur noch wenige“."
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
                        <MarkdownField
                          field={field}
                          label="Allgemeine Geschäftsbedingungen (AGB)"
                        />
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

function ShopStatus({ settings }: { settings: ShopSettings }) {
  const address = settings.domainVerification?.verifiedAt
    ? `https://${settings.customDomain}`
    : settings.address
  return (
    <section
      aria-labelledby="shop-status"
      className="rounded-card border border-border bg-surface p-6"
    >
      <h2 id="shop-status" className="text-lg font-semibold text-ink">
        {settings.kind === 'shop' ? 'Ihr Shop' : 'Ihre Seite'}
      </h2>
      {settings.published ? (
        <p className="mt-1 text-sm text-ink">
          Online unter{' '}
          <a
            href={address}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
          >
            {address}
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only">(öffnet in neuem Tab)</span>
          </a>
          . Änderungen gelten sofort nach dem Speichern.
        </p>
      ) : (
        <p className="mt-1 text-sm text-ink">
          Noch nicht online. Mit dem ersten Speichern ist {settings.address} erreichbar.
        </p>
      )}
      {settings.kind === 'club_site' && (
        <p className="mt-2 text-sm text-ink-muted">
          Anbauvereinigungen dürfen nicht werben (§ 6 KCanG): Ihre Seite zeigt nur Name, Logo,
          Kontakt und Rechtstexte, keinen Shop.
        </p>
      )}
    </section>
  )
}

function ShopLogoField({ field }: { field: AnyFieldApi }) {
  const logoUrl = field.state.value as string
  const error = fieldErrorOf(field)
  return (
    <UploadField
      id="field-logoUrl"
      label="Logo"
      path="/api/files/shop-logos"
      accept="image/png,image/jpeg,image/webp"
      maxBytes={1024 * 1024}
      tooLargeMessage="Das Logo ist größer als 1 MB."
      hint="PNG, JPEG oder WebP, höchstens 1 MB. Es erscheint in der Kopfzeile, bis 64 Pixel hoch."
      fileId={logoUrl || null}
      error={error}
      onUploaded={(fileId) => changeFieldValue(field, shopLogoUrl(fileId))}
      onRemove={() => changeFieldValue(field, '')}
      texts={{ pickAnother: 'Anderes Logo wählen', remove: 'Logo entfernen' }}
      uploadedText={null}
      preview={
        logoUrl && (
          <img
            src={logoUrl}
            alt="Logo des Shops"
            className="max-h-16 max-w-60 rounded border border-border bg-white p-2"
          />
        )
      }
    />
  )
}

/** A colour picked with the browser's picker or typed as #RRGGBB, the two kept in step. */
function ColourField({ field, label, hint }: { field: AnyFieldApi; label: string; hint: string }) {
  const value = field.state.value as string
  const valid = isHexColour(value)
  return (
    <FieldView
      id={`field-${field.name}`}
      label={label}
      hint={hint}
      error={fieldErrorOf(field)}
      render={(control) => (
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label={`${label} auswählen`}
            value={valid ? value.toLowerCase() : '#000000'}
            onChange={(event) => changeFieldValue(field, event.target.value)}
            className="mt-1 h-10 w-12 shrink-0 cursor-pointer rounded border border-border bg-white p-1"
          />
          <input
            {...control}
            name={field.name}
            type="text"
            value={value}
            spellCheck={false}
            autoComplete="off"
            onBlur={field.handleBlur}
            onChange={(event) => changeFieldValue(field, event.target.value.trim())}
            className={`${inputClass} font-mono`}
          />
        </div>
      )}
    />
  )
}

/** The two ratios the save checks, shown while the owner picks. */
function ContrastReport({ colours }: { colours: ShopFormValues['colors'] }) {
  if (!isHexColour(colours.primary) || !isHexColour(colours.primaryForeground)) return null
  const check = checkShopColours(colours)
  const rows = [
    {
      label: 'Schrift auf der Hauptfarbe',
      ratio: check.text,
      minimum: textContrastMinimum,
    },
    { label: 'Hauptfarbe auf Weiß', ratio: check.onPage, minimum: graphicContrastMinimum },
  ]
  return (
    <div className="sm:col-span-2" aria-live="polite">
      <p className="text-sm font-medium text-ink">Lesbarkeit (WCAG AA)</p>
      <ul className="mt-1 space-y-1 text-sm">
        {rows.map((row) => {
          const ok = row.ratio >= row.minimum
          return (
            <li
              key={row.label}
              className={`flex items-center gap-2 ${ok ? 'text-ink' : 'text-danger'}`}
            >
              {ok ? (
                <Check className="size-4 text-success" aria-hidden="true" />
              ) : (
                <CircleAlert className="size-4" aria-hidden="true" />
              )}
              {row.label}: {formatContrast(row.ratio)} (
              {ok ? 'ausreichend' : `zu wenig, nötig ${formatContrast(row.minimum)}`})
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/** A legal text in Markdown, with a preview drawn exactly as the shop draws it. */
function MarkdownField({ field, label }: { field: AnyFieldApi; label: string }) {
  const id = `field-${field.name}`
  const error = fieldErrorOf(field)
  const value = field.state.value as string
  return (
    <div>
      <Tabs.Root defaultValue="edit">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <label htmlFor={id} className="text-sm font-medium text-ink">
            {label}
          </label>
          <Tabs.List
            aria-label={`${label}: Ansicht`}
            className="flex gap-1 rounded-lg bg-surface-muted p-1"
          >
            <Tabs.Trigger value="edit" className={tabClass}>
              Bearbeiten
            </Tabs.Trigger>
            <Tabs.Trigger value="preview" className={tabClass}>
              Vorschau
            </Tabs.Trigger>
          </Tabs.List>
        </div>
        <Tabs.Content value="edit" forceMount className="data-[state=inactive]:hidden">
          <textarea
            id={id}
            name={field.name}
            value={value}
            rows={8}
            onBlur={field.handleBlur}
            onChange={(event) => changeFieldValue(field, event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`${inputClass} font-mono text-sm`}
          />
        </Tabs.Content>
        <Tabs.Content
          value="preview"
          className="mt-1 max-h-96 overflow-y-auto rounded-lg border border-border bg-white p-4"
        >
          {value.trim() ? (
            <LegalMarkdown source={value} />
          ) : (
            <p className="text-sm text-ink-muted">Noch kein Text.</p>
          )}
        </Tabs.Content>
      </Tabs.Root>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  )
}

const tabClass =
  'rounded-md px-2 py-1 text-sm font-medium text-ink-muted hover:text-ink data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm'

function MethodFields({
  form,
  kind,
  title,
  children,
}: {
  form: ShopForm
  kind: 'pickup' | 'courier' | 'shipping'
  title: string
  children: ReactNode
}) {
  const enabled = useStore(form.store, (state) => state.values[kind].enabled)
  return (
    <div className="rounded-lg border border-border p-4 sm:col-span-2">
      <form.AppField name={`${kind}.enabled`}>
        {(field) => <field.CheckboxField label={`${title} anbieten`} />}
      </form.AppField>
      {enabled && (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <form.AppField name={`${kind}.label`}>
            {(field) => <field.InputField label="Bezeichnung im Checkout" />}
          </form.AppField>
          <form.AppField name={`${kind}.description`}>
            {(field) => <field.InputField label="Beschreibung (optional)" />}
          </form.AppField>
          {children}
          <div className="sm:col-span-2">
            <form.AppField name={`${kind}.flowersAllowed`}>
              {(field) => (
                <field.CheckboxField
                  label="Blüten auf diesem Weg abgeben"
                  hint="Pro Lieferart einstellbar, falls der Versand von Blüten verboten wird."
                />
              )}
            </form.AppField>
          </div>
        </div>
      )}
    </div>
  )
}

function DeliverySection({ form }: { form: ShopForm }) {
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
      </MethodFields>
    </FormSection>
  )
}

function PaymentSection({ form, settings }: { form: ShopForm; settings: ShopSettings }) {
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
                  : 'Hinterlegen Sie zuerst die IBAN im Briefkopf (Tab „Stammdaten“); sie erscheint in der Bestellbestätigung.'
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

/**
 * The Mollie key is its own small form: it is sealed when stored and never shown again, so it is
 * not part of the settings the page loads and saves.
 */
function MollieKeyPanel({ settings }: { settings: ShopSettings }) {
  const queryClient = useQueryClient()
  const [apiKey, setApiKey] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState<'save' | 'remove' | 'test' | null>(null)
  const [testResult, setTestResult] = useState<{ ok: boolean; message: string } | null>(null)
  const { keySet, mode } = settings.mollie
  const organisationId = settings.organisationId

  async function store(key: string | null) {
    setBusy(key ? 'save' : 'remove')
    setError(null)
    setTestResult(null)
    try {
      const saved = await setShopMollieKeyFn({ data: { organisationId, apiKey: key } })
      queryClient.setQueryData(shopSettingsQuery(organisationId).queryKey, saved)
      setApiKey('')
      toast.success(
        key ? 'Der Mollie-Schlüssel ist gespeichert.' : 'Der Mollie-Schlüssel ist entfernt.',
      )
    } catch (caught) {
      const failure = failureOf(caught)
      setError(failure.errors?.apiKey ?? failure.message)
    } finally {
      setBusy(null)
    }
  }

  async function test() {
    setBusy('test')
    setTestResult(null)
    try {
      setTestResult(await testShopMollieConnectionFn({ data: { id: organisationId } }))
    } catch (caught) {
      setTestResult({ ok: false, message: failureOf(caught).message })
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="ml-6 rounded-lg border border-border p-4">
      <p className="text-sm text-ink">
        Mollie-API-Schlüssel:{' '}
        <strong>
          {keySet ? `gesetzt (${mode === 'live' ? 'Live-Modus' : 'Testmodus'})` : 'nicht gesetzt'}
        </strong>
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="min-w-64 flex-1">
          <label htmlFor="mollie-api-key" className="block text-sm font-medium text-ink">
            {keySet ? 'Neuen Schlüssel hinterlegen' : 'Schlüssel hinterlegen'}
          </label>
          <input
            id="mollie-api-key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder="live_… oder test_…"
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'mollie-api-key-error' : 'mollie-api-key-hint'}
            className={`${inputClass} font-mono`}
          />
        </div>
        <Button
          variant="secondary"
          pending={busy === 'save'}
          disabled={busy !== null || apiKey.trim() === ''}
          onClick={() => void store(apiKey.trim())}
        >
          Schlüssel speichern
        </Button>
      </div>
      <p id="mollie-api-key-hint" className="mt-1 text-sm text-ink-muted">
        Der Schlüssel wird verschlüsselt gespeichert und danach nicht mehr angezeigt.
      </p>
      {error && (
        <p id="mollie-api-key-error" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
      {keySet && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            pending={busy === 'test'}
            disabled={busy !== null}
            onClick={() => void test()}
          >
            Verbindung testen
          </Button>
          <Button
            variant="ghost"
            pending={busy === 'remove'}
            disabled={busy !== null}
            onClick={() => void store(null)}
          >
            Schlüssel entfernen
          </Button>
        </div>
      )}
      <p
        role="status"
        className={`mt-2 text-sm ${testResult?.ok === false ? 'text-danger' : 'text-ink'}`}
      >
        {testResult?.message}
      </p>
    </div>
  )
}

function CustomDomainSection({ form, settings }: { form: ShopForm; settings: ShopSettings }) {
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
        <p className="font-medium">So richten Sie die Domain ein</p>
        <ol className="mt-1 list-decimal space-y-1 pl-5">
          <li>Tragen Sie die Domain hier ein und speichern Sie.</li>
          <li>
            Legen Sie bei Ihrem Domain-Anbieter für diese Domain einen CNAME-Eintrag auf{' '}
            <code className="rounded bg-surface-muted px-1">{settings.cnameTarget}</code> an und den
            TXT-Eintrag, der unten erscheint: Er beweist, dass die Domain Ihnen gehört.
          </li>
          <li>
            Bitten Sie den Plattformbetrieb, ein TLS-Zertifikat für die Domain einzurichten; es wird
            nicht automatisch ausgestellt.
          </li>
          <li>
            Klicken Sie auf „Jetzt prüfen“. Erst wenn der TXT-Eintrag gefunden wurde, zeigt die
            Domain Ihren Shop; bis dahin bleibt er unter {settings.address} erreichbar. Wir prüfen
            den Eintrag regelmäßig: Entfernen Sie ihn, ist die Domain nicht mehr bestätigt.
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

const dateTime = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Berlin',
})

/** The saved domain's TXT record, whether it was found, and "Jetzt prüfen". */
function DomainVerification({
  organisationId,
  domain,
  verification,
}: {
  organisationId: string
  domain: string
  verification: NonNullable<ShopSettings['domainVerification']>
}) {
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null)

  async function check() {
    setBusy(true)
    setResult(null)
    try {
      const checked = await checkShopDomainFn({ data: { id: organisationId } })
      queryClient.setQueryData(shopSettingsQuery(organisationId).queryKey, checked.settings)
      setResult({ ok: checked.outcome === 'verified', message: checked.message })
    } catch (caught) {
      setResult({ ok: false, message: failureOf(caught).message })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="rounded-lg border border-border p-4 text-sm text-ink sm:col-span-2">
      <p>
        Status von <strong>{domain}</strong>:{' '}
        {verification.verifiedAt ? (
          <strong className="text-success">
            bestätigt seit {dateTime.format(verification.verifiedAt)}
          </strong>
        ) : (
          <strong className="text-danger">nicht bestätigt – die Domain zeigt nichts an</strong>
        )}
        {verification.checkedAt && (
          <span className="text-ink-muted">
            {' '}
            (zuletzt geprüft {dateTime.format(verification.checkedAt)})
          </span>
        )}
      </p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Typ</dt>
        <dd>TXT</dd>
        <dt className="font-medium">Name</dt>
        <dd>
          <code className="break-all rounded bg-surface-muted px-1">{verification.recordName}</code>
        </dd>
        <dt className="font-medium">Wert</dt>
        <dd>
          <code className="break-all rounded bg-surface-muted px-1">
            {verification.recordValue}
          </code>
        </dd>
      </dl>
      <div className="mt-3">
        <Button variant="secondary" pending={busy} disabled={busy} onClick={() => void check()}>
          Jetzt prüfen
        </Button>
      </div>
      <p role="status" className={`mt-2 ${result?.ok === false ? 'text-danger' : 'text-ink'}`}>
        {result?.message}
      </p>
    </div>
  )
}

const previewPrice = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' })

/** The shop's header and a product card as the colours, logo and display options make them. */
function ShopPreview({ values }: { values: ShopFormValues }) {
  const colours = values.colors
  const usable = isHexColour(colours.primary) && isHexColour(colours.primaryForeground)
  const primary = usable ? colours.primary : '#23733f'
  const foreground = usable ? colours.primaryForeground : '#ffffff'
  const accent = isHexColour(colours.accent) ? colours.accent : '#f2b705'
  return (
    <div className="overflow-hidden rounded-card border border-border bg-white" aria-hidden="true">
      <p className="border-b border-border bg-surface-muted px-4 py-2 text-xs font-medium uppercase tracking-wide text-ink-muted">
        Vorschau
      </p>
      <div style={{ backgroundColor: primary, color: foreground }} className="px-4 py-3">
        <div className="flex items-center gap-2 font-semibold">
          {values.logoUrl && (
            <img src={values.logoUrl} alt="" className="h-8 w-auto rounded bg-white/90 p-0.5" />
          )}
          <span className="truncate">{values.shopName || 'Name des Shops'}</span>
        </div>
        <div className="mt-2 flex gap-3 text-sm">
          <span className="underline decoration-2 underline-offset-4">Blüten</span>
          <span>Extrakte</span>
          <span>Rezeptkonfigurator</span>
        </div>
      </div>
      <div style={{ backgroundColor: accent }} className="h-1" />
      <div className="p-4">
        <div className="rounded-xl border border-border p-4">
          <p className="text-xs text-ink-muted">Blüte · Indica</p>
          <p className="mt-1 font-semibold text-ink">Beispielsorte 22/1</p>
          <p className="text-sm text-ink-muted">THC 22 % · CBD &lt; 1 %</p>
          <p className="mt-2 text-sm text-ink">
            {values.showStockAmounts ? '120 g vorrätig' : 'vorrätig'}
          </p>
          <p className="mt-2 font-semibold text-ink">
            {values.showPricesPublicly ? `${previewPrice.format(9.5)} / g` : 'Preis nach Anmeldung'}
          </p>
          <span
            style={{ backgroundColor: primary, color: foreground }}
            className="mt-3 inline-block rounded-lg px-3 py-2 text-sm font-medium"
          >
            In den Warenkorb
          </span>
        </div>
      </div>
    </div>
  )
}
