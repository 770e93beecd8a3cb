import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, useRouter } from '@tanstack/react-router'
import { ImageIcon } from 'lucide-react'
import { Suspense, useEffect, useState } from 'react'
import { type LegalForm, legalFormRules, legalForms } from '~/lib/legal-forms'
import {
  type LetterheadInput,
  type LicenceField,
  letterheadLabels,
  letterheadSchema,
  licenceLabels,
  type OrganisationSettings,
} from '~/lib/organisation-settings'
import { applyServerErrors } from '../forms/field-errors'
import { FormAlert } from '../forms/field-parts'
import { FileField } from '../forms/fields'
import { useAppForm } from '../forms/form-hook'
import { FormSection, focusFirstError } from '../forms/layout'
import { UnsavedChangesDialog } from '../forms/UnsavedChangesDialog'
import { NumberSeriesSection } from '../number-series/NumberSeriesSection'
import { PageHeader } from '../ui/PageHeader'
import { Tabs } from '../ui/Tabs'
import { toast } from '../ui/toast'
import { HandoutInformationSection } from './HandoutInformationSection'
import { OrganisationProfile } from './OrganisationProfile'
import { updateLetterheadFn } from './organisation-settings.functions'
import { organisationKey, organisationSettingsQuery } from './organisation-settings.queries'
import { ShopSettingsSection } from './shop-settings/ShopSettingsSection'
import { TeamSection } from './TeamSection'

const route = getRouteApi('/_app/organisations/$id')

type LetterheadValues = {
  [Key in keyof Omit<OrganisationSettings['letterhead'], 'smallBusiness'>]: string
} & { smallBusiness: boolean }

/** The legal identity's fields besides the form (lib/legal-forms.ts). */
const legalTextFields = ['registerCourt', 'registerNumber', 'supervisoryBoardChair'] as const

const textFields = [
  'taxNumber',
  'vatId',
  'iban',
  'bic',
  'bankName',
  'email',
  'phone',
  'website',
] as const

const hints: Partial<Record<(typeof textFields)[number], string>> = {
  taxNumber: 'Steuernummer oder USt-IdNr. muss auf jeder Rechnung stehen (§ 14 UStG).',
  vatId: 'Für Rechnungen an Geschäftskunden und E-Rechnungen, z. B. DE123456789.',
  email: 'Steht im Briefkopf und ist die Absenderadresse deiner E-Rechnungen.',
  phone: 'Für E-Rechnungen (XRechnung) vorgeschrieben.',
}

const valuesOf = (letterhead: OrganisationSettings['letterhead']): LetterheadValues => ({
  taxNumber: letterhead.taxNumber ?? '',
  vatId: letterhead.vatId ?? '',
  smallBusiness: letterhead.smallBusiness,
  iban: letterhead.iban ?? '',
  bic: letterhead.bic ?? '',
  bankName: letterhead.bankName ?? '',
  email: letterhead.email ?? '',
  phone: letterhead.phone ?? '',
  website: letterhead.website ?? '',
  licenceNumber: letterhead.licenceNumber ?? '',
  licenceAuthority: letterhead.licenceAuthority ?? '',
  amgLicenceNumber: letterhead.amgLicenceNumber ?? '',
  amgLicenceAuthority: letterhead.amgLicenceAuthority ?? '',
  logoFileId: letterhead.logoFileId ?? '',
  legalForm: letterhead.legalForm ?? '',
  registerCourt: letterhead.registerCourt ?? '',
  registerNumber: letterhead.registerNumber ?? '',
  // One name a line.
  managers: letterhead.managers.join('\n'),
  supervisoryBoardChair: letterhead.supervisoryBoardChair ?? '',
  paymentReminderDays: String(letterhead.paymentReminderDays),
})

/** The licence fields the organisation's category has, with their labels. */
function licenceFields(category: string) {
  const labels = licenceLabels[category as keyof typeof licenceLabels] ?? {}
  return (Object.entries(labels) as [LicenceField, string][]).map(([name, label]) => ({
    name,
    label,
  }))
}

