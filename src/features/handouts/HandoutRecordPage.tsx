import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { Ban, Plus, Printer, ShoppingCart } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { formatDate, formatDateTime } from '~/lib/format'
import {
  type HandoutRecord,
  handoutAgeClassLabels,
  handoutInformationSections,
  handoutQuantity,
} from '~/lib/handouts'
import { formatCannabinoid } from '~/lib/products'
import { Button, ButtonLink } from '../ui/buttons'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { FactList } from '../ui/FactList'
import { BackLink, PageHeader } from '../ui/PageHeader'
import { toast } from '../ui/toast'
import { HandoutStatusBadge } from './HandoutStatusBadge'
import { cancelHandoutFn } from './handout-actions.functions'
import { handoutQuery, handoutsKey } from './handouts.queries'

const route = getRouteApi('/_empty/abgabe/$id')

/** What the printer is told: an A4 sheet, or a label of a 62 mm roll (e.g. Brother DK-22205). */
const printFormats = {
  a4: { label: 'A4-Blatt', page: '@page { size: A4; margin: 15mm; }' },
  label: { label: 'Etikett 62 mm', page: '@page { size: 62mm 100mm; margin: 0; }' },
} as const
type PrintFormat = keyof typeof printFormats

const content = (record: HandoutRecord, value: number | null) =>
  formatCannabinoid(value, record.cannabinoidUnit) ?? '–'

type PharmacyRecord = Extract<HandoutRecord, { kind: 'pharmacy' }>
type ClubRecord = Extract<HandoutRecord, { kind: 'club' }>

/** Records of harvests from before the best-before date was required may have none. */
const bestBeforeOf = (record: HandoutRecord) =>
  record.expiryDate ? formatDate(record.expiryDate) : 'nicht festgelegt'

const addressOf = ({ organisation }: HandoutRecord) =>
  [organisation.street, [organisation.postalCode, organisation.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')

function Card({
  title,
  className = '',
  children,
}: {
  title: string
  className?: string
  children: ReactNode
}) {
  return (
    <section
      className={`break-inside-avoid-page rounded-card border border-border bg-surface p-6 print:border-0 print:p-0 ${className}`}
    >
      <h2 className="mb-3 text-lg font-semibold text-ink">{title}</h2>
      {children}
    </section>
  )
}

/**
 * The record a regulator may ask for: date, member or patient, product, batch, amount, THC and
 * CBD; a club's with the age class whose limits applied, a pharmacy's with its order and the
 * prescription's facts the label carries.
 */
function RecordFacts({ record }: { record: HandoutRecord }) {
  const { member } = record
  const kindRows: [string, ReactNode][] =
    record.kind === 'club'
      ? [
          ['Altersgruppe am Abgabetag', handoutAgeClassLabels[record.ageClass]],
          ['Erntedatum', record.harvestDate ? formatDate(record.harvestDate) : '–'],
          ['Mindesthaltbar bis', bestBeforeOf(record)],
        ]
      : [
          [
            'Bestellung',
            <Link
              key="order"
              to="/customer_orders/$id"
              params={{ id: record.order.id }}
              className="font-mono text-brand-900 hover:underline"
            >
              {record.order.number}
            </Link>,
          ],
          [
            'Verschreibende Person',
            [record.label.prescriberName, record.label.prescriberAddress]
              .filter(Boolean)
              .join(', '),
          ],
          ['Gebrauchsanweisung', record.label.dosage ?? '–'],
          ['Art der Anwendung', record.label.formOfUse],
          ['Herstellungsdatum', formatDate(record.label.preparedOn)],
          ['Verwendbar bis', record.label.useBy ? formatDate(record.label.useBy) : '–'],
        ]
  return (
    <FactList
      rows={[
        [
          'Nummer',
          <span key="number" className="font-mono">
            {record.number}
          </span>,
        ],
        ['Zeitpunkt', formatDateTime(record.handedOutAt)],
        [
          record.kind === 'club' ? 'Mitglied' : 'Patient/in',
          <span key="member">
            <Link
              to="/customers/$id"
              params={{ id: member.id }}
              className="font-medium text-brand-900 hover:underline"
            >
              {member.displayName}
            </Link>
            {` (${member.number}${member.membershipNumber ? `, Mitgliedsnr. ${member.membershipNumber}` : ''})`}
          </span>,
        ],
        ...kindRows,
        [record.kind === 'club' ? 'Sorte' : 'Produkt', record.productName],
        [
          'Charge',
          <Link
            key="batch"
            to="/inventory/batches/$id"
            params={{ id: record.batchId }}
            className="font-mono text-brand-900 hover:underline"
          >
            {record.batchNumber}
          </Link>,
        ],
        ['Menge', handoutQuantity(record)],
        ['THC', content(record, record.thcContent)],
        ['CBD', content(record, record.cbdContent)],
        ['Abgegeben von', record.handedOutByName ?? '–'],
        ['Status', <HandoutStatusBadge key="status" status={record.status} />],
        ...(record.cancelledAt
          ? ([
              [
                'Storniert am',
                `${formatDateTime(record.cancelledAt)}, ${record.cancelledByName ?? '–'}`,
              ],
              [
                'Grund',
                <span key="reason" className="whitespace-pre-line">
                  {record.cancelReason}
                </span>,
              ],
            ] as [string, ReactNode][])
          : []),
      ]}
    />
  )
}

/** The staff's way back to this record from the label: a QR code of its address. */
function RecordQrCode({ record }: { record: HandoutRecord & { qrSvg: string } }) {
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(record.qrSvg)}`}
      alt={`QR-Code: Link zur Abgabe ${record.number} für das Team`}
      className="size-[18mm] shrink-0"
    />
  )
}

/**
 * The batch's code (ADR 074): the counter's scan field reads it to pick variety and batch. Its
 * text stands beside it, so the code can be typed where no scanner is at hand.
 */
function BatchCode({ record, code }: { record: ClubRecord; code: { text: string; svg: string } }) {
  return (
    <div className="flex min-w-0 flex-1 items-center gap-[2mm]">
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(code.svg)}`}
        alt={`QR-Code: Chargencode der Charge ${record.batchNumber}`}
        className="size-[16mm] shrink-0"
      />
      <p className="min-w-0">
        <span className="block font-semibold">Chargencode</span>
        <span className="block break-all font-mono text-[6pt]">{code.text}</span>
      </p>
    </div>
  )
}

