import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { Ban, CircleAlert, ShieldCheck } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import {
  deviationOf,
  type FillingProtocolDetail,
  fillMassCheckResult,
  formatDeviation,
  formatTolerance,
  formatWeight,
  testCheckText,
} from '~/lib/filling-protocols'
import { formatDate, formatDateTime } from '~/lib/format'
import { formatCannabinoid } from '~/lib/products'
import { DownloadFileButton } from '../documents/DownloadFileButton'
import { Button } from '../ui/buttons'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { FactList } from '../ui/FactList'
import { BackLink, PageHeader } from '../ui/PageHeader'
import { PlainTable, plainRowClass } from '../ui/PlainTable'
import { StatusBadge } from '../ui/StatusBadge'
import { toast } from '../ui/toast'
import { FillingStatusBadge } from './FillingStatusBadge'
import { FillingWeightsForm } from './FillingWeightsForm'
import { cancelFillingFn, confirmFillingFn } from './filling-protocol-actions.functions'
import { fillingProtocolQuery, fillingProtocolsKey } from './filling-protocols.queries'

const route = getRouteApi('/_app/organisations/filling-protocol/$id')

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-card border border-border bg-surface p-6">
      <h2 className="mb-3 text-lg font-semibold text-ink">{title}</h2>
      {children}
    </section>
  )
}

const linkClass = 'font-medium text-brand-900 hover:underline'

/** Batch, product, plan and people: what the record says about this filling. */
function ProtocolFacts({ protocol }: { protocol: FillingProtocolDetail }) {
  const { bulk } = protocol
  const content = (value: number | null) => formatCannabinoid(value, bulk.cannabinoidUnit) ?? '–'
  const rows: [string, ReactNode][] = [
    ['Status', <FillingStatusBadge key="status" status={protocol.status} />],
    [
      'Ausgangscharge',
      <span key="bulk">
        <Link
          to="/inventory/batches/$id"
          params={{ id: bulk.batchId }}
          className={`font-mono ${linkClass}`}
        >
          {bulk.batchNumber}
        </Link>{' '}
        {bulk.productName}
      </span>,
    ],
    ['Wirkstoffgehalt', `THC ${content(bulk.thcContent)}, CBD ${content(bulk.cbdContent)}`],
    ['Verwendbar bis', bulk.expiryDate ? formatDate(bulk.expiryDate) : 'nicht festgelegt'],
    [
      'Abfüllung',
      `${protocol.unitCount} × ${formatWeight(protocol.targetNetMg)} netto, Toleranz ±${formatTolerance(protocol.toleranceBasisPoints)}`,
    ],
    [
      'Packungsprodukt',
      protocol.pack.listingId ? (
        <Link
          key="pack"
          to="/products/$id"
          params={{ id: protocol.pack.listingId }}
          className={linkClass}
        >
          {protocol.pack.productName}
        </Link>
      ) : (
        `${protocol.pack.productName} (wird mit der Bestätigung angelegt)`
      ),
    ],
    [
      'Neue Charge',
      protocol.filledBatch ? (
        <Link
          key="filled"
          to="/inventory/batches/$id"
          params={{ id: protocol.filledBatch.id }}
          className={`font-mono ${linkClass}`}
        >
          {protocol.filledBatch.batchNumber}
        </Link>
      ) : (
        'entsteht mit der Bestätigung'
      ),
    ],
    [
      'Abgefüllt von',
      `${protocol.filledByName ?? '–'}, begonnen ${formatDateTime(protocol.startedAt)}`,
    ],
  ]
  if (protocol.submittedAt) {
    rows.push(['Zur Prüfung übergeben', formatDateTime(protocol.submittedAt)])
  }
  if (protocol.confirmedAt) {
    rows.push([
      'Geprüft und bestätigt',
      `${protocol.confirmedByName ?? '–'}, ${formatDateTime(protocol.confirmedAt)}`,
    ])
  }
  if (protocol.cancelledAt) {
    rows.push(
      ['Storniert', `${protocol.cancelledByName ?? '–'}, ${formatDateTime(protocol.cancelledAt)}`],
      [
        'Grund',
        <span key="reason" className="whitespace-pre-line">
          {protocol.cancelReason}
        </span>,
      ],
    )
  }
  return <FactList rows={rows} />
}