const inputOf = (values: LetterheadValues): LetterheadInput => ({
  ...values,
  logoFileId: values.logoFileId || null,
  legalForm: (values.legalForm || null) as LetterheadInput['legalForm'],
  managers: values.managers.split('\n'),
})

const legalFormOptions = legalForms.map((form) => ({
  value: form,
  label: legalFormRules[form].label,
}))

/** What the chosen legal form must print, for the hint under the form's field. */
function legalFormHint(legalForm: string) {
  const rules = legalFormRules[legalForm as LegalForm]
  if (!rules)
    return 'Registergericht, Registernummer und Vertretung stehen je nach Rechtsform in der Fußzeile jedes Dokuments.'
  const register = rules.registerRequired ? 'Registergericht und Registernummer' : null
  const managers = rules.managersRequired ? rules.managersTitle : null
  const required = [register, managers].filter(Boolean).join(' sowie ')
  return required
    ? `Pflichtangaben auf Geschäftsbriefen und Rechnungen (${rules.source}): ${required}.`
    : `Angaben nach ${rules.source}.`
}

function letterheadErrors(values: LetterheadValues) {
  const result = letterheadSchema.safeParse(inputOf(values))
  if (result.success) return undefined
  const fields: Record<string, string> = {}
  for (const issue of result.error.issues) fields[String(issue.path[0] ?? '')] ??= issue.message
  return { fields }
}

/**
 * `/organisations/$id`: the organisation's facts and letterhead (owner edits, staff reads) and,
 * in the second tab (`?tab=team`), its members and invitations.
 */
export function OrganisationSettingsPage() {
  const { id } = route.useParams()
  const { tab = 'profile' } = route.useSearch()
  const navigate = route.useNavigate()
  const { data: settings } = useSuspenseQuery(organisationSettingsQuery(id))

  return (
    <>
      <PageHeader
        title={settings.name}
        description="Stammdaten, Briefkopf, Team und Shop deiner Organisation."
      />
      <Tabs.Root
        value={tab}
        onValueChange={(value) =>
          void navigate({
            search: { tab: value === 'team' || value === 'shop' ? value : undefined },
            replace: true,
            resetScroll: false,
          })
        }
      >
        <Tabs.List
          aria-label="Bereiche der Organisation"
          className="mb-6 flex gap-1 overflow-x-auto rounded-lg bg-surface-muted p-1"
        >
          <Tabs.Trigger value="profile" className={tabClass}>
            Stammdaten
          </Tabs.Trigger>
          <Tabs.Trigger value="team" className={tabClass}>
            Team
          </Tabs.Trigger>
          {settings.shopSettings && (
            <Tabs.Trigger value="shop" className={tabClass}>
              {settings.category === 'club' ? 'Vereinsseite' : 'Shop'}
            </Tabs.Trigger>
          )}
        </Tabs.List>
        <Tabs.Content value="profile" className="space-y-6 focus:outline-none">
          <OrganisationProfile settings={settings} />
          {settings.editable ? (
            <LetterheadForm settings={settings} />
          ) : (
            <LetterheadView settings={settings} />
          )}
          {settings.category === 'club' && <HandoutInformationSection settings={settings} />}
          <Suspense
            fallback={<p className="text-sm text-ink-muted">Nummernkreise werden geladen …</p>}
          >
            <NumberSeriesSection organisationId={id} />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="team" className="focus:outline-none">
          {tab === 'team' && (
            <Suspense fallback={<p className="text-sm text-ink-muted">Team wird geladen …</p>}>
              <TeamSection organisationId={id} />
            </Suspense>
          )}
        </Tabs.Content>
        {settings.shopSettings && (
          <Tabs.Content value="shop" className="focus:outline-none">
            {tab === 'shop' && (
              <Suspense
                fallback={<p className="text-sm text-ink-muted">Einstellungen werden geladen …</p>}
              >
                <ShopSettingsSection organisationId={id} />
              </Suspense>
            )}
          </Tabs.Content>
        )}
      </Tabs.Root>
    </>
  )
}

const tabClass =
  'shrink-0 rounded-md px-3 py-2 text-sm font-medium text-ink-muted hover:text-ink data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm'

