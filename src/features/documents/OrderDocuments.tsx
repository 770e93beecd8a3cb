import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { FileMinus2, FilePlus2, FileX2 } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { eInvoiceFormatLabels } from '~/lib/customers'
import {
  deletedDocumentFileText,
  documentFileName,
  documentTypeLabels,
  type IssuedDocument,
} from '~/lib/documents'
import { failureOf } from '~/lib/failure'
import { formatDate, formatMoney } from '~/lib/format'
import { Button } from '../ui/buttons'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { PlainTable, plainRowClass } from '../ui/PlainTable'
import { toast } from '../ui/toast'
import { CreditNoteDialog } from './CreditNoteDialog'
import { DocumentTypeBadge } from './DocumentTypeBadge'
import { DownloadFileButton } from './DownloadFileButton'
import { orderDocumentsQuery } from './document-cards.queries'
import { cancelOrderInvoiceFn, issueOrderDocumentFn } from './document-issue.functions'
import { documentsKey } from './documents.queries'

/** The customer-order queries' key (src/features/customer-orders): the timeline shows the issue. */
const customerOrdersKey = ['customer-orders'] as const

/** What the card's buttons issue; an advance invoice is an invoice marked as such (ADR 055). */
type IssuableKind = 'invoice' | 'advance_invoice' | 'delivery_note' | 'order_confirmation'

/** The documents of a list of issued documents, with downloads (order and customer cards). */
export function IssuedDocumentsTable({
  documents,
  showOrder = false,
}: {
  documents: IssuedDocument[]
  showOrder?: boolean
}) {
  return (
    <PlainTable
      columns={[
        { header: 'Art' },
        { header: 'Nummer' },
        { header: 'Datum' },
        ...(showOrder ? [{ header: 'Bestellung' }] : []),
        { header: 'Betrag (brutto)', numeric: true },
        { header: 'Herunterladen' },
      ]}
    >
      {documents.map((document) => {
        const label = `${documentTypeLabels[document.kind]} ${document.number}`
        return (
          <tr key={document.id} className={`${plainRowClass} align-top`}>
            <td className="py-2 pr-4">
              <DocumentTypeBadge type={document.kind} />
            </td>
            <td className="py-2 pr-4">
              <span className="font-mono tabular-nums">{document.number}</span>
              {document.cancelledBy && (
                <span className="block text-xs text-ink-muted">
                  storniert durch {document.cancelledBy}
                </span>
              )}
              {document.cancels && (
                <span className="block text-xs text-ink-muted">storniert {document.cancels}</span>
              )}
              {document.corrects && (
                <span className="block text-xs text-ink-muted">korrigiert {document.corrects}</span>
              )}
            </td>
            <td className="py-2 pr-4">{formatDate(document.issuedAt)}</td>
            {showOrder && (
              <td className="py-2 pr-4 font-mono tabular-nums">{document.orderNumber}</td>
            )}
            <td className="py-2 pr-4 text-right tabular-nums whitespace-nowrap">
              {document.kind === 'delivery_note' ? '–' : formatMoney(document.grossCents)}
            </td>
            <td className="py-2">
              <div className="flex flex-wrap gap-2">
                {document.pdfFileId === null ? (
                  <span className="text-sm text-ink-muted">{deletedDocumentFileText}</span>
                ) : (
                  <DownloadFileButton
                    fileId={document.pdfFileId}
                    fileName={documentFileName(document.number, 'pdf')}
                    label={`${label} herunterladen`}
                  >
                    PDF
                  </DownloadFileButton>
                )}
                {document.xmlFileId && (
                  <DownloadFileButton
                    fileId={document.xmlFileId}
                    fileName={documentFileName(document.number, 'xml')}
                    label={`E-Rechnung (XRechnung) ${document.number} herunterladen`}
                  >
                    XML
                  </DownloadFileButton>
                )}
              </div>
            </td>
          </tr>
        )
      })}
    </PlainTable>
  )
}

const issueLabels: Record<IssuableKind, string> = {
  invoice: 'Rechnung ausstellen',
  advance_invoice: 'Vorausrechnung ausstellen',
  delivery_note: 'Lieferschein ausstellen',
  order_confirmation: 'Auftragsbestätigung ausstellen',
}

/**
 * The documents card of a customer order (`/customer_orders/$id`): the order's documents with
 * their downloads, and the buttons for what its state allows — invoice, Storno (asks first),
 * delivery note, order confirmation. Issued documents never change; a wrong invoice is reversed
 * by a cancellation invoice and issued again.
 */
