import type { ShopSettings } from '~/lib/shop-settings'

/**
 * The shop's contact is the organisation's record (Stammdaten and Briefkopf): one phone number,
 * e-mail and address for documents, shop and mails. Shown here, changed there.
 */
export function ContactFromRecord({ contact }: { contact: ShopSettings['config']['contact'] }) {
  const lines = [
    contact.street,
    [contact.postalCode, contact.city].filter(Boolean).join(' '),
    contact.phone && `Telefon: ${contact.phone}`,
    contact.email && `E-Mail: ${contact.email}`,
  ].filter(Boolean)
  return (
    <div className="rounded-md border border-border bg-surface-muted p-3 text-sm">
      <p className="font-medium text-ink">Kontaktdaten aus den Stammdaten</p>
      {lines.length > 0 ? (
        lines.map((line) => <p key={line}>{line}</p>)
      ) : (
        <p className="text-ink-muted">Noch keine Kontaktdaten hinterlegt.</p>
      )}
      <p className="mt-1 text-ink-muted">
        Anschrift, Telefon und E-Mail änderst du im Tab „Stammdaten“; Shop, E-Mails und Dokumente
        zeigen dieselben Angaben.
      </p>
    </div>
  )
}
