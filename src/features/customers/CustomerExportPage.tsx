import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { Download, Printer } from 'lucide-react'
import {
  customerOrderStatusLabels,
  deliveryMethodLabels,
  orderChannelLabels,
  paymentStatusLabels,
  prescriptionFormLabels,
} from '~/lib/customer-orders'
import { type CustomerExport, customerDisplayName, payerKindLabels } from '~/lib/customers'
import { readableCustomerExport } from '~/lib/data-export'
import { formatDate, formatDateTime, formatMoney } from '~/lib/format'
import { formatCannabinoid, formatPackSize, salesUnitShortLabel } from '~/lib/products'
import { Button } from '../ui/buttons'
import { FactList } from '../ui/FactList'
import { BackLink, PageHeader } from '../ui/PageHeader'
import { CustomerFacts } from './CustomerFacts'
import { customerExportQuery } from './customers.queries'

const route = getRouteApi('/_app/customers/$id/export')

/** Saves the export as a JSON file (Art. 20 DSGVO: machine-readable, with German keys and labels). */
function downloadJson(data: CustomerExport) {
  const blob = new Blob([JSON.stringify(readableCustomerExport(data), null, 2)], {
    type: 'application/json',
  })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = `datenauskunft-${data.customer.number}.json`
  document.body.append(link)
  link.click()
  link.remove()
  URL.revokeObjectURL(url)
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="break-inside-avoid-page rounded-card border border-border bg-surface p-6 print:border-0 print:p-0">
      <h2 className="mb-3 text-lg font-semibold text-ink">{title}</h2>
      {children}
    </section>
  )
}

/**
 * `/customers/$id/export`: everything stored about a customer, readable and printable, and the
 * same as a JSON download. Each visit is recorded in the audit log.
 */