function LetterheadView({ settings }: { settings: OrganisationSettings }) {
  const { letterhead } = settings
  return (
    <section
      aria-labelledby="letterhead-title"
      className="rounded-card border border-border bg-surface p-6"
    >
      <h2 id="letterhead-title" className="text-lg font-semibold text-ink">
        Briefkopf und Rechnungsangaben
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Nur die Inhaberin oder der Inhaber der Organisation kann diese Angaben ändern.
      </p>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
        {textFields.map((field) => (
          <div key={field} className="contents">
            <dt className="text-ink-muted">{letterheadLabels[field]}</dt>
            <dd>{letterhead[field] ?? '–'}</dd>
          </div>
        ))}
        <dt className="text-ink-muted">{letterheadLabels.smallBusiness}</dt>
        <dd>{letterhead.smallBusiness ? 'Ja' : 'Nein'}</dd>
        <dt className="text-ink-muted">{letterheadLabels.paymentReminderDays}</dt>
        <dd>{letterhead.paymentReminderDays}</dd>
        {licenceFields(settings.category).map(({ name, label }) => (
          <div key={name} className="contents">
            <dt className="text-ink-muted">{label}</dt>
            <dd>{letterhead[name] ?? '–'}</dd>
          </div>
        ))}
        <dt className="text-ink-muted">{letterheadLabels.legalForm}</dt>
        <dd>{letterhead.legalForm ? legalFormRules[letterhead.legalForm].label : '–'}</dd>
        {legalTextFields.map((field) => (
          <div key={field} className="contents">
            <dt className="text-ink-muted">{letterheadLabels[field]}</dt>
            <dd>{letterhead[field] ?? '–'}</dd>
          </div>
        ))}
        <dt className="text-ink-muted">
          {letterhead.legalForm
            ? legalFormRules[letterhead.legalForm].managersTitle
            : letterheadLabels.managers}
        </dt>
        <dd>{letterhead.managers.length > 0 ? letterhead.managers.join(', ') : '–'}</dd>
        <dt className="text-ink-muted">{letterheadLabels.logoFileId}</dt>
        <dd>
          {letterhead.logoFileId ? <LogoPreview fileId={letterhead.logoFileId} /> : 'Kein Logo'}
        </dd>
      </dl>
    </section>
  )
}