/** The weights as recorded, for everyone but the person filling a draft. */
function WeightsTable({ protocol }: { protocol: FillingProtocolDetail }) {
  return (
    <div className="space-y-4">
      <PlainTable
        caption="Wägungen je Einheit"
        scrolls
        columns={[
          { header: 'Nr.' },
          { header: 'Brutto', numeric: true },
          { header: 'Tara', numeric: true },
          { header: 'Netto', numeric: true },
          { header: 'Abweichung', numeric: true },
          { header: 'Begründung' },
        ]}
      >
        {protocol.units.map((unit) => {
          const outside = unit.netMg !== null && deviationOf(unit.netMg, protocol) !== 'within'
          return (
            <tr key={unit.position} className={plainRowClass}>
              <th scope="row" className="py-2 pr-4 font-medium tabular-nums">
                {unit.position}
              </th>
              {[unit.grossMg, unit.tareMg, unit.netMg].map((value, index) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: the three weights never move
                  key={index}
                  className="py-2 pr-4 text-right whitespace-nowrap tabular-nums"
                >
                  {value === null ? '–' : formatWeight(value)}
                </td>
              ))}
              <td className="py-2 pr-4 text-right whitespace-nowrap">
                {unit.netMg === null ? (
                  '–'
                ) : (
                  <StatusBadge tone={outside ? 'warning' : 'success'}>
                    {formatDeviation(unit.netMg, protocol.targetNetMg)}
                    {outside ? ' – außerhalb' : ''}
                  </StatusBadge>
                )}
              </td>
              <td className="py-2">{unit.deviationReason ?? ''}</td>
            </tr>
          )
        })}
      </PlainTable>
      <FactList
        rows={[
          ['Summe netto', formatWeight(protocol.netTotalMg)],
          ['Entnommen', protocol.withdrawnMg === null ? '–' : formatWeight(protocol.withdrawnMg)],
          [
            'Verlust',
            protocol.lossMg === null
              ? '–'
              : `${formatWeight(protocol.lossMg)}${protocol.lossReason ? ` – ${protocol.lossReason}` : ''}`,
          ],
        ]}
      />
    </div>
  )
}

/**
 * The preparation instruction's version the filling follows and the test record of the
 * hand-over (Defektur, § 8 ApBetrO).
 */
function InstructionAndTests({ protocol }: { protocol: FillingProtocolDetail }) {
  const { instruction, testRecord } = protocol
  const rows: [string, ReactNode][] = [
    [
      'Herstellungsanweisung',
      instruction ? (
        <span key="instruction">
          Version {instruction.version} vom {formatDate(instruction.createdAt)}
          <span className="mt-1 block whitespace-pre-line text-ink-muted">{instruction.text}</span>
        </span>
      ) : (
        'keine (keine Defektur)'
      ),
    ],
  ]
  if (protocol.submittedAt) {
    rows.push(
      ['Aussehen', testCheckText(testRecord.appearanceChecked)],
      ['Identität und Kennzeichnung', testCheckText(testRecord.labellingChecked)],
      ['Füllmenge', fillMassCheckResult(protocol)],
      ['Geprüft von', `${protocol.filledByName ?? '–'}, ${formatDateTime(protocol.submittedAt)}`],
    )
    if (testRecord.note) rows.push(['Bemerkung', testRecord.note])
  }
  return <FactList rows={rows} />
}

/** What happens next, and who does it: the four-eyes check in words. */
function NextStep({ protocol }: { protocol: FillingProtocolDetail }) {
  let text: string | null = null
  if (protocol.fourEyesNote) {
    text = `${protocol.fourEyesNote} Bis dahin sind die Einheiten nicht im Bestand.`
  } else if (protocol.actions.confirm) {
    text =
      'Prüfe Charge, Gewichte, Abweichungen und Verlust. Mit der Bestätigung werden die Einheiten als neue, freigegebene Charge eingebucht und aus der Ausgangscharge ausgebucht.'
  } else if (protocol.status === 'draft' && !protocol.actions.record) {
    text = `${protocol.filledByName ?? 'Die abfüllende Person'} wiegt gerade ab; danach prüft eine zweite Person.`
  }
  if (!text) return null
  return (
    <p className="flex gap-2 rounded-lg border border-info/30 bg-info-soft px-3 py-2 text-sm text-info">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {text}
    </p>
  )
}

