import { z } from 'zod'
import { type LiveChangeKind, liveChangeKinds, liveTilesOf } from '../../lib/live'
import { type Actor, type BusinessActor, requireBusiness } from '../actor.server'
import type { DatabaseHandle } from '../db/client.server'
import type { NotificationHub, Subscription } from '../db/notifications.server'
import { DomainError, ForbiddenError } from '../errors.server'

/**
 * The live board's events (ADR 046). Triggers (migration 0023) announce every change the board
 * shows — customer orders, hand-outs, stock — with `pg_notify('live_board', …)`: the
 * organisation's id and what kind of thing changed, nothing about people. Each app process holds
 * one subscription (the notification hub's one LISTEN connection on PostgreSQL, PGlite in-process)
 * and hands each change to the open streams of that organisation only. When the hub may have
 * missed notifications (its connection dropped or came back), every stream hears `null` and its
 * board reloads.
 */

export const liveChannel = 'live_board'

const changeSchema = z.object({ organisationId: z.uuid(), kind: z.enum(liveChangeKinds) })

/** What an open stream hears: a change of its organisation, or `null` when changes may be lost. */
export type LiveListener = (change: LiveChangeKind | null) => void

/**
 * Open streams per user and process. A screen needs one; a few tabs are fine; a tab storm (or a
 * loop gone wrong) must not hold the server's connections and timers.
 */
export const maxLiveStreamsPerUser = 5

export const tooManyLiveStreamsMessage = `Du hast schon ${maxLiveStreamsPerUser} Live-Ansichten geöffnet. Schließe eine davon, dann verbindet sich diese von selbst.`

export const liveUnavailableMessage =
  'Die Live-Ansicht ist gerade nicht verfügbar. Sie verbindet sich gleich von selbst wieder.'

/** The board is for the organisation's own people, in a business that has a counter. */
export function requireLiveViewer(actor: Actor): BusinessActor {
  const business = requireBusiness(actor)
  if (liveTilesOf[business.organisation.category].length === 0) throw new ForbiddenError()
  return business
}

export interface LiveConnection {
  /** Stops the listener and frees the user's slot; safe to call more than once. */
  close(): void
}

interface OpenStream {
  organisationId: string
  listener: LiveListener
  /** Asks the stream to end because the process shuts down. */
  onShutdown: () => void
}

class LiveEvents {
  private readonly byOrganisation = new Map<string, Set<OpenStream>>()
  private readonly streamsPerUser = new Map<string, number>()
  private subscription: Promise<Subscription | null> | null = null
  /** Set when the process shuts down: no new streams then. */
  private stopping = false

  constructor(private readonly hub: NotificationHub) {}

  /** The process-wide subscription, made once; null while it cannot be made (tried again later). */
  listening(): Promise<Subscription | null> {
    this.subscription ??= this.hub.subscribe(liveChannel, this.dispatch).catch(() => {
      this.subscription = null
      return null
    })
    return this.subscription
  }

  private readonly dispatch = (payload: string | null) => {
    if (payload === null) {
      for (const streams of this.byOrganisation.values())
        for (const stream of streams) stream.listener(null)
      return
    }
    const change = parsedChange(payload)
    if (!change) return
    for (const stream of this.byOrganisation.get(change.organisationId) ?? [])
      stream.listener(change.kind)
  }

  /**
   * Registers a stream of `viewer`'s organisation. Synchronous from the check to the count, so
   * parallel requests cannot slip past the per-user limit.
   */
  connect(viewer: BusinessActor, listener: LiveListener, onShutdown: () => void): LiveConnection {
    if (this.stopping) throw new DomainError(503, liveUnavailableMessage)
    const userId = viewer.user.id
    const open = this.streamsPerUser.get(userId) ?? 0
    if (open >= maxLiveStreamsPerUser) {
      throw new DomainError(429, tooManyLiveStreamsMessage, { headers: { 'Retry-After': '30' } })
    }
    this.streamsPerUser.set(userId, open + 1)
    const stream: OpenStream = { organisationId: viewer.organisation.id, listener, onShutdown }
    let streams = this.byOrganisation.get(stream.organisationId)
    if (!streams) {
      streams = new Set()
      this.byOrganisation.set(stream.organisationId, streams)
    }
    streams.add(stream)
    let closed = false
    return {
      close: () => {
        if (closed) return
        closed = true
        const left = (this.streamsPerUser.get(userId) ?? 1) - 1
        if (left > 0) this.streamsPerUser.set(userId, left)
        else this.streamsPerUser.delete(userId)
        const set = this.byOrganisation.get(stream.organisationId)
        set?.delete(stream)
        if (set?.size === 0) this.byOrganisation.delete(stream.organisationId)
      },
    }
  }

  /** Ends every open stream and takes no more (the screens reconnect to another process or later). */
  shutdown() {
    this.stopping = true
    for (const streams of [...this.byOrganisation.values()])
      for (const stream of [...streams]) stream.onShutdown()
  }
}

function parsedChange(payload: string) {
  try {
    const parsed = changeSchema.safeParse(JSON.parse(payload))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

const perHub = new WeakMap<NotificationHub, LiveEvents>()

function liveEventsOf(database: DatabaseHandle): LiveEvents {
  let events = perHub.get(database.notifications)
  if (!events) {
    events = new LiveEvents(database.notifications)
    perHub.set(database.notifications, events)
  }
  return events
}

/** Starts this process's subscription at start-up, so the first screen does not wait for it. */
export async function watchLiveEvents(database: DatabaseHandle): Promise<void> {
  await liveEventsOf(database).listening()
}

/** Ends this process's open streams before it shuts down (a graceful stop would wait for them). */
export function endLiveStreams(database: DatabaseHandle): void {
  perHub.get(database.notifications)?.shutdown()
}

/**
 * Subscribes `listener` to the changes of the acting user's organisation: only business users of
 * an organisation with a board, at most `maxLiveStreamsPerUser` at a time (429 beyond).
 * `onShutdown` is called when the process wants the stream ended.
 */
export async function subscribeLiveEvents(
  actor: Actor,
  database: DatabaseHandle,
  listener: LiveListener,
  onShutdown: () => void,
): Promise<LiveConnection> {
  const viewer = requireLiveViewer(actor)
  const events = liveEventsOf(database)
  if (!(await events.listening())) throw new DomainError(503, liveUnavailableMessage)
  return events.connect(viewer, listener, onShutdown)
}
