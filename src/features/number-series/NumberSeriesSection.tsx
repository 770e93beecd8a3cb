import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { LockIcon } from 'lucide-react'
import { useState } from 'react'
import { formatDateTime } from '~/lib/format'
import { numberPrefixSchema } from '~/lib/number-prefix-schema'
import type { NumberSeriesSetting } from '~/lib/number-series'
import { useAppForm } from '../forms/form-hook'
import { Button } from '../ui/buttons'
import { FormDialog } from '../ui/FormDialog'
import { toast } from '../ui/toast'
import { setNumberPrefixFn } from './number-series.functions'
import { numberSeriesQuery } from './number-series.queries'

/**
 * "Nummernkreise": the prefix of each series with its next number. The owner may change a
 * series' prefix until its first number is taken; then the row says since when it is fixed.
 */
export function NumberSeriesSection({ organisationId }: { organisationId: string }) {
  const { data } = useSuspenseQuery(numberSeriesQuery(organisationId))
  const [editing, setEditing] = useState<NumberSeriesSetting | null>(null)
  return (
    <section
      aria-labelledby="number-series-title"
      className="rounded-card border border-border bg-surface p-6"
    >
      <h2 id="number-series-title" className="text-lg font-semibold text-ink">
        Nummernkreise
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Jeder Nummernkreis zählt je Kalenderjahr fortlaufend und hat sein eigenes Kürzel. Ein Kürzel
        lässt sich nur vor dem ersten Dokument des Nummernkreises ändern; danach steht es fest, denn
        ausgestellte Dokumente behalten ihre Nummer.
      </p>
      <table className="mt-4 w-full text-left text-sm">
        <thead className="text-ink-muted">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Nummernkreis
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Kürzel
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Nächste Nummer
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Status</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.series.map((series) => (
            <tr key={series.series} className="border-t border-border">
              <th scope="row" className="py-2 pr-4 font-normal text-ink">
                {series.label}
              </th>
              <td className="py-2 pr-4 font-mono">{series.prefix}</td>
              <td className="py-2 pr-4 font-mono">{series.nextNumber}</td>
              <td className="py-2 text-right">
                {series.lockedAt ? (
                  <span className="inline-flex items-center gap-1 text-ink-muted">
                    <LockIcon className="size-4" aria-hidden="true" />
                    Fest seit {formatDateTime(series.lockedAt)}
                  </span>
                ) : data.editable ? (
                  <Button
                    variant="secondary"
                    onClick={() => setEditing(series)}
                    aria-label={`Kürzel der ${series.label} ändern`}
                  >
                    Ändern
                  </Button>
                ) : (
                  <span className="text-ink-muted">Noch änderbar</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {editing && (
        <PrefixDialog
          organisationId={organisationId}
          series={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  )
}

function PrefixDialog({
  organisationId,
  series,
  onClose,
}: {
  organisationId: string
  series: NumberSeriesSetting
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const form = useAppForm({
    defaultValues: { series: series.series, prefix: series.prefix },
    validators: { onSubmit: numberPrefixSchema },
    onSubmit: async ({ value }) => {
      const saved = await setNumberPrefixFn({ data: { id: organisationId, choice: value } })
      queryClient.setQueryData(numberSeriesQuery(organisationId).queryKey, saved)
      const prefix = saved.series.find((row) => row.series === series.series)?.prefix
      toast.success(`Die ${series.label} beginnen jetzt mit „${prefix}“.`)
    },
  })
  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={`Kürzel der ${series.label}`}
      description="Sobald die erste Nummer vergeben ist, lässt sich das Kürzel nicht mehr ändern."
      form={form}
      submitLabel="Speichern"
    >
      <form.AppField name="prefix">
        {(field) => (
          <field.TextField
            label="Kürzel"
            autoComplete="off"
            hint="2 bis 6 Großbuchstaben oder Ziffern, z. B. AG für AG-2026-00001."
          />
        )}
      </form.AppField>
    </FormDialog>
  )
}
