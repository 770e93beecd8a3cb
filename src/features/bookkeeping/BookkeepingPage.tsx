import { useStore } from '@tanstack/react-form'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { Download } from 'lucide-react'
import { useState } from 'react'
import {
  type BookkeepingSettings,
  type BookkeepingSettingsFormValues,
  bookkeepingPeriodInput,
  bookkeepingSettingsInput,
  type ChartOfAccounts,
  chartLabels,
  chartsOfAccounts,
  datevExportFileName,
  defaultAccounts,
  monthNames,
} from '~/lib/bookkeeping'
import { berlinIsoDate } from '~/lib/format'
import { saveAs } from '../documents/DownloadFileButton'
import { applyServerErrors, formErrorsOf } from '../forms/field-errors'
import { FormAlert } from '../forms/field-parts'
import { useAppForm } from '../forms/form-hook'
import { FormSection, focusFirstError } from '../forms/layout'
import { Button } from '../ui/buttons'
import { PageHeader } from '../ui/PageHeader'
import { toast } from '../ui/toast'
import { saveBookkeepingSettingsFn } from './bookkeeping.functions'
import { bookkeepingSettingsQuery } from './bookkeeping.queries'

/**
 * "Buchhaltung": the owner's DATEV settings and the export of a period for the accountant —
 * the Buchungsstapel alone or with the invoices' PDFs (ADR 072).
 */
export function BookkeepingPage() {
  const { data } = useSuspenseQuery(bookkeepingSettingsQuery())
  return (
    <>
      <PageHeader
        title="Buchhaltung"
        description="Rechnungen, Rechnungskorrekturen und Zahlungseingänge als DATEV-Buchungsstapel für deine Steuerberatung. Bar- und Kartenzahlungen an der Kasse bucht das Kassensystem; der Export nennt nur ihren Kassenbeleg."
      />
      <div className="space-y-6">
        {data.saved ? (
          <ExportForm settings={data.saved} />
        ) : (
          <p className="rounded-card border border-border bg-surface p-6 text-sm text-ink-muted">
            Hinterlege zuerst die DATEV-Einstellungen; danach kannst du exportieren.
          </p>
        )}
        <SettingsForm saved={data.saved} />
      </div>
    </>
  )
}

const asForm = (settings: BookkeepingSettings): BookkeepingSettingsFormValues => ({
  consultantNumber: String(settings.consultantNumber),
  clientNumber: String(settings.clientNumber),
  chart: settings.chart,
  fiscalYearStartMonth: String(settings.fiscalYearStartMonth),
  accountLength: String(settings.accountLength),
  revenue19Account: String(settings.revenue19Account),
  revenue7Account: String(settings.revenue7Account),
  revenue0Account: String(settings.revenue0Account),
  bankAccount: String(settings.bankAccount),
  clearingAccount: String(settings.clearingAccount),
  debtorAccount: String(settings.debtorAccount),
})