export function CustomerExportPage() {
  const { id } = route.useParams()
  const { data } = useSuspenseQuery(customerExportQuery(id))
  const { customer } = data
  const name = customerDisplayName(customer)
  return (
    <div className="space-y-6">
      <PageHeader
        title={`Datenauskunft: ${name}`}
        description={`Alle gespeicherten Daten zu ${customer.number} bei ${data.controller.name}, Stand ${formatDateTime(data.exportedAt)} (Art. 15 DSGVO).`}
        back={
          <span className="print:hidden">
            <BackLink to="/customers/$id" params={{ id }}>
              {name}
            </BackLink>
          </span>
        }
        actions={
          <span className="flex flex-wrap gap-2 print:hidden">
            <Button variant="secondary" onClick={() => window.print()}>
              <Printer className="size-4" aria-hidden="true" />
              Drucken
            </Button>
            <Button onClick={() => downloadJson(data)}>
              <Download className="size-4" aria-hidden="true" />
              Als JSON herunterladen
            </Button>
          </span>
        }
      />
      <Section title="Verantwortliche Stelle">
        <p className="text-ink">
          {data.controller.name}
          {data.controller.street && `, ${data.controller.street}`}
          {data.controller.city && `, ${data.controller.postalCode ?? ''} ${data.controller.city}`}
        </p>
      </Section>
      <Section title="Stammdaten">
        <CustomerFacts
          fields={customer}
          extra={[
            ['Kundennummer', customer.number],
            [
              'Status',
              customer.anonymisedAt ? 'anonymisiert' : customer.active ? 'aktiv' : 'deaktiviert',
            ],
            ['Angelegt', formatDateTime(customer.createdAt)],
            ['Zuletzt geändert', formatDateTime(customer.updatedAt)],
          ]}
        />
      </Section>
      <Section title="Kundenkonto im Shop">
        {data.shopAccount ? (
          <FactList
            rows={[
              ['Shop', data.shopAccount.shopName],
              ['E-Mail', data.shopAccount.email],
              ['Name', data.shopAccount.name],
            ]}
          />
        ) : (
          <p className="text-ink-muted">Keine Verknüpfung mit einem Kundenkonto.</p>
        )}
      </Section>
      <Section title={`Notizen (${data.notes.length})`}>
        {data.notes.length === 0 ? (
          <p className="text-ink-muted">Keine Notizen.</p>
        ) : (
          <ul className="space-y-2">
            {data.notes.map((note) => (
              <li key={note.createdAt + note.body}>
                <span className="text-sm text-ink-muted">{formatDateTime(note.createdAt)}: </span>
                <span className="whitespace-pre-line text-ink">{note.body}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={`Bestellungen (${data.orders.length})`}>
        {data.orders.length === 0 ? (
          <p className="text-ink-muted">Keine Bestellungen.</p>
        ) : (
          <div className="space-y-6">
            {data.orders.map((order) => (
              <article key={order.id} className="break-inside-avoid-page space-y-2">
                <h3 className="font-semibold text-ink">
                  {order.number} vom {formatDate(order.createdAt)}
                </h3>
                <FactList
                  rows={[
                    ['Status', customerOrderStatusLabels[order.status]],
                    ['Zahlung', paymentStatusLabels[order.paymentStatus]],
                    ['Eingang', orderChannelLabels[order.channel]],
                    ['Lieferart', deliveryMethodLabels[order.deliveryMethod]],
                    [
                      'Lieferanschrift',
                      [
                        order.deliveryName,
                        order.deliveryStreet,
                        [order.deliveryPostalCode, order.deliveryCity].filter(Boolean).join(' '),
                      ]
                        .filter(Boolean)
                        .join(', ') || '–',
                    ],
                    ['Summe (brutto)', formatMoney(order.grossCents)],
                    ...(order.copaymentCents > 0
                      ? [['Zuzahlung', formatMoney(order.copaymentCents)] as [string, string]]
                      : []),
                    ...(order.prescription
                      ? [
                          [
                            'Rezept',
                            `${prescriptionFormLabels[order.prescription.form]}, ${payerKindLabels[order.prescription.payer]}, ${order.prescription.prescriberName}, ausgestellt ${formatDate(order.prescription.issuedOn)}`,
                          ] as [string, string],
                        ]
                      : []),
                    ...(order.note ? [['Notiz', order.note] as [string, string]] : []),
                  ]}
                />
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Positionen von {order.number}</caption>
                  <thead className="text-ink-muted">
                    <tr>
                      <th scope="col" className="py-1 pr-4 font-medium">
                        Produkt
                      </th>
                      <th scope="col" className="py-1 pr-4 text-right font-medium">
                        Menge
                      </th>
                      <th scope="col" className="py-1 text-right font-medium">
                        Einzelpreis (netto)
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {order.items.map((item) => (
                      <tr key={item.position} className="border-t border-border">
                        <td className="py-1 pr-4">
                          {item.name}
                          {item.pzn && <span className="text-ink-muted"> · PZN {item.pzn}</span>}
                        </td>
                        <td className="py-1 pr-4 text-right tabular-nums">
                          {item.quantity} {salesUnitShortLabel(item.salesUnit)}
                        </td>
                        <td className="py-1 text-right tabular-nums">
                          {formatMoney(item.unitPriceCents)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </article>
            ))}
          </div>
        )}
      </Section>
      {(data.customer.kind === 'member' || data.handouts.length > 0) && (
        <Section title={`Abgaben (${data.handouts.length})`}>
          {data.handouts.length === 0 ? (
            <p className="text-ink-muted">Keine Abgaben.</p>
          ) : (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Abgaben an {name}</caption>
              <thead className="text-ink-muted">
                <tr>
                  <th scope="col" className="py-1 pr-4 font-medium">
                    Abgabe
                  </th>
                  <th scope="col" className="py-1 pr-4 font-medium">
                    Sorte und Charge
                  </th>
                  <th scope="col" className="py-1 pr-4 text-right font-medium">
                    Menge
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    THC / CBD
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.handouts.map((handout) => (
                  <tr key={handout.number} className="border-t border-border">
                    <td className="py-1 pr-4">
                      {handout.number} vom {formatDateTime(handout.handedOutAt)}
                      {handout.cancelledAt && (
                        <span className="text-ink-muted">
                          {' '}
                          · storniert am {formatDate(handout.cancelledAt)}
                        </span>
                      )}
                    </td>
                    <td className="py-1 pr-4">
                      {handout.productName} · {handout.batchNumber}
                    </td>
                    <td className="py-1 pr-4 text-right tabular-nums">
                      {formatPackSize(handout.quantity, handout.packUnit)}
                    </td>
                    <td className="py-1 text-right tabular-nums">
                      {formatCannabinoid(handout.thcContent, handout.cannabinoidUnit) ?? '–'} /{' '}
                      {formatCannabinoid(handout.cbdContent, handout.cannabinoidUnit) ?? '–'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Section>
      )}
    </div>
  )
}