/** A label's frame, sized for a 62 mm roll; on the A4 sheet it is printed to be cut out. */
function LabelFrame({
  record,
  format,
  children,
}: {
  record: HandoutRecord
  format: PrintFormat
  children: ReactNode
}) {
  return (
    <article
      aria-label="Etikett"
      // On the A4 sheet the border is where to cut; the label roll is cut already.
      className={`w-[62mm] break-inside-avoid rounded-lg border border-ink p-[3mm] text-[8pt] leading-tight text-black print:rounded-none ${format === 'label' ? 'print:border-0' : ''}`}
    >
      {record.status === 'cancelled' && (
        <p className="mb-[1mm] font-semibold uppercase">Storniert – nicht gültig</p>
      )}
      <p className="font-semibold">{record.organisation.name}</p>
      <p>{addressOf(record)}</p>
      {children}
    </article>
  )
}

/**
 * The label of a pharmacy's dispensing (§ 14 ApBetrO): pharmacy, content by weight, active
 * substances, form of use and directions, preparation and use-by date, storage, prescriber.
 */
function PharmacyLabel({
  record,
  format,
}: {
  record: PharmacyRecord & { qrSvg: string }
  format: PrintFormat
}) {
  const { label } = record
  return (
    <LabelFrame record={record} format={format}>
      <p className="mt-[1mm]">Für: {record.member.displayName}</p>
      <p className="mt-[1mm] text-[10pt] font-semibold">{record.productName}</p>
      <dl className="mt-[1mm] grid grid-cols-[max-content_1fr] gap-x-[2mm]">
        <dt>Inhalt</dt>
        <dd className="font-semibold">{handoutQuantity(record)}</dd>
        <dt>Wirkstoffe</dt>
        <dd className="font-semibold">
          THC {content(record, record.thcContent)}, CBD {content(record, record.cbdContent)}
        </dd>
        <dt>Anwendung</dt>
        <dd>{label.formOfUse}</dd>
        <dt>Dosierung</dt>
        <dd>{label.dosage ?? 'laut ärztlicher Anweisung'}</dd>
        <dt>Hergestellt</dt>
        <dd>{formatDate(label.preparedOn)}</dd>
        <dt>Verwendbar bis</dt>
        <dd>{label.useBy ? formatDate(label.useBy) : '–'}</dd>
        <dt>Charge</dt>
        <dd>{record.batchNumber}</dd>
        <dt>Verordnet von</dt>
        <dd>{label.prescriberName}</dd>
      </dl>
      <div className="mt-[2mm] flex items-end gap-[2mm]">
        <p className="flex-1">
          {label.storageNote} Abgabe {record.number}, {formatDate(record.handedOutAt)}.
        </p>
        <RecordQrCode record={record} />
      </div>
    </LabelFrame>
  )
}

