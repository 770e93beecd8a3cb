import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type ReactNode, useCallback, useEffect, useState } from 'react'
import { deliveryMethodLabels, orderTypeLabels, paymentStatusLabels } from '~/lib/customer-orders'
import { formatCount, formatLongDate, formatTime } from '~/lib/format'
import { formatGrams, handoutQuantity } from '~/lib/handouts'
import {
  type LiveConnectionState,
  type LiveHandoutTile,
  type LiveOrderTile,
  type LiveStockTile,
  type LiveTile,
  liveConnectionText,
  liveStockWarningLabels,
  liveTileTitles,
} from '~/lib/live'
import { liveBoardQuery } from './live.queries'
import { useLiveConnection } from './use-live-connection'

/**
 * The current time, ticking every second; null until the page runs in the browser (the server's
 * time would not match the first render there). Only the clock and the status line use it, so
 * the tiles do not render again every second.
 */
function useNow(): number | null {
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [])
  return now
}

const connectionTones: Record<LiveConnectionState['kind'], string> = {
  connecting: 'bg-white/15 text-white',
  live: 'bg-success-soft text-success',
  retrying: 'bg-warning-soft text-warning',
  forbidden: 'bg-danger-soft text-danger',
  signed_out: 'bg-danger-soft text-danger',
}

/**
 * The connection's state. The visible line counts the seconds to the next attempt; screen readers
 * hear the state once, not every second.
 */
function ConnectionState({ state }: { state: LiveConnectionState }) {
  const now = useNow()
  return (
    <p
      className={`inline-flex items-center gap-2 rounded-full px-4 py-1.5 text-lg font-semibold ${connectionTones[state.kind]}`}
    >
      <span
        className={`size-3 rounded-full ${state.kind === 'live' ? 'bg-success' : 'bg-current'}`}
        aria-hidden="true"
      />
      <span aria-hidden="true">{liveConnectionText(state, now ?? undefined)}</span>
      <span role="status" className="sr-only">
        {liveConnectionText(state)}
      </span>
    </p>
  )
}

function Clock() {
  const now = useNow()
  return (
    <div className="text-right">
      <p className="text-5xl font-semibold tabular-nums">
        {now === null ? (
          '\u00a0'
        ) : (
          <time dateTime={new Date(now).toISOString()}>{formatTime(new Date(now))}</time>
        )}
      </p>
      <p className="text-lg text-white/80">
        {now === null ? '\u00a0' : formatLongDate(new Date(now))}
      </p>
    </div>
  )
}

function TileFrame({
  tile,
  count,
  children,
}: {
  tile: LiveTile
  count: string
  children: ReactNode
}) {
  const titleId = `live-tile-${tile.key}`
  return (
    <section
      aria-labelledby={titleId}
      className="flex min-h-0 flex-col rounded-card bg-surface p-6 text-ink shadow-sm"
    >
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={titleId} className="text-2xl font-semibold">
          {liveTileTitles[tile.key]}
        </h2>
        <p className="text-5xl font-bold tabular-nums text-brand-700">{count}</p>
      </div>
      <div className="mt-4 min-h-0 flex-1">{children}</div>
    </section>
  )
}

function Remaining({ shown, total }: { shown: number; total: number }) {
  if (total <= shown) return null
  return <p className="mt-3 text-lg text-ink-muted">und {formatCount(total - shown)} weitere</p>
}

