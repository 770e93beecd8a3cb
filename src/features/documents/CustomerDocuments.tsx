import { useSuspenseQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { customerDocumentsQuery } from './document-cards.queries'
import { IssuedDocumentsTable } from './OrderDocuments'

/**
 * The documents card of a customer (`/customers/$id`): every document issued to them, newest
 * first, with downloads. Issued documents stay after the customer is anonymised (GoBD).
 */
export function CustomerDocuments({ customerId }: { customerId: string }) {
  const headingId = useId()
  const { data } = useSuspenseQuery(customerDocumentsQuery(customerId))
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-card border border-border bg-surface p-6"
    >
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-ink">
        Dokumente
      </h2>
      {data.length > 0 ? (
        <IssuedDocumentsTable documents={data} showOrder />
      ) : (
        <p className="text-ink-muted">Für diesen Kunden ist noch kein Dokument ausgestellt.</p>
      )}
    </section>
  )
}
