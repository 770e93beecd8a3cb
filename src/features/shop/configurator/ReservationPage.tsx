import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { CircleCheck } from 'lucide-react'
import { PageHeader } from '~/features/ui/PageHeader'
import { formatDateTime } from '~/lib/format'
import { reservationConfirmationQuery } from './configurator.queries'

const route = getRouteApi('/_shop/reservierung/$id')

const statusTexts = {
  new: 'Die Ware ist für Sie zurückgelegt.',
  confirmed: 'Die Apotheke hat Ihre Reservierung bestätigt.',
  ready: 'Ihre Bestellung liegt zur Abholung bereit.',
  shipped: 'Ihre Bestellung ist unterwegs.',
  completed: 'Die Reservierung ist abgeschlossen.',
  cancelled: 'Diese Reservierung wurde storniert.',
  expired: 'Diese Reservierung ist abgelaufen; die Ware ist wieder freigegeben.',
} as const

/** What a patient sees after reserving: the number to quote, what is held, until when, where. */
export function ReservationPage() {
  const { id } = route.useParams()
  const { data: reservation } = useSuspenseQuery(reservationConfirmationQuery(id))
  const { pharmacy } = reservation
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="Reservierung" description={statusTexts[reservation.status]} />
      <section
        aria-labelledby="reservation-number"
        className="rounded-xl border border-border bg-surface p-4 sm:p-6"
      >
        <div className="flex items-start gap-3">
          <CircleCheck className="mt-1 size-6 shrink-0 text-success" aria-hidden="true" />
          <div>
            <p className="text-sm text-ink-muted">Ihre Reservierungsnummer</p>
            <p id="reservation-number" className="text-2xl font-semibold text-ink">
              {reservation.number}
            </p>
          </div>
        </div>
        <dl className="mt-6 grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-ink">Produkt</dt>
          <dd className="text-ink-muted">
            {reservation.quantityText} {reservation.productName}
          </dd>
          <dt className="font-medium text-ink">Verordnung</dt>
          <dd className="break-words text-ink-muted">{reservation.prescriptionText}</dd>
          {reservation.status === 'new' && reservation.expiresAt && (
            <>
              <dt className="font-medium text-ink">Zurückgelegt bis</dt>
              <dd className="text-ink-muted">{formatDateTime(reservation.expiresAt)} Uhr</dd>
            </>
          )}
          <dt className="font-medium text-ink">{pharmacy.pickup ? 'Abholung' : 'Apotheke'}</dt>
          <dd className="text-ink-muted">
            {pharmacy.name}, {pharmacy.street}, {pharmacy.postalCode} {pharmacy.city}
            {pharmacy.openingHours && <span className="block">{pharmacy.openingHours}</span>}
            {pharmacy.phone && <span className="block">Telefon {pharmacy.phone}</span>}
          </dd>
        </dl>
        <p className="mt-6 text-sm text-ink-muted">
          Bitte nennen Sie die Reservierungsnummer, wenn Sie uns kontaktieren oder die Ware abholen.
          Verschreibungspflichtige Arzneimittel geben wir nur gegen ein gültiges Rezept ab.
        </p>
      </section>
      <p className="mt-6">
        <Link to="/rezeptkonfigurator" className="font-medium text-brand-700 underline">
          Zurück zum Rezeptkonfigurator
        </Link>
      </p>
    </div>
  )
}
