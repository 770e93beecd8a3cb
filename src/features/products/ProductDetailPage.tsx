import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { Archive, ArchiveRestore, CircleAlert, Pencil } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { formatCount, formatDate, formatMoney } from '~/lib/format'
import { masterProductFieldLabels } from '~/lib/master-products'
import {
  formatUnitPrice,
  grossCents,
  type OrganisationProductDetail,
  organisationProductActionLabels,
  organisationProductFieldLabels,
} from '~/lib/organisation-products'
import {
  availableSalesUnits,
  packSizeToBaseUnits,
  salesUnitLabels,
  salesUnitShortLabel,
  vatRateLabels,
} from '~/lib/products'
import { formatSalesUnits } from '~/lib/stock-labels'
import { ProductHistory } from '../master-products/ProductHistory'
import { Button, ButtonLink } from '../ui/buttons'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { FactList } from '../ui/FactList'
import { PageHeader } from '../ui/PageHeader'
import { StatusBadge } from '../ui/StatusBadge'
import { toast } from '../ui/toast'
import { BackToProducts } from './BackToProducts'
import { ListingStatusBadge } from './ListingStatusBadge'
import { ProductFactsSummary } from './ProductFactsSummary'
import {
  acknowledgeMasterChangeFn,
  archiveOrganisationProductFn,
  restoreOrganisationProductFn,
} from './product-save.functions'
import {
  organisationProductHistoryQuery,
  organisationProductQuery,
  productsKey,
} from './products.queries'

const route = getRouteApi('/_app/products/$id/')

const historyFieldLabels = { ...masterProductFieldLabels, ...organisationProductFieldLabels }

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-card border border-border bg-surface p-6">
      <h2 className="mb-4 text-lg font-semibold text-ink">{title}</h2>
      {children}
    </section>
  )
}

function OfferSummary({ detail }: { detail: OrganisationProductDetail }) {
  const { offer } = detail
  const unit = salesUnitShortLabel(offer.salesUnit)
  const quantity = (value: number | null) =>
    value === null ? '–' : `${formatCount(value)} ${unit}`
  const rows: [string, ReactNode][] = [
    ['Verkaufseinheit', salesUnitLabels[offer.salesUnit]],
    ['Preis (netto)', formatUnitPrice(offer.priceCents, offer.salesUnit)],
    ['Preis (brutto)', `${formatMoney(grossCents(offer.priceCents, offer.vatRate))} / ${unit}`],
    ['Mehrwertsteuer', vatRateLabels[offer.vatRate]],
    [
      'Im Shop',
      detail.owner.shopAllowed
        ? offer.visibleInShop
          ? 'sichtbar'
          : 'ausgeblendet'
        : 'kein Shop (Verein)',
    ],
    ['Bestellschritt', quantity(offer.orderStep)],
    ['Mindestmenge', quantity(offer.minOrderQuantity)],
    ['Höchstmenge', quantity(offer.maxOrderQuantity)],
    ['Meldebestand', quantity(offer.lowStockThreshold)],
    ['Zielbestand', quantity(offer.targetStock)],
    ['Verfügbar', <StockLevel key="stock" detail={detail} />],
  ]
  return <FactList rows={rows} />
}

/** Available stock in sales units, what waits in quarantine, and the way to the batches. */
function StockLevel({ detail }: { detail: OrganisationProductDetail }) {
  const { stock, offer, baseUnitsPerSalesUnit } = detail
  const quarantine = availableSalesUnits(stock.quarantine, baseUnitsPerSalesUnit)
  return (
    <span className="flex flex-wrap items-baseline gap-x-3">
      <span>
        {formatSalesUnits(
          availableSalesUnits(stock.available, baseUnitsPerSalesUnit),
          offer.salesUnit,
        )}
        {quarantine > 0 && `, ${formatSalesUnits(quarantine, offer.salesUnit)} in Quarantäne`}
      </span>
      <Link
        to="/inventory"
        search={{
          q: detail.product.name,
          organisation: detail.owner.canManage ? undefined : detail.owner.id,
        }}
        className="text-sm font-medium text-brand-900 hover:underline"
      >
        Chargen im Bestand
      </Link>
    </span>
  )
}

/** What the master product's state means for the listing, with the acknowledgement. */
function MasterNote({
  detail,
  onAcknowledge,
}: {
  detail: OrganisationProductDetail
  onAcknowledge: () => void
}) {
  if (detail.status === 'current') return null
  const withdrawn = detail.status === 'withdrawn'
  return (
    <div
      role="status"
      className="flex flex-wrap items-start gap-3 rounded-lg border border-warning/30 bg-warning-soft px-4 py-3 text-sm text-ink"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        {withdrawn
          ? 'Das Produkt wurde vom Markt zurückgezogen. Es bleibt in deiner Liste, lässt sich aber nicht neu übernehmen; prüfe, ob du es weiter anbietest.'
          : 'Die Stammdaten dieses Produkts wurden in der Produktdatenbank geändert, seit du es zuletzt geprüft hast. Die Angaben unten sind der aktuelle Stand.'}
      </p>
      {!withdrawn && detail.owner.canManage && !detail.archivedAt && (
        <Button variant="secondary" onClick={onAcknowledge}>
          Änderung zur Kenntnis nehmen
        </Button>
      )}
    </div>
  )
}

