import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import {
  type CartLine,
  type CartView,
  highestQuantity,
  lowestQuantity,
  steppedQuantity,
} from '~/lib/cart'
import { failureOf } from '~/lib/failure'
import { formatMoney } from '~/lib/format'
import { formatSalesQuantity, vatRateLabels } from '~/lib/product-display'
import { catalogueListPaths } from '~/lib/shop-catalogue'
import { useSession } from '../../session/use-session'
import { ShoppingBasketIcon, shellIcon } from '../../shell/icons'
import { Button, buttonClass } from '../../ui/buttons'
import { EmptyState } from '../../ui/EmptyState'
import { PageHeader } from '../../ui/PageHeader'
import { FileTextIcon } from '../../ui/page-icons'
import { StatusBadge } from '../../ui/StatusBadge'
import { toast } from '../../ui/toast'
import { catalogueViewerOf } from '../catalogue/catalogue-keys'
import { PackPhoto } from '../catalogue/PackPhoto'
import { acceptCartChangesFn, removeCartItemFn, updateCartItemFn } from './cart.functions'
import { cartQuery } from './cart.queries'
import { useSetCartLines } from './cart-count'

// The cart's own icons, drawn as the other public pages' are (page-icons.tsx, ADR 029).
const MinusIcon = shellIcon(<path d="M5 12h14" />)
const PlusIcon = shellIcon(<path d="M5 12h14M12 5v14" />)
const Trash2Icon = shellIcon(
  <path d="M10 11v6M14 11v6M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6M3 6h18M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" />,
)

/** What changed about a line since it was added, in words; empty when nothing did. */
function lineNotices(line: CartLine): string[] {
  const notices: string[] = []
  if (line.unavailable) notices.push('Derzeit nicht verfügbar – wird beim Übernehmen entfernt.')
  if (line.availableUnits !== null) {
    notices.push(`Nur noch ${formatSalesQuantity(line.availableUnits, line.salesUnit)} verfügbar.`)
  }
  if (line.previousUnitGrossCents !== null && line.unitGrossCents !== null) {
    notices.push(
      `Preis geändert: war ${formatMoney(line.previousUnitGrossCents)}, jetzt ${formatMoney(line.unitGrossCents)}.`,
    )
  }
  return notices
}

function QuantityStepper({
  line,
  pending,
  onChange,
}: {
  line: CartLine
  pending: boolean
  onChange: (quantity: number) => void
}) {
  const lower = steppedQuantity(line.quantity, -1, line)
  const higher = steppedQuantity(line.quantity, 1, line)
  const highest = highestQuantity(line)
  const buttonStyle =
    'inline-flex size-9 items-center justify-center rounded-lg border border-border bg-surface hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-50'
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two buttons and a value, not a form fieldset
    <div role="group" aria-label={`Menge von ${line.name}`} className="flex items-center gap-2">
      <button
        type="button"
        className={buttonStyle}
        aria-label="Menge verringern"
        disabled={pending || line.quantity <= lowestQuantity(line) || line.unavailable}
        onClick={() => onChange(lower)}
      >
        <MinusIcon className="size-4" />
      </button>
      <output aria-live="polite" className="min-w-16 text-center text-sm font-medium">
        {formatSalesQuantity(line.quantity, line.salesUnit)}
      </output>
      <button
        type="button"
        className={buttonStyle}
        aria-label="Menge erhöhen"
        disabled={
          pending ||
          line.unavailable ||
          line.availableUnits !== null ||
          (highest !== null && line.quantity >= highest)
        }
        onClick={() => onChange(higher)}
      >
        <PlusIcon className="size-4" />
      </button>
    </div>
  )
}

function CartLineItem({
  line,
  pricesShown,
  pending,
  onQuantity,
  onRemove,
}: {
  line: CartLine
  pricesShown: boolean
  pending: boolean
  onQuantity: (quantity: number) => void
  onRemove: () => void
}) {
  const notices = lineNotices(line)
  return (
    <li className="flex flex-col gap-3 border-b border-border py-4 last:border-b-0 sm:flex-row sm:items-center">
      <PackPhoto fileId={line.packPhotoId} name={line.name} lazy className="size-16" />
      <div className="min-w-0 flex-1 space-y-1">
        <Link
          to={`${catalogueListPaths[line.category]}/$id`}
          params={{ id: line.listingId }}
          className="font-semibold text-ink hover:underline"
        >
          {line.name}
        </Link>
        <p className="text-sm text-ink-muted">
          {pricesShown && line.unitGrossCents !== null
            ? `${formatMoney(line.unitGrossCents)} ${line.unitLabel}`
            : line.unitLabel.replace(/^je /, 'Einheit: ')}
        </p>
        {line.prescriptionRequired && (
          <StatusBadge tone="info">
            <FileTextIcon className="size-3.5" />
            Rezept erforderlich
          </StatusBadge>
        )}
        {notices.map((notice) => (
          <p key={notice} className="text-sm font-medium text-warning">
            {notice}
          </p>
        ))}
      </div>
      {/* On a phone the price takes its own width and the row may wrap: a fixed price column
          pushed the row past a 390 px screen. */}
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:flex-nowrap sm:justify-end">
        <QuantityStepper line={line} pending={pending} onChange={onQuantity} />
        {pricesShown && (
          <p className="text-right font-semibold sm:w-24">
            {line.lineGrossCents !== null && !line.unavailable
              ? formatMoney(line.lineGrossCents)
              : '–'}
          </p>
        )}
        <Button
          variant="ghost"
          className="px-2"
          aria-label={`${line.name} entfernen`}
          disabled={pending}
          onClick={onRemove}
        >
          <Trash2Icon className="size-4" />
        </Button>
      </div>
    </li>
  )
}

