import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { formatMoney } from '~/lib/format'
import type { ShopPageConfig, ShopPaymentMethod } from '~/lib/shop'
import { shopPaymentMethodLabels } from '~/lib/shop'
import type { CatalogueCount, StorefrontCounts } from '~/lib/shop-catalogue'
import type { ShopDeliveryMethod } from '~/lib/tenant-config'
import { type IconComponent, shellIcon } from '../../shell/icons'
import { ShopAddress } from '../../shell/ShopLayout'
import { LeafIcon } from '../../ui/page-icons'

// The storefront's own icons, drawn as lucide draws them (ADR 029).
const ClipboardPenIcon = shellIcon(
  <>
    <path d="M16 4h2a2 2 0 0 1 2 2v2" />
    <path d="M21.34 15.664a1 1 0 1 0-3.004-3.004l-5.01 5.012a2 2 0 0 0-.506.854l-.837 2.87a.5.5 0 0 0 .62.62l2.87-.837a2 2 0 0 0 .854-.506z" />
    <path d="M8 22H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2" />
    <rect x="8" y="2" width="8" height="4" rx="1" />
  </>,
)
const DropletsIcon = shellIcon(
  <>
    <path d="M7 16.3c2.2 0 4-1.83 4-4.05 0-1.16-.57-2.26-1.71-3.19S7.29 6.75 7 5.3c-.29 1.45-1.14 2.84-2.29 3.76S3 11.1 3 12.25c0 2.22 1.8 4.05 4 4.05z" />
    <path d="M12.56 6.6A10.97 10.97 0 0 0 14 3.02c.5 2.5 2 4.9 4 6.5s3 3.5 3 5.5a6.98 6.98 0 0 1-11.91 4.97" />
  </>,
)

const productCount = (count: number, one: string, many: string) =>
  count === 0 ? `Derzeit keine ${many} vorrätig` : `${count} ${count === 1 ? one : many} vorrätig`

/** "8 Sorten, davon 7 vorrätig": the list's own counts, so the tile says what the list shows. */
function listCount({ listed, available }: CatalogueCount, one: string, many: string) {
  if (listed === available) return productCount(listed, one, many)
  return `${listed} ${listed === 1 ? one : many}, davon ${available} vorrätig`
}

interface EntryTile {
  to: '/blueten' | '/extrakte' | '/rezeptkonfigurator'
  icon: IconComponent
  title: string
  text: string
  count: (counts: StorefrontCounts) => string
}

/** The tiles promise a price only where a visitor sees one (`showPricesPublicly`). */
const entryTiles = (pricesShown: boolean): EntryTile[] => [
  {
    to: '/blueten',
    icon: LeafIcon,
    title: 'Blüten',
    text: pricesShown
      ? 'Sorten mit Wirkstoffgehalt der aktuellen Charge, Genetik, Terpenen und Preis je Gramm.'
      : 'Sorten mit Wirkstoffgehalt der aktuellen Charge, Genetik und Terpenen.',
    count: (counts) => listCount(counts.catalogue.flower, 'Sorte', 'Sorten'),
  },
  {
    to: '/extrakte',
    icon: DropletsIcon,
    title: 'Extrakte',
    text: pricesShown
      ? 'Extrakte mit THC- und CBD-Gehalt, Packungsgröße und Preis je Milliliter.'
      : 'Extrakte mit THC- und CBD-Gehalt und Packungsgröße.',
    count: (counts) => listCount(counts.catalogue.extract, 'Extrakt', 'Extrakte'),
  },
  {
    to: '/rezeptkonfigurator',
    icon: ClipboardPenIcon,
    title: 'Rezeptkonfigurator',
    text: 'Für Ärztinnen, Ärzte und Patienten: eine Verordnung aus unserem Sortiment zusammenstellen, als Text übernehmen oder reservieren.',
    count: (counts) =>
      productCount(
        Object.values(counts.available).reduce((sum, count) => sum + count, 0),
        'Produkt',
        'Produkte',
      ),
  },
]

const feeText = (cents: number) => (cents === 0 ? 'kostenlos' : formatMoney(cents))

