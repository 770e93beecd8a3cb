import type { DeliveryMethod, OrderType, PaymentStatus } from './customer-enums'
import type { OrganisationCategory } from './organisation'
import type { PackUnit } from './products'

/**
 * `/live`: the board for the back room or the counter (issue 14, ADR 046). What it shows, the
 * events its stream sends and how the browser reconnects — shared by the page and the services.
 * No zod here: the page loads it.
 */

/** The board's tiles; each category sees those that fit its work (`liveTilesOf`). */
export const liveTileKeys = [
  'new_orders',
  'to_prepare',
  'ready',
  'to_ship',
  'handouts_today',
  'stock_alerts',
] as const
export type LiveTileKey = (typeof liveTileKeys)[number]

/**
 * Which tiles each category's board shows, in order. Sellers see their orders (a pharmacy's shop
 * orders and reservations are picked up; wholesalers and producers ship), a club its hand-outs
 * (it sells nothing, KCanG § 6); everyone their stock alerts. The platform runs no counter.
 */
export const liveTilesOf: Record<OrganisationCategory, readonly LiveTileKey[]> = {
  platform: [],
  // A pharmacy's hand-outs are its completed prescription orders (ADR 048).
  pharmacy: ['new_orders', 'to_prepare', 'ready', 'handouts_today', 'stock_alerts'],
  wholesaler: ['new_orders', 'to_ship', 'stock_alerts'],
  producer: ['new_orders', 'to_ship', 'stock_alerts'],
  club: ['handouts_today', 'stock_alerts'],
}

/** How many entries a tile lists; its count covers all of them. */
export const liveTileEntryLimit = 8

export type LiveOrderTileKey = Extract<
  LiveTileKey,
  'new_orders' | 'to_prepare' | 'ready' | 'to_ship'
>

/** An order as the board shows it: no customer name, since people at the counter can see it. */
export interface LiveOrder {
  id: string
  number: string
  type: OrderType
  deliveryMethod: DeliveryMethod
  paymentStatus: PaymentStatus
  itemCount: number
  createdAt: string
}

export interface LiveOrderTile {
  key: LiveOrderTileKey
  total: number
  orders: LiveOrder[]
}

/** A hand-out as the board shows it: no member, the same reason. */
export interface LiveHandout {
  id: string
  number: string
  productName: string
  /** Base units of `packUnit`: milligrams for flowers, microlitres for a pharmacy's extracts. */
  quantity: number
  packUnit: PackUnit
  handedOutAt: string
}

export interface LiveHandoutTile {
  key: 'handouts_today'
  total: number
  /** Milligrams of goods by weight handed out today, not cancelled. */
  totalMg: number
  handouts: LiveHandout[]
}

/** The stock warnings the board shows (the dashboard's stock figures). */
export type LiveStockWarning = 'quarantine' | 'low' | 'expiring'

export interface LiveStockAlert {
  id: string
  name: string
  warnings: LiveStockWarning[]
}

export interface LiveStockTile {
  key: 'stock_alerts'
  /** Per warning the category watches, how many products carry it. */
  counts: { warning: LiveStockWarning; count: number }[]
  /** The first products with a warning, by name. */
  products: LiveStockAlert[]
  /** How many products carry a watched warning in all. */
  total: number
}

export type LiveTile = LiveOrderTile | LiveHandoutTile | LiveStockTile

export interface LiveBoard {
  organisation: { name: string; category: OrganisationCategory }
  tiles: LiveTile[]
  /** When the server read it. */
  loadedAt: string
}

export const liveTileTitles: Record<LiveTileKey, string> = {
  new_orders: 'Neue Bestellungen und Reservierungen',
  to_prepare: 'Bezahlt, vorzubereiten',
  ready: 'Abholbereit',
  to_ship: 'Versand fällig',
  handouts_today: 'Abgaben heute',
  stock_alerts: 'Bestandswarnungen',
}

export const liveStockWarningLabels: Record<LiveStockWarning, string> = {
  quarantine: 'In Quarantäne',
  low: 'Unter Mindestbestand',
  expiring: 'Verfall in < 60 Tagen',
}

// ─── The stream ──────────────────────────────────────────────────────────────────────────────

/** Where the board's events stream from (server-sent events over fetch, with the bearer token). */
export const liveEventsPath = '/api/live/events'

/** What changed in an organisation: the NOTIFY payload's `kind` (migration 0023). */
export const liveChangeKinds = ['order', 'hand_out', 'stock'] as const
export type LiveChangeKind = (typeof liveChangeKinds)[number]

/** Why the server ended a stream; the browser reconnects at once (with a fresh token if needed). */
export const liveEndReasons = ['token_expired', 'session_ended', 'shutdown'] as const
export type LiveEndReason = (typeof liveEndReasons)[number]