function CartTotals({ cart }: { cart: CartView }) {
  if (!cart.totals) {
    return (
      <p className="text-sm text-ink-muted">
        Preise sehen Sie nach der{' '}
        <Link
          to="/login"
          search={{ redirect: '/warenkorb' }}
          className="font-medium text-brand-700 underline"
        >
          Anmeldung
        </Link>
        .
      </p>
    )
  }
  return (
    <dl className="space-y-1 text-sm">
      <div className="flex justify-between text-base font-semibold">
        <dt>Summe</dt>
        <dd>{formatMoney(cart.totals.grossCents)}</dd>
      </div>
      {cart.totals.vat.map((row) => (
        <div key={row.rate} className="flex justify-between text-ink-muted">
          <dt>enthaltene MwSt. {vatRateLabels[row.rate]}</dt>
          <dd>{formatMoney(row.cents)}</dd>
        </div>
      ))}
    </dl>
  )
}

/** `/warenkorb`: the cart with today's prices and stock, its changes and the way to the checkout. */
export function CartPage() {
  const session = useSession()
  const viewer = catalogueViewerOf(session)
  const query = cartQuery(viewer)
  const { data: cart } = useSuspenseQuery(query)
  const queryClient = useQueryClient()
  const setCartLines = useSetCartLines()
  const [pending, setPending] = useState(false)

  const run = async (action: () => Promise<CartView>, success?: string) => {
    setPending(true)
    try {
      const view = await action()
      queryClient.setQueryData(query.queryKey, view)
      setCartLines(view.lines.length)
      if (success) toast.success(success)
    } catch (error) {
      toast.error(failureOf(error).message)
    } finally {
      setPending(false)
    }
  }

  if (cart.lines.length === 0) {
    return (
      <>
        <PageHeader title="Warenkorb" />
        <EmptyState
          icon={ShoppingBasketIcon}
          title="Ihr Warenkorb ist leer"
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Link to="/blueten" className={buttonClass('primary')}>
                Blüten ansehen
              </Link>
              <Link to="/extrakte" className={buttonClass('secondary')}>
                Extrakte ansehen
              </Link>
            </div>
          }
        >
          Legen Sie Produkte aus unserem Sortiment in den Warenkorb.
        </EmptyState>
      </>
    )
  }

  const customer = session.accountType === 'b2c'
  const orderable = cart.lines.some((line) => !line.unavailable)
  return (
    <>
      <PageHeader
        title="Warenkorb"
        description="Verschreibungspflichtige Produkte geben wir nur gegen Rezept ab; das Rezept reichen Sie an der Kasse ein."
      />
      {cart.hasChanges && (
        <section
          aria-labelledby="cart-changes"
          className="mb-6 flex flex-wrap items-center justify-between gap-4 rounded-card border border-warning/30 bg-warning-soft p-4"
        >
          <div>
            <h2 id="cart-changes" className="font-semibold text-ink">
              Seit dem Hinzufügen hat sich etwas geändert
            </h2>
            <p className="text-sm text-ink-muted">
              Übernehmen Sie die neuen Preise und Mengen; nicht mehr verfügbare Produkte werden
              entfernt.
            </p>
          </div>
          <Button
            pending={pending}
            onClick={() => void run(() => acceptCartChangesFn(), 'Die Änderungen sind übernommen.')}
          >
            Änderungen übernehmen
          </Button>
        </section>
      )}
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section
          aria-label="Produkte im Warenkorb"
          className="rounded-card border border-border bg-surface px-5"
        >
          <ul>
            {cart.lines.map((line) => (
              <CartLineItem
                key={line.id}
                line={line}
                pricesShown={cart.pricesShown}
                pending={pending}
                onQuantity={(quantity) =>
                  void run(() => updateCartItemFn({ data: { itemId: line.id, quantity } }))
                }
                onRemove={() =>
                  void run(
                    () => removeCartItemFn({ data: { itemId: line.id } }),
                    `${line.name} ist entfernt.`,
                  )
                }
              />
            ))}
          </ul>
        </section>
        <aside
          aria-label="Summe"
          className="space-y-4 self-start rounded-card border border-border bg-surface p-5"
        >
          <CartTotals cart={cart} />
          {orderable && (
            <Link
              to={customer ? '/checkout' : '/login'}
              search={customer ? undefined : { redirect: '/checkout' }}
              className={buttonClass('primary', 'w-full')}
            >
              Zur Kasse
            </Link>
          )}
        </aside>
      </div>
    </>
  )
}