function DeliveryMethodFacts({ method }: { method: ShopDeliveryMethod }) {
  return (
    <li className="rounded-xl border border-border bg-white p-4">
      <h3 className="font-semibold text-ink">{method.label}</h3>
      {method.description && <p className="mt-1 text-sm text-ink-muted">{method.description}</p>}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {method.kind === 'pickup' ? (
          <>
            <dt className="text-ink-muted">Adresse</dt>
            <dd>
              {method.street}, {method.postalCode} {method.city}
            </dd>
            {method.openingHours && (
              <>
                <dt className="text-ink-muted">Öffnungszeiten</dt>
                <dd>{method.openingHours}</dd>
              </>
            )}
          </>
        ) : (
          <>
            <dt className="text-ink-muted">Kosten</dt>
            <dd>
              {feeText(method.feeCents)}
              {method.kind === 'courier' &&
                method.freeFromCents !== null &&
                method.feeCents > 0 &&
                `, ab ${formatMoney(method.freeFromCents)} Bestellwert kostenlos`}
            </dd>
          </>
        )}
        {method.kind === 'courier' && (
          <>
            <dt className="text-ink-muted">Liefergebiet</dt>
            <dd>Postleitzahlen {method.postalCodes.join(', ')}</dd>
          </>
        )}
        {!method.flowersAllowed && (
          <>
            <dt className="text-ink-muted">Blüten</dt>
            <dd>Cannabisblüten geben wir auf diesem Weg nicht ab.</dd>
          </>
        )}
      </dl>
    </li>
  )
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  )
}

/**
 * The shop's front page: what it offers, how to get it and how to reach the pharmacy. Information,
 * not advertising (HWG § 10): facts and counts, no claims or recommendations.
 */
export function StorefrontPage({
  config,
  available,
  paymentMethods,
}: {
  config: ShopPageConfig
  available: StorefrontCounts
  /** What the shop offers now: online payment only once it has a Mollie key. */
  paymentMethods: readonly ShopPaymentMethod[]
}) {
  return (
    <div className="space-y-10">
      <div>
        <h1 className="text-2xl font-semibold text-ink">{config.shopName}</h1>
        <p className="mt-2 max-w-3xl text-ink-muted">
          {config.showPricesPublicly
            ? 'Medizinisches Cannabis aus unserer Apotheke: Sorten und Extrakte mit Wirkstoffgehalt, Preis und aktueller Verfügbarkeit.'
            : 'Medizinisches Cannabis aus unserer Apotheke: Sorten und Extrakte mit Wirkstoffgehalt und aktueller Verfügbarkeit. Preise sehen Sie nach der Anmeldung.'}
        </p>
        <p className="mt-4 max-w-3xl rounded-xl border border-tenant-accent bg-white p-4 text-sm text-ink">
          Verschreibungspflichtige Arzneimittel geben wir nur gegen Vorlage einer gültigen
          ärztlichen Verschreibung ab. Die Angaben in diesem Shop ersetzen keine ärztliche oder
          pharmazeutische Beratung.
        </p>
      </div>

      <nav aria-label="Bereiche des Shops">
        <ul className="grid gap-4 md:grid-cols-3">
          {entryTiles(config.showPricesPublicly).map((tile) => (
            <li key={tile.to}>
              <Link
                to={tile.to}
                className="flex h-full flex-col rounded-xl border border-border bg-white p-5 hover:border-tenant-primary focus-visible:border-tenant-primary"
              >
                <tile.icon className="size-6 text-tenant-primary" aria-hidden="true" />
                <span className="mt-3 text-lg font-semibold text-ink">{tile.title}</span>
                <span className="mt-1 flex-1 text-sm text-ink-muted">{tile.text}</span>
                <span className="mt-4 text-sm font-medium text-ink">{tile.count(available)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="grid gap-10 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-10">
          <Section id="lieferung" title="Lieferung und Abholung">
            {config.deliveryMethods.length === 0 ? (
              <p className="text-ink-muted">
                Bitte fragen Sie uns nach den Möglichkeiten der Abholung oder Lieferung.
              </p>
            ) : (
              <ul className="grid gap-4 md:grid-cols-2">
                {config.deliveryMethods.map((method) => (
                  <DeliveryMethodFacts key={method.kind} method={method} />
                ))}
              </ul>
            )}
          </Section>
          <Section id="zahlung" title="Zahlung">
            {paymentMethods.length === 0 ? (
              <p className="text-ink-muted">Bitte fragen Sie uns nach den Zahlungsmöglichkeiten.</p>
            ) : (
              <ul className="list-inside list-disc text-ink">
                {paymentMethods.map((method) => (
                  <li key={method}>{shopPaymentMethodLabels[method]}</li>
                ))}
              </ul>
            )}
            <p className="text-sm text-ink-muted">
              Alle Preise inklusive Umsatzsteuer. Bei gesetzlich Versicherten berechnen wir die
              gesetzliche Zuzahlung.
            </p>
          </Section>
        </div>
        <Section id="kontakt" title="Kontakt und Öffnungszeiten">
          <div className="rounded-xl border border-border bg-white p-4 text-sm text-ink-muted">
            <ShopAddress config={config} />
          </div>
        </Section>
      </div>
    </div>
  )
}