/**
 * The events of the stream. `ready`: subscribed, load the board now (nothing after this is
 * missed); `change`: something of the organisation changed, load it again; `resync`: the server
 * may have missed changes (its database listener reconnected), load it again; `end`: the server
 * closes the stream.
 */
export type LiveStreamEvent =
  | { type: 'ready' }
  | { type: 'change'; kind: LiveChangeKind }
  | { type: 'resync' }
  | { type: 'end'; reason: LiveEndReason }

/** A stream sends a comment at least this often, so proxies keep it open and the browser knows it lives. */
export const liveHeartbeatMs = 15_000

/** The browser gives a silent stream up after this long and connects again. */
export const liveSilenceLimitMs = 3 * liveHeartbeatMs

/** One server-sent event's text (data is one JSON line). */
export function formatServerSentEvent(event: LiveStreamEvent): string {
  const { type, ...data } = event
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`
}

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value)

function streamEventOf(type: string, data: string): LiveStreamEvent | null {
  let payload: Record<string, unknown> = {}
  try {
    const parsed: unknown = JSON.parse(data || '{}')
    if (parsed && typeof parsed === 'object') payload = parsed as Record<string, unknown>
  } catch {
    return null
  }
  if (type === 'ready' || type === 'resync') return { type }
  if (type === 'change' && isOneOf(liveChangeKinds, payload.kind))
    return { type, kind: payload.kind }
  if (type === 'end' && isOneOf(liveEndReasons, payload.reason))
    return { type, reason: payload.reason }
  return null
}

/**
 * Reads server-sent events from text chunks as they arrive (split anywhere). Comments (the
 * heartbeat) are reported as `null`, so the reader knows the stream is alive; unknown events are
 * skipped.
 */
export function createServerSentEventParser(onEvent: (event: LiveStreamEvent | null) => void) {
  let buffer = ''
  // A CR at the end of a chunk may be the first half of a CRLF: it waits for the next chunk.
  let carriageReturn = ''
  return (chunk: string) => {
    let text = carriageReturn + chunk
    carriageReturn = text.endsWith('\r') ? '\r' : ''
    if (carriageReturn) text = text.slice(0, -1)
    buffer += text.replace(/\r\n?/g, '\n')
    let end = buffer.indexOf('\n\n')
    while (end !== -1) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      end = buffer.indexOf('\n\n')
      let type = 'message'
      const data: string[] = []
      let comment = false
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) comment = true
        else if (line.startsWith('event:')) type = line.slice(6).trim()
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''))
      }
      if (data.length === 0 && type === 'message') {
        if (comment) onEvent(null)
        continue
      }
      const event = streamEventOf(type, data.join('\n'))
      if (event) onEvent(event)
    }
  }
}

/** The first retry waits about this long; each failure doubles it up to `liveRetryMaxMs`. */
export const liveRetryBaseMs = 1_000
export const liveRetryMaxMs = 30_000

/**
 * Exponential backoff with jitter: the `attempt`-th retry (0 for the first) waits between half
 * and all of `base × 2^attempt`, capped; `random` is in [0, 1). The jitter spreads the screens of
 * a restarted server so they do not all come back in the same millisecond.
 */
export function liveRetryDelayMs(attempt: number, random: number): number {
  const ceiling = Math.min(liveRetryMaxMs, liveRetryBaseMs * 2 ** Math.min(attempt, 16))
  return Math.round(ceiling / 2 + (ceiling / 2) * random)
}

/** What the board's connection is doing, as its status line says it. */
export type LiveConnectionState =
  | { kind: 'connecting' }
  | { kind: 'live' }
  | { kind: 'retrying'; retryAt: number; reason: 'lost' | 'too_many' }
  | { kind: 'forbidden' }
  | { kind: 'signed_out' }

/**
 * The status line: "Live", "Verbindung unterbrochen – neuer Versuch in 4 s" … Without `now` the
 * countdown is left out (what screen readers hear once, instead of every second).
 */
export function liveConnectionText(state: LiveConnectionState, now?: number): string {
  switch (state.kind) {
    case 'connecting':
      return 'Verbinde …'
    case 'live':
      return 'Live'
    case 'retrying': {
      const lead =
        state.reason === 'too_many' ? 'Zu viele offene Live-Ansichten' : 'Verbindung unterbrochen'
      if (now === undefined) return `${lead} – neuer Versuch folgt`
      const seconds = Math.max(1, Math.ceil((state.retryAt - now) / 1000))
      return `${lead} – neuer Versuch in ${seconds} s`
    }
    case 'forbidden':
      return 'Keine Berechtigung für die Live-Ansicht'
    case 'signed_out':
      return 'Abgemeldet'
  }
}