/**
 * The label that goes with a club's product: what the law asks for (weight, variety, harvest,
 * use-by, THC and CBD) and, for staff, the batch's code and a QR code of this record.
 */
function ClubLabel({
  record,
  format,
}: {
  record: ClubRecord & { qrSvg: string; batchCode: { text: string; svg: string } | null }
  format: PrintFormat
}) {
  return (
    <LabelFrame record={record} format={format}>
      <p className="mt-[2mm] text-[11pt] font-semibold">{record.cultivar ?? record.productName}</p>
      <dl className="mt-[1mm] grid grid-cols-[max-content_1fr] gap-x-[2mm] whitespace-nowrap">
        <dt>Gewicht</dt>
        <dd className="font-semibold">{handoutQuantity(record)}</dd>
        <dt>THC / CBD</dt>
        <dd className="font-semibold">
          {content(record, record.thcContent)} / {content(record, record.cbdContent)}
        </dd>
        <dt>Erntedatum</dt>
        <dd>{record.harvestDate ? formatDate(record.harvestDate) : '–'}</dd>
        <dt>Haltbar bis</dt>
        <dd>{bestBeforeOf(record)}</dd>
        <dt>Charge</dt>
        <dd>{record.batchNumber}</dd>
        <dt>Abgabe</dt>
        <dd>{record.number}</dd>
        <dt>Abgegeben am</dt>
        <dd>{formatDate(record.handedOutAt)}</dd>
      </dl>
      {/* The label keeps the essentials at a readable size; the full information (risks,
          interactions, use and dosage, advice) goes with the hand-out as its sheet. */}
      <p className="mt-[2mm]">
        Cannabis kann abhängig machen und der Gesundheit schaden. Risiken, Wechselwirkungen,
        Dosierung und Beratung: siehe beiliegende Information. Nicht an Dritte weitergeben.
      </p>
      <div className="mt-[2mm] flex items-end justify-end gap-[2mm]">
        {record.batchCode && <BatchCode record={record} code={record.batchCode} />}
        <RecordQrCode record={record} />
      </div>
    </LabelFrame>
  )
}

/**
 * What members are given with every hand-out besides the label (§ 21 Abs. 3 KCanG): the batch's
 * facts and the club's information (risks, interactions, use and dosage, advice services) — its
 * adapted text, else the template.
 */
function MemberInformation({ record }: { record: ClubRecord }) {
  return (
    <div className="space-y-3 text-sm text-ink">
      <p>
        {record.organisation.name} · {record.cultivar ?? record.productName},{' '}
        {handoutQuantity(record)} · THC {content(record, record.thcContent)}, CBD{' '}
        {content(record, record.cbdContent)} · Ernte{' '}
        {record.harvestDate ? formatDate(record.harvestDate) : '–'} · Mindesthaltbar bis{' '}
        {bestBeforeOf(record)} · Charge {record.batchNumber}
      </p>
      {handoutInformationSections(record.information).map((section) => (
        <div key={section.heading}>
          <h3 className="font-semibold">{section.heading}</h3>
          {section.lines.map((line) => (
            <p key={line} className="mt-1">
              {line}
            </p>
          ))}
        </div>
      ))}
    </div>
  )
}

function FormatChoice({
  value,
  onChange,
}: {
  value: PrintFormat
  onChange: (format: PrintFormat) => void
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-3 text-sm">
      <legend className="sr-only">Druckformat</legend>
      <span aria-hidden="true" className="text-ink-muted">
        Druckformat:
      </span>
      {(Object.keys(printFormats) as PrintFormat[]).map((format) => (
        <label key={format} className="flex items-center gap-1.5 text-ink">
          <input
            type="radio"
            name="print-format"
            value={format}
            checked={value === format}
            onChange={() => onChange(format)}
            className="size-4 text-brand-600 focus:ring-2 focus:ring-brand-200"
          />
          {printFormats[format].label}
        </label>
      ))}
    </fieldset>
  )
}