/** `/products/$id`: master data (read-only), own data, actions, history. */
export function ProductDetailPage() {
  const { id } = route.useParams()
  const { data: detail } = useSuspenseQuery(organisationProductQuery(id))
  const { data: history } = useSuspenseQuery(organisationProductHistoryQuery(id))
  const queryClient = useQueryClient()
  const [asking, setAsking] = useState<'archive' | 'restore' | null>(null)
  const archived = detail.archivedAt !== null
  const refresh = () => queryClient.invalidateQueries({ queryKey: productsKey })

  async function acknowledge() {
    try {
      await acknowledgeMasterChangeFn({
        data: { id, productRevision: detail.product.revision },
      })
      toast.success('Die Änderung der Stammdaten ist bestätigt.')
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Das hat nicht geklappt.')
    }
    await refresh()
  }

  const actions = detail.owner.canManage && (
    <>
      {!archived && (
        <>
          <ButtonLink to="/products/$id/edit" params={{ id }}>
            <Pencil className="size-4" aria-hidden="true" />
            Bearbeiten
          </ButtonLink>
          <Button variant="secondary" onClick={() => setAsking('archive')}>
            <Archive className="size-4" aria-hidden="true" />
            Archivieren
          </Button>
        </>
      )}
      {archived && detail.status !== 'withdrawn' && (
        <Button variant="secondary" onClick={() => setAsking('restore')}>
          <ArchiveRestore className="size-4" aria-hidden="true" />
          Wiederherstellen
        </Button>
      )}
    </>
  )

  const facts = {
    ...detail.product,
    packBaseUnits: packSizeToBaseUnits(detail.product.packSize, detail.product.packUnit),
  }

  return (
    <>
      <PageHeader
        title={detail.product.name}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <ListingStatusBadge status={detail.status} />
            {archived && <StatusBadge tone="neutral">archiviert</StatusBadge>}
            <span>{detail.custom ? 'Eigenes Produkt' : 'Aus der Produktdatenbank'}</span>
            <span>{formatUnitPrice(detail.offer.priceCents, detail.offer.salesUnit)}</span>
            {!detail.owner.canManage && <span>Produkt von {detail.owner.name} (nur Ansicht)</span>}
          </span>
        }
        back={<BackToProducts archived={archived} owner={detail.owner} />}
        actions={actions}
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <MasterNote detail={detail} onAcknowledge={acknowledge} />
          {archived && (
            <p className="rounded-lg border border-border bg-surface-muted px-4 py-3 text-sm text-ink">
              Archiviert am {formatDate(detail.archivedAt as string)}: nicht bestellbar und nicht im
              Shop; die Historie bleibt erhalten.
            </p>
          )}
          <Card title={detail.custom ? 'Produktangaben' : 'Stammdaten (Produktdatenbank)'}>
            <ProductFactsSummary facts={facts} />
            {detail.product.description && (
              <p className="mt-4 whitespace-pre-line text-sm text-ink">
                {detail.product.description}
              </p>
            )}
            {!detail.custom && (
              <p className="mt-4 text-sm text-ink-muted">
                Stammdaten pflegt die Plattform zentral; du änderst hier nur dein Angebot.
              </p>
            )}
          </Card>
          <Card title="Ihr Angebot">
            <OfferSummary detail={detail} />
          </Card>
        </div>
        <div className="xl:self-start">
          <ProductHistory
            entries={history}
            actionLabels={organisationProductActionLabels}
            fieldLabels={historyFieldLabels}
          />
        </div>
      </div>

      <ConfirmDialog
        open={asking === 'archive'}
        onOpenChange={(open) => setAsking(open ? 'archive' : null)}
        title="Produkt archivieren?"
        description="Das Produkt verschwindet aus deiner Produktliste, aus neuen Bestellungen und aus dem Shop. Es bleibt mit seiner Historie im Archiv und lässt sich dort wiederherstellen."
        confirmLabel="Archivieren"
        onConfirm={async () => {
          await archiveOrganisationProductFn({ data: { id } })
          await refresh()
          toast.success('Das Produkt ist archiviert.')
        }}
      />
      <ConfirmDialog
        open={asking === 'restore'}
        onOpenChange={(open) => setAsking(open ? 'restore' : null)}
        variant="primary"
        title="Produkt wiederherstellen?"
        description="Das Produkt steht wieder in deiner Produktliste und lässt sich bestellen. Im Shop bleibt es ausgeblendet, bis du es dort wieder sichtbar machst."
        confirmLabel="Wiederherstellen"
        onConfirm={async () => {
          await restoreOrganisationProductFn({ data: { id } })
          await refresh()
          toast.success('Das Produkt ist wiederhergestellt.')
        }}
      />
    </>
  )
}
