import { ExternalLink } from 'lucide-react'
import type { ShopSettings } from '~/lib/shop-settings'

export function ShopStatus({ settings }: { settings: ShopSettings }) {
  const address = settings.domainVerification?.verifiedAt
    ? `https://${settings.customDomain}`
    : settings.address
  return (
    <section
      aria-labelledby="shop-status"
      className="rounded-card border border-border bg-surface p-6"
    >
      <h2 id="shop-status" className="text-lg font-semibold text-ink">
        {settings.kind === 'shop' ? 'Ihr Shop' : 'Ihre Seite'}
      </h2>
      {settings.published ? (
        <p className="mt-1 text-sm text-ink">
          Online unter{' '}
          <a
            href={address}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
          >
            {address}
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only">(öffnet in neuem Tab)</span>
          </a>
          . Änderungen gelten sofort nach dem Speichern.
        </p>
      ) : (
        <p className="mt-1 text-sm text-ink">
          Noch nicht online. Mit dem ersten Speichern ist {settings.address} erreichbar.
        </p>
      )}
      {settings.kind === 'club_site' && (
        <p className="mt-2 text-sm text-ink-muted">
          Anbauvereinigungen dürfen nicht werben (§ 6 KCanG): Ihre Seite zeigt nur Name, Logo,
          Kontakt und Rechtstexte, keinen Shop.
        </p>
      )}
    </section>
  )
}