/**
 * `/abgabe/$id` (empty layout): the hand-out's record and its printable label sheet — on A4 the
 * record, the label and (clubs) the information for the member; on a 62 mm label roll the label
 * alone. A club's staff cancel a hand-out here, with a reason; a pharmacy's record belongs to its
 * completed order and is not cancelled.
 */
export function HandoutRecordPage() {
  const { id } = route.useParams()
  const { data: record } = useSuspenseQuery(handoutQuery(id))
  const queryClient = useQueryClient()
  const [format, setFormat] = useState<PrintFormat>('a4')
  const [cancelling, setCancelling] = useState(false)
  // On a label only the label is printed.
  const notOnLabel = format === 'label' ? 'print:hidden' : ''
  return (
    <main
      id="main"
      className="mx-auto min-h-screen max-w-5xl space-y-6 px-page py-10 print:max-w-none print:p-0"
    >
      <style>{printFormats[format].page}</style>
      <div className="print:hidden">
        <PageHeader
          title={`Abgabe ${record.number}`}
          description={`${handoutQuantity(record)} ${record.productName} an ${record.member.displayName}, ${formatDateTime(record.handedOutAt)}${record.kind === 'pharmacy' ? ` (Bestellung ${record.order.number})` : ''}.`}
          back={<BackLink to="/abgabe">Abgaben</BackLink>}
          actions={
            <>
              <Button variant="secondary" onClick={() => window.print()}>
                <Printer className="size-4" aria-hidden="true" />
                Drucken
              </Button>
              {record.kind === 'club' ? (
                <>
                  {record.cancellable && (
                    <Button variant="secondary" onClick={() => setCancelling(true)}>
                      <Ban className="size-4" aria-hidden="true" />
                      Stornieren
                    </Button>
                  )}
                  <ButtonLink to="/abgabe/neu">
                    <Plus className="size-4" aria-hidden="true" />
                    Neue Abgabe
                  </ButtonLink>
                </>
              ) : (
                <ButtonLink
                  variant="secondary"
                  to="/customer_orders/$id"
                  params={{ id: record.order.id }}
                >
                  <ShoppingCart className="size-4" aria-hidden="true" />
                  Zur Bestellung
                </ButtonLink>
              )}
            </>
          }
        />
        <FormatChoice value={format} onChange={setFormat} />
        {record.kind === 'club' && record.status === 'active' && !record.cancellable && (
          <p className="mt-3 text-sm text-ink-muted">
            Stornieren lässt sich eine Abgabe nur am Tag der Abgabe. Eine spätere Berichtigung ist
            eine Bestandskorrektur an der Charge und gibt dem Mitglied keine Abgabemenge zurück.
          </p>
        )}
      </div>
      <p className={`hidden text-sm text-ink print:block ${notOnLabel}`}>
        {record.organisation.name} · Abgabe {record.number}
      </p>
      <Card title="Abgabedokumentation" className={notOnLabel}>
        <RecordFacts record={record} />
      </Card>
      <section
        aria-labelledby="label-title"
        className="rounded-card border border-border bg-surface p-6 print:rounded-none print:border-0 print:bg-transparent print:p-0"
      >
        <h2 id="label-title" className="mb-3 text-lg font-semibold text-ink print:hidden">
          Etikett
        </h2>
        {record.kind === 'club' ? (
          <ClubLabel record={record} format={format} />
        ) : (
          <PharmacyLabel record={record} format={format} />
        )}
      </section>
      {record.kind === 'club' && (
        <Card title="Informationen für das Mitglied" className={notOnLabel}>
          <MemberInformation record={record} />
        </Card>
      )}
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title={`Abgabe ${record.number} stornieren?`}
        description={`Die Abgabe bleibt dokumentiert und wird als storniert markiert. ${handoutQuantity(record)} gehen mit einer Gegenbuchung in die Charge ${record.batchNumber} zurück und zählen nicht mehr zur Höchstmenge des Mitglieds. Das lässt sich nicht rückgängig machen.`}
        confirmLabel="Stornieren"
        reason={{ label: 'Grund der Stornierung', minLength: 3 }}
        onConfirm={async (reason) => {
          await cancelHandoutFn({ data: { id: record.id, reason } })
          await queryClient.invalidateQueries({ queryKey: handoutsKey })
          toast.success(`Abgabe ${record.number} ist storniert.`)
        }}
      />
    </main>
  )
}
