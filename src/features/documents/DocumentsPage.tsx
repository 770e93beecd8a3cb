import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { FileText } from 'lucide-react'
import {
  type DocumentRow,
  deletedDocumentFileText,
  documentFileName,
  documentSortKeys,
  documentTypeLabels,
} from '~/lib/documents'
import { formatDate, formatMoney } from '~/lib/format'
import { useListPending } from '../admin/AdminConsole'
import { DataTable, dataColumns, SelectFilter } from '../ui/DataTable'
import { EmptyState } from '../ui/EmptyState'
import { PageHeader } from '../ui/PageHeader'
import { DocumentTypeBadge } from './DocumentTypeBadge'
import { DownloadFileButton } from './DownloadFileButton'
import { documentsQuery } from './documents.queries'

const route = getRouteApi('/_app/documents')
const column = dataColumns<DocumentRow>()

const extensionOf = (contentType: string) =>
  contentType === 'application/pdf' ? 'pdf' : contentType.replace('image/', '')

const linkClass = 'font-mono font-medium text-brand-900 hover:underline'

const columns = column.columns([
  column.accessor('type', {
    header: 'Art',
    cell: (info) => <DocumentTypeBadge type={info.getValue()} />,
  }),
  column.accessor('number', {
    header: 'Nummer',
    cell: (info) => <span className="font-mono tabular-nums">{info.getValue()}</span>,
  }),
  column.accessor('date', { header: 'Datum', cell: (info) => formatDate(info.getValue()) }),
  column.accessor('partyName', {
    id: 'party',
    header: 'Kunde / Lieferant',
    cell: (info) => info.getValue() ?? '–',
  }),
  column.display({
    id: 'order',
    header: 'Bestellung / Charge',
    cell: (info) => {
      const row = info.row.original
      if (row.orderId && row.orderNumber)
        return (
          <Link to="/customer_orders/$id" params={{ id: row.orderId }} className={linkClass}>
            {row.orderNumber}
          </Link>
        )
      if (row.batchId)
        return (
          <Link to="/inventory/batches/$id" params={{ id: row.batchId }} className={linkClass}>
            Charge {row.number}
          </Link>
        )
      return '–'
    },
  }),
  column.accessor('grossCents', {
    header: 'Betrag (brutto)',
    meta: { align: 'end' },
    cell: (info) => {
      const cents = info.getValue()
      return cents === null ? '–' : <span className="whitespace-nowrap">{formatMoney(cents)}</span>
    },
  }),
  column.display({
    id: 'download',
    header: 'Herunterladen',
    cell: (info) => {
      const row = info.row.original
      const label = `${documentTypeLabels[row.type]} ${row.number}`
      return (
        <div className="flex flex-wrap gap-2">
          {row.fileId === null ? (
            <span className="text-sm text-ink-muted">{deletedDocumentFileText}</span>
          ) : (
            <DownloadFileButton
              fileId={row.fileId}
              fileName={
                row.type === 'certificate' || row.type === 'prescription_scan'
                  ? `${documentTypeLabels[row.type]}-${row.number}.${extensionOf(row.contentType)}`
                  : documentFileName(row.number, 'pdf')
              }
              label={`${label} herunterladen`}
            >
              {row.contentType === 'application/pdf' ? 'PDF' : 'Datei'}
            </DownloadFileButton>
          )}
          {row.xmlFileId && (
            <DownloadFileButton
              fileId={row.xmlFileId}
              fileName={documentFileName(row.number, 'xml')}
              label={`E-Rechnung (XRechnung) ${row.number} herunterladen`}
            >
              XML
            </DownloadFileButton>
          )}
        </div>
      )
    },
  }),
])

/** `/documents`: what the organisation issued and what was uploaded (CoAs, prescriptions). */
export function DocumentsPage() {
  const search = route.useSearch()
  const { data } = useSuspenseQuery(documentsQuery(search))
  const typeOptions = data.types.map((value) => ({ value, label: documentTypeLabels[value] }))
  return (
    <>
      <PageHeader
        title="Dokumente"
        description="Rechnungen, Stornorechnungen, Lieferscheine und Auftragsbestätigungen deiner Bestellungen sowie Analysezertifikate und Rezepte."
      />
      <DataTable
        label="Dokumente"
        columns={columns}
        search={search}
        result={data}
        sortable={documentSortKeys}
        pending={useListPending()}
        searchLabel="Nummer oder Kunde suchen"
        filters={
          typeOptions.length > 1 ? (
            <SelectFilter param="type" label="Art" value={search.type} options={typeOptions} />
          ) : undefined
        }
        empty={
          <EmptyState icon={FileText} title="Noch keine Dokumente">
            Rechnungen, Lieferscheine und Auftragsbestätigungen stellst du auf der Seite einer
            Bestellung aus. Analysezertifikate kommen mit dem Wareneingang dazu.
          </EmptyState>
        }
      />
    </>
  )
}