function LetterheadForm({ settings }: { settings: OrganisationSettings }) {
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useAppForm({
    defaultValues: valuesOf(settings.letterhead),
    validators: { onSubmit: ({ value }) => letterheadErrors(value) },
    onSubmitInvalid: focusFirstError,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        const saved = await updateLetterheadFn({
          data: { id: settings.id, letterhead: inputOf(value) },
        })
        formApi.reset(valuesOf(saved.letterhead))
        queryClient.setQueryData(organisationSettingsQuery(settings.id).queryKey, saved)
        await queryClient.invalidateQueries({ queryKey: organisationKey })
        toast.success('Briefkopf und Rechnungsangaben wurden gespeichert.')
      } catch (error) {
        setFailure(applyServerErrors(formApi, error))
        focusFirstError()
      }
    },
  })

  return (
    <>
      <form.AppForm>
        <form.FormFrame className="space-y-6">
          {failure && <FormAlert>{failure}</FormAlert>}
          <FormSection title="Briefkopf und Rechnungsangaben">
            {textFields.map((name) => (
              <form.AppField key={name} name={name}>
                {(field) => <field.InputField label={letterheadLabels[name]} hint={hints[name]} />}
              </form.AppField>
            ))}
            <div className="sm:col-span-2">
              <form.AppField name="smallBusiness">
                {(field) => (
                  <field.CheckboxField
                    label={letterheadLabels.smallBusiness}
                    hint="Ihre Rechnungen weisen dann keine Umsatzsteuer aus und nennen die Steuerbefreiung; alle Positionen müssen 0 % haben."
                  />
                )}
              </form.AppField>
            </div>
            <form.AppField name="paymentReminderDays">
              {(field) => (
                <field.InputField
                  label={letterheadLabels.paymentReminderDays}
                  hint="Mindestabstand zwischen zwei Zahlungserinnerungen zur selben Rechnung."
                  inputMode="numeric"
                />
              )}
            </form.AppField>
            <div className="sm:col-span-2">
              <form.AppField name="logoFileId">{() => <LogoField />}</form.AppField>
            </div>
          </FormSection>
          <FormSection title="Rechtsform und Register">
            <form.AppField name="legalForm">
              {(field) => (
                <field.SelectField
                  label={letterheadLabels.legalForm}
                  hint={legalFormHint(field.state.value)}
                  options={legalFormOptions}
                  emptyLabel="Bitte wählen"
                />
              )}
            </form.AppField>
            <form.Subscribe selector={(state) => state.values.legalForm}>
              {(legalForm) => {
                const rules = legalFormRules[legalForm as LegalForm]
                if (!rules) return null
                return (
                  <>
                    {rules.register && (
                      <>
                        <form.AppField name="registerCourt">
                          {(field) => (
                            <field.InputField
                              label={letterheadLabels.registerCourt}
                              hint="z. B. Amtsgericht Charlottenburg"
                            />
                          )}
                        </form.AppField>
                        <form.AppField name="registerNumber">
                          {(field) => (
                            <field.InputField
                              label={letterheadLabels.registerNumber}
                              hint={`z. B. ${rules.register} 12345`}
                            />
                          )}
                        </form.AppField>
                      </>
                    )}
                    <form.AppField name="managers">
                      {(field) => (
                        <field.InputField
                          label={rules.managersTitle}
                          hint="Ein Name pro Zeile, in der Reihenfolge, in der er gedruckt wird."
                          multiline
                        />
                      )}
                    </form.AppField>
                    {rules.supervisoryBoardChairRequired && (
                      <form.AppField name="supervisoryBoardChair">
                        {(field) => (
                          <field.InputField label={letterheadLabels.supervisoryBoardChair} />
                        )}
                      </form.AppField>
                    )}
                  </>
                )
              }}
            </form.Subscribe>
          </FormSection>
          {licenceFields(settings.category).length > 0 && (
            <FormSection title="Erlaubnis">
              {licenceFields(settings.category).map(({ name, label }) => (
                <form.AppField key={name} name={name}>
                  {(field) => <field.InputField label={label} />}
                </form.AppField>
              ))}
            </FormSection>
          )}
          <div className="flex justify-end">
            <form.SubmitButton>Speichern</form.SubmitButton>
          </div>
        </form.FormFrame>
      </form.AppForm>
      <UnsavedChangesDialog unsaved={() => !form.state.isDefaultValue} />
    </>
  )
}

/** Picks and uploads the logo (PNG or JPEG, at most 2 MB); the form saves its id. */
function LogoField() {
  return (
    <FileField
      label="Logo"
      path="/api/files/organisation-logos"
      accept="image/png,image/jpeg"
      maxBytes={2 * 1024 * 1024}
      tooLargeMessage="Das Logo ist größer als 2 MB."
      hint="PNG oder JPEG, höchstens 2 MB. Es erscheint oben rechts auf deinen Dokumenten."
      texts={{ pickAnother: 'Anderes Logo wählen', remove: 'Logo entfernen' }}
      uploadedText={null}
      preview={(fileId) => <LogoPreview fileId={fileId} />}
    />
  )
}

/** The logo is private to the organisation: fetched with the session's token, shown as a local copy. */
function LogoPreview({ fileId }: { fileId: string }) {
  const { api } = useRouter().options.context
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    let objectUrl: string | null = null
    let cancelled = false
    void api
      .fetch(`/api/files/${fileId}`)
      .then(async (response) => {
        if (!response.ok || cancelled) return
        objectUrl = URL.createObjectURL(await response.blob())
        if (!cancelled) setUrl(objectUrl)
      })
      .catch(() => {})
    return () => {
      cancelled = true
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [api, fileId])
  return url ? (
    <img
      src={url}
      alt="Logo der Organisation"
      className="max-h-20 max-w-60 rounded border border-border bg-white p-2"
    />
  ) : (
    <span className="inline-flex items-center gap-1 text-sm text-ink-muted">
      <ImageIcon className="size-4" aria-hidden="true" />
      Logo hinterlegt
    </span>
  )
}