function OrderTile({ tile }: { tile: LiveOrderTile }) {
  return (
    <TileFrame tile={tile} count={formatCount(tile.total)}>
      {tile.orders.length === 0 ? (
        <p className="text-xl text-ink-muted">Gerade nichts.</p>
      ) : (
        <ul className="divide-y divide-border">
          {tile.orders.map((order) => (
            <li key={order.id} className="py-2">
              <div className="flex items-baseline justify-between gap-4">
                <span className="text-2xl font-semibold tabular-nums">{order.number}</span>
                <time dateTime={order.createdAt} className="text-lg tabular-nums text-ink-muted">
                  {formatTime(order.createdAt)}
                </time>
              </div>
              <p className="text-lg text-ink-muted">
                {[
                  order.type === 'reservation' ? orderTypeLabels.reservation : null,
                  deliveryMethodLabels[order.deliveryMethod],
                  `${formatCount(order.itemCount)} ${order.itemCount === 1 ? 'Position' : 'Positionen'}`,
                  paymentStatusLabels[order.paymentStatus],
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Remaining shown={tile.orders.length} total={tile.total} />
    </TileFrame>
  )
}

function HandoutTile({ tile }: { tile: LiveHandoutTile }) {
  return (
    <TileFrame tile={tile} count={formatCount(tile.total)}>
      <p className="mb-2 text-xl">
        Nach Gewicht zusammen <span className="font-semibold">{formatGrams(tile.totalMg)}</span>
      </p>
      {tile.handouts.length === 0 ? (
        <p className="text-xl text-ink-muted">Heute noch keine Abgabe.</p>
      ) : (
        <ul className="divide-y divide-border">
          {tile.handouts.map((handout) => (
            <li key={handout.id} className="py-2">
              <div className="flex items-baseline justify-between gap-4">
                <span className="text-2xl font-semibold tabular-nums">{handout.number}</span>
                <time
                  dateTime={handout.handedOutAt}
                  className="text-lg tabular-nums text-ink-muted"
                >
                  {formatTime(handout.handedOutAt)}
                </time>
              </div>
              <p className="text-lg">
                {handout.productName} · {handoutQuantity(handout)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Remaining shown={tile.handouts.length} total={tile.total} />
    </TileFrame>
  )
}

function StockTile({ tile }: { tile: LiveStockTile }) {
  const total = tile.counts.reduce((sum, { count }) => sum + count, 0)
  return (
    <TileFrame tile={tile} count={formatCount(total)}>
      <ul className="flex flex-wrap gap-x-6 gap-y-1 text-xl">
        {tile.counts.map(({ warning, count }) => (
          <li key={warning}>
            {liveStockWarningLabels[warning]}:{' '}
            <span className="font-semibold tabular-nums">{formatCount(count)}</span>
          </li>
        ))}
      </ul>
      {tile.products.length === 0 ? (
        <p className="mt-3 text-xl text-ink-muted">Keine Warnungen.</p>
      ) : (
        <ul className="mt-3 divide-y divide-border">
          {tile.products.map((product) => (
            <li key={product.id} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 py-2">
              <span className="text-xl font-semibold">{product.name}</span>
              <span className="text-lg text-warning">
                {product.warnings.map((warning) => liveStockWarningLabels[warning]).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
      {tile.total > tile.products.length && (
        <Link
          to="/inventory"
          search={{ warning: 'any' }}
          className="mt-3 inline-block text-lg font-semibold text-brand-700 underline underline-offset-4"
        >
          + {formatCount(tile.total - tile.products.length)} weitere in der Bestandsliste
        </Link>
      )}
    </TileFrame>
  )
}

function Tile({ tile }: { tile: LiveTile }) {
  if (tile.key === 'handouts_today') return <HandoutTile tile={tile} />
  if (tile.key === 'stock_alerts') return <StockTile tile={tile} />
  return <OrderTile tile={tile} />
}

/** Side by side on a wide screen: two tiles in halves, three in thirds, four in quarters. */
const gridColumns: Record<number, string> = {
  0: '',
  1: '',
  2: 'lg:grid-cols-2',
  3: 'lg:grid-cols-3',
  4: 'lg:grid-cols-2 2xl:grid-cols-4',
}

/** `/live`: the board for the back room or the counter, kept current by server-sent events. */
export function LiveBoardPage() {
  const queryClient = useQueryClient()
  const { data: board } = useSuspenseQuery(liveBoardQuery())
  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: liveBoardQuery().queryKey }),
    [queryClient],
  )
  const connection = useLiveConnection(reload)
  return (
    <main
      id="main"
      className="flex min-h-screen flex-col gap-6 bg-brand-900 p-6 text-white lg:p-10"
    >
      <header className="flex flex-wrap items-center justify-between gap-6">
        <div>
          <h1 className="text-4xl font-bold">{board.organisation.name}</h1>
          <div className="mt-2">
            <ConnectionState state={connection} />
          </div>
        </div>
        <Clock />
      </header>
      <div className={`grid flex-1 gap-6 ${gridColumns[Math.min(board.tiles.length, 4)]}`}>
        {board.tiles.map((tile) => (
          <Tile key={tile.key} tile={tile} />
        ))}
      </div>
    </main>
  )
}