function SettingsForm({ saved }: { saved: BookkeepingSettings | null }) {
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const initial: BookkeepingSettingsFormValues = saved
    ? asForm(saved)
    : {
        ...asForm({
          consultantNumber: 0,
          clientNumber: 0,
          chart: 'skr03',
          fiscalYearStartMonth: 1,
          accountLength: 4,
          ...defaultAccounts.skr03,
        }),
        consultantNumber: '',
        clientNumber: '',
      }
  const form = useAppForm({
    defaultValues: initial,
    validators: {
      onSubmit: ({ value }) => {
        const errors = formErrorsOf(bookkeepingSettingsInput, value)
        return Object.keys(errors).length ? { fields: errors } : undefined
      },
    },
    onSubmitInvalid: focusFirstError,
    onSubmit: async ({ value, formApi }) => {
      setFailure(null)
      try {
        const settings = await saveBookkeepingSettingsFn({ data: { settings: value } })
        queryClient.setQueryData(bookkeepingSettingsQuery().queryKey, (before) =>
          before ? { ...before, saved: settings } : before,
        )
        formApi.reset(asForm(settings))
        toast.success('Die DATEV-Einstellungen sind gespeichert.')
      } catch (error) {
        setFailure(applyServerErrors(formApi, error))
      }
    },
  })
  const accountLength = useStore(form.store, (state) => state.values.accountLength)
  // A new chart brings its standard accounts; the owner may change them afterwards.
  const chooseChart = (chart: string) => {
    form.setFieldValue('chart', chart)
    const accounts = defaultAccounts[chart as ChartOfAccounts]
    for (const [field, account] of Object.entries(accounts))
      form.setFieldValue(field as keyof typeof accounts, String(account))
  }
  const account = (name: keyof typeof defaultAccounts.skr03, label: string, hint?: string) => (
    <form.AppField name={name}>
      {(field) => <field.InputField label={label} inputMode="numeric" hint={hint} />}
    </form.AppField>
  )
  return (
    <form.AppForm>
      <form.FormFrame className="space-y-4">
        {failure && <FormAlert>{failure}</FormAlert>}
        <FormSection title="DATEV-Einstellungen">
          <form.AppField name="consultantNumber">
            {(field) => (
              <field.InputField
                label="Beraternummer"
                inputMode="numeric"
                hint="1001 bis 9999999, von deiner Steuerberatung."
              />
            )}
          </form.AppField>
          <form.AppField name="clientNumber">
            {(field) => (
              <field.InputField label="Mandantennummer" inputMode="numeric" hint="1 bis 99999." />
            )}
          </form.AppField>
          <form.AppField name="chart">
            {(field) => (
              <field.SelectField
                label="Kontenrahmen"
                options={chartsOfAccounts.map((chart) => ({
                  value: chart,
                  label: chartLabels[chart],
                }))}
                onSelect={chooseChart}
              />
            )}
          </form.AppField>
          <form.AppField name="fiscalYearStartMonth">
            {(field) => (
              <field.SelectField
                label="Beginn des Wirtschaftsjahres"
                options={monthNames.map((month, index) => ({
                  value: String(index + 1),
                  label: month,
                }))}
              />
            )}
          </form.AppField>
          <form.AppField name="accountLength">
            {(field) => (
              <field.InputField
                label="Sachkontenlänge"
                inputMode="numeric"
                hint="Meist 4; Debitoren haben eine Stelle mehr."
              />
            )}
          </form.AppField>
        </FormSection>
        <FormSection title="Konten">
          {account('revenue19Account', 'Erlöse 19 % USt', 'Automatikkonto: ohne Steuerschlüssel.')}
          {account('revenue7Account', 'Erlöse 7 % USt', 'Automatikkonto: ohne Steuerschlüssel.')}
          {account('revenue0Account', 'Erlöse steuerfrei (0 %)')}
          {account('bankAccount', 'Bank', 'Überweisungen.')}
          {account(
            'clearingAccount',
            'Geldtransit (Mollie)',
            'Online-Zahlungen bis zur Auszahlung.',
          )}
          {account(
            'debtorAccount',
            'Sammeldebitor',
            `Ein Debitorenkonto für alle Kunden, ${Number(accountLength) + 1 || 5}-stellig.`,
          )}
        </FormSection>
        <form.SubmitButton>Einstellungen speichern</form.SubmitButton>
      </form.FormFrame>
    </form.AppForm>
  )
}

/** The month before today: what the accountant usually asks for. */
function lastMonth(): { from: string; to: string } {
  const [year, month] = berlinIsoDate().split('-').map(Number) as [number, number]
  const start = new Date(Date.UTC(year, month - 2, 1))
  const end = new Date(Date.UTC(year, month - 1, 0))
  return { from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) }
}

type ExportFormat = 'csv' | 'zip'

function ExportForm({ settings }: { settings: BookkeepingSettings }) {
  const { api } = useRouter().options.context
  const [failure, setFailure] = useState<string | null>(null)
  const form = useAppForm({
    defaultValues: lastMonth(),
    validators: {
      onSubmit: ({ value }) => {
        const errors = formErrorsOf(bookkeepingPeriodInput, value)
        return Object.keys(errors).length ? { fields: errors } : undefined
      },
    },
    onSubmitInvalid: focusFirstError,
    onSubmitMeta: { format: 'csv' as ExportFormat },
    onSubmit: async ({ value, meta }) => {
      setFailure(null)
      const query = new URLSearchParams(value).toString()
      const response = await api.fetch(`/api/bookkeeping/datev.${meta.format}?${query}`)
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null
        setFailure(body?.message ?? 'Der Export ist fehlgeschlagen. Bitte versuche es erneut.')
        return
      }
      saveAs(await response.blob(), datevExportFileName(value, meta.format))
    },
  })
  const busy = useStore(form.store, (state) => state.isSubmitting)
  return (
    <form.AppForm>
      <form.FormFrame className="space-y-4">
        {failure && <FormAlert>{failure}</FormAlert>}
        <FormSection title="Export für die Steuerberatung">
          <form.AppField name="from">{(field) => <field.DateField label="Von" />}</form.AppField>
          <form.AppField name="to">
            {(field) => (
              <field.DateField
                label="Bis"
                hint={`Ein Stapel umfasst ein Wirtschaftsjahr (Beginn: ${monthNames[settings.fiscalYearStartMonth - 1]}).`}
              />
            )}
          </form.AppField>
        </FormSection>
        <div className="flex flex-wrap gap-3">
          <Button
            type="button"
            pending={busy}
            onClick={() => void form.handleSubmit({ format: 'csv' })}
          >
            <Download className="size-4" aria-hidden="true" />
            DATEV-Buchungsstapel (CSV)
          </Button>
          <Button
            type="button"
            variant="secondary"
            pending={busy}
            onClick={() => void form.handleSubmit({ format: 'zip' })}
          >
            <Download className="size-4" aria-hidden="true" />
            ZIP mit Rechnungen (PDF)
          </Button>
        </div>
      </form.FormFrame>
    </form.AppForm>
  )
}