export function OrderDocuments({
  orderId,
  orderVersion,
}: {
  orderId: string
  orderVersion: number
}) {
  const headingId = useId()
  const queryClient = useQueryClient()
  const { data } = useSuspenseQuery(orderDocumentsQuery(orderId))
  const [busy, setBusy] = useState<IssuableKind | null>(null)
  // What may be issued follows the order's state: each new version of the order reads it again
  // (in the background; the card keeps showing what it has meanwhile).
  const seenVersion = useRef(orderVersion)
  useEffect(() => {
    if (seenVersion.current === orderVersion) return
    seenVersion.current = orderVersion
    void queryClient.invalidateQueries({ queryKey: orderDocumentsQuery(orderId).queryKey })
  }, [orderId, orderVersion, queryClient])
  const [cancelling, setCancelling] = useState(false)
  const [crediting, setCrediting] = useState(false)

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: documentsKey }),
      queryClient.invalidateQueries({ queryKey: customerOrdersKey }),
    ])

  async function issue(kind: IssuableKind) {
    setBusy(kind)
    try {
      const advance = kind === 'advance_invoice'
      const issued = await issueOrderDocumentFn({
        data: { orderId, kind: advance ? 'invoice' : kind, advance },
      })
      await refresh()
      toast.success(
        `${advance ? 'Vorausrechnung' : documentTypeLabels[kind]} ${issued.number} ist ausgestellt.`,
      )
    } catch (error) {
      toast.error(failureOf(error).message)
    } finally {
      setBusy(null)
    }
  }

  const issuable = (
    [
      ['invoice', data.can.invoice],
      ['advance_invoice', data.can.advanceInvoice],
      ['delivery_note', data.can.deliveryNote],
      ['order_confirmation', data.can.orderConfirmation],
    ] as const
  ).filter(([, allowed]) => allowed)

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-card border border-border bg-surface p-6"
    >
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-ink">
        Dokumente
      </h2>
      {data.documents.length > 0 ? (
        <IssuedDocumentsTable documents={data.documents} />
      ) : (
        <p className="text-ink-muted">Für diese Bestellung ist noch kein Dokument ausgestellt.</p>
      )}
      {data.can.advanceInvoice && (
        <p className="mt-3 text-sm text-ink-muted">
          Die Rechnung entsteht, wenn die Ware das Haus verlässt (bei Abholung mit der Übergabe).
          Soll der Kunde vorab zahlen, stelle eine Vorausrechnung aus.
        </p>
      )}
      {data.eInvoice && (data.can.invoice || data.can.cancellation) && (
        <p className="mt-3 text-sm text-ink-muted">
          Rechnungen an diesen Geschäftskunden gehen als E-Rechnung hinaus:{' '}
          {eInvoiceFormatLabels[data.eInvoice]}.
        </p>
      )}
      {(issuable.length > 0 || data.can.cancellation || data.can.credit) && (
        <div className="mt-4 flex flex-wrap gap-2">
          {issuable.map(([kind]) => (
            <Button
              key={kind}
              variant={kind === 'invoice' ? 'primary' : 'secondary'}
              pending={busy === kind}
              disabled={busy !== null}
              onClick={() => void issue(kind)}
            >
              {busy !== kind && <FilePlus2 className="size-4" aria-hidden="true" />}
              {issueLabels[kind]}
            </Button>
          ))}
          {data.can.cancellation && (
            <Button
              variant="secondary"
              disabled={busy !== null}
              onClick={() => setCancelling(true)}
            >
              <FileX2 className="size-4" aria-hidden="true" />
              Rechnung stornieren
            </Button>
          )}
          {data.can.credit && (
            <Button variant="secondary" disabled={busy !== null} onClick={() => setCrediting(true)}>
              <FileMinus2 className="size-4" aria-hidden="true" />
              Teil gutschreiben
            </Button>
          )}
        </div>
      )}
      {data.can.credit && (
        <CreditNoteDialog
          orderId={orderId}
          invoice={data.can.credit}
          open={crediting}
          onOpenChange={setCrediting}
          onIssued={async (number) => {
            await refresh()
            toast.success(`Rechnungskorrektur ${number} ist ausgestellt.`)
          }}
        />
      )}
      {data.can.cancellation && (
        <ConfirmDialog
          open={cancelling}
          onOpenChange={setCancelling}
          title={`Rechnung ${data.can.cancellation} stornieren?`}
          description="Es wird eine Stornorechnung mit eigener Nummer und negativen Beträgen ausgestellt, die sich auf die Rechnung bezieht. Die Rechnung selbst bleibt unverändert. Danach kannst du eine neue Rechnung ausstellen."
          confirmLabel="Stornorechnung ausstellen"
          reason={{ label: 'Grund (steht auf der Stornorechnung)', minLength: 3 }}
          onConfirm={async (reason) => {
            const issued = await cancelOrderInvoiceFn({ data: { orderId, reason } })
            await refresh()
            toast.success(`Stornorechnung ${issued.number} ist ausgestellt.`)
          }}
        />
      )}
    </section>
  )
}