/**
 * `/organisations/filling-protocol/$id`: one filling. The person filling weighs the units here and
 * hands them over; a second person checks and confirms, which books the stock; until then it can
 * be cancelled with a reason. The PDF is the record for the file.
 */
export function FillingProtocolPage() {
  const { id } = route.useParams()
  const { data: protocol } = useSuspenseQuery(fillingProtocolQuery(id))
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const [cancelling, setCancelling] = useState(false)
  const refresh = () => queryClient.invalidateQueries({ queryKey: fillingProtocolsKey })
  const units = `${protocol.unitCount} × ${formatWeight(protocol.targetNetMg)}`
  return (
    <>
      <PageHeader
        title={`Abfüllprotokoll ${protocol.number}`}
        description={`${units} „${protocol.pack.productName}“ aus Charge ${protocol.bulk.batchNumber} (${protocol.bulk.productName}).`}
        back={<BackLink to="/organisations/filling-protocol">Abfüllprotokolle</BackLink>}
        actions={
          <>
            <DownloadFileButton
              path={`/api/filling-protocols/${protocol.id}/pdf`}
              fileName={`abfuellprotokoll-${protocol.number}.pdf`}
              label={`Abfüllprotokoll ${protocol.number} als PDF herunterladen`}
            >
              PDF
            </DownloadFileButton>
            {protocol.actions.cancel && (
              <Button variant="secondary" onClick={() => setCancelling(true)}>
                <Ban className="size-4" aria-hidden="true" />
                Stornieren
              </Button>
            )}
            {protocol.actions.confirm && (
              <Button onClick={() => setConfirming(true)}>
                <ShieldCheck className="size-4" aria-hidden="true" />
                Prüfen und bestätigen
              </Button>
            )}
          </>
        }
      />
      <div className="space-y-6">
        <NextStep protocol={protocol} />
        <Card title="Protokoll">
          <ProtocolFacts protocol={protocol} />
        </Card>
        <Card title="Herstellungsanweisung und Prüfprotokoll">
          <InstructionAndTests protocol={protocol} />
        </Card>
        <Card title="Wägungen">
          {protocol.actions.record ? (
            <FillingWeightsForm protocol={protocol} />
          ) : (
            <WeightsTable protocol={protocol} />
          )}
        </Card>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        variant="primary"
        title={`Abfüllung ${protocol.number} bestätigen?`}
        description={`Du bestätigst als zweite Person, dass Charge, Gewichte und Abweichungen stimmen. Aus Charge ${protocol.bulk.batchNumber} werden ${formatWeight(protocol.withdrawnMg ?? 0)} ausgebucht (davon ${formatWeight(protocol.lossMg ?? 0)} Verlust); ${units} „${protocol.pack.productName}“ kommen als neue, freigegebene Charge in den Bestand. Das lässt sich nicht rückgängig machen.`}
        confirmLabel="Bestätigen und einbuchen"
        onConfirm={async () => {
          const filled = await confirmFillingFn({ data: { id: protocol.id } })
          await refresh()
          toast.success(`Abfüllung bestätigt: Charge ${filled.batchNumber} ist im Bestand.`)
        }}
      />
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title={`Abfüllung ${protocol.number} stornieren?`}
        description="Das Protokoll bleibt mit allen Gewichten erhalten und wird als storniert markiert. Gebucht wurde noch nichts, daher wird auch nichts zurückgebucht. Das lässt sich nicht rückgängig machen."
        confirmLabel="Stornieren"
        reason={{ label: 'Grund der Stornierung', minLength: 3 }}
        onConfirm={async (reason) => {
          await cancelFillingFn({ data: { id: protocol.id, reason } })
          await refresh()
          toast.success(`Abfüllung ${protocol.number} ist storniert.`)
        }}
      />
    </>
  )
}
