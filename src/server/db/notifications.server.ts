import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

/**
 * LISTEN/NOTIFY for per-process caches (ADR 027): triggers announce changes with `pg_notify`, and
 * every app process listens on one connection of its own. A handler receives each payload, or
 * `null` when notifications may have been missed (the connection dropped, or it has just been
 * made again): then it must forget everything it cached.
 */
export type NotificationHandler = (payload: string | null) => void

export interface Subscription {
  /** False while notifications could be missed: a cache must not answer from memory then. */
  readonly live: boolean
  unsubscribe(): Promise<void>
}

export interface NotificationHub {
  subscribe(channel: string, handler: NotificationHandler): Promise<Subscription>
  close(): Promise<void>
}

const channelPattern = /^[a-z_]{1,63}$/

function checkedChannel(channel: string): string {
  if (!channelPattern.test(channel)) throw new Error(`Invalid notification channel: ${channel}`)
  return channel
}

/** PGlite runs in this process: it delivers a commit's notifications before the commit returns. */
export function pgliteNotifications(client: PGlite): NotificationHub {
  const unsubscribers = new Set<() => Promise<void>>()
  return {
    async subscribe(channel, handler) {
      const stop = await client.listen(checkedChannel(channel), (payload) => handler(payload))
      unsubscribers.add(stop)
      return {
        live: true,
        unsubscribe: async () => {
          unsubscribers.delete(stop)
          await stop()
        },
      }
    },
    async close() {
      await Promise.all([...unsubscribers].map((stop) => stop().catch(() => {})))
      unsubscribers.clear()
    },
  }
}

const reconnectDelaysMs = [100, 500, 2_000, 5_000]

/**
 * One dedicated PostgreSQL connection per process for all channels (a pooled connection cannot
 * hold a LISTEN). When it drops, every handler hears `null` and the subscriptions are not live
 * until it is back; it reconnects with a growing delay and then tells every handler again, since
 * whatever changed in between went unannounced.
 */
export function postgresNotifications(url: string): NotificationHub {
  const handlers = new Map<string, Set<NotificationHandler>>()
  let client: pg.Client | null = null
  let connecting: Promise<void> | null = null
  let live = false
  let closed = false
  let attempt = 0
  let retryTimer: NodeJS.Timeout | null = null
  /** The LISTEN commands in flight, one after another: pg warns about overlapping queries. */
  let listening: Promise<unknown> = Promise.resolve()

  function listenOn(target: pg.Client, channel: string): Promise<unknown> {
    const command = listening.then(() => target.query(`listen "${channel}"`))
    listening = command.catch(() => {})
    return command
  }

  const tellAll = (payload: string | null) => {
    for (const set of handlers.values()) for (const handler of set) handler(payload)
  }

  function lost(which: pg.Client) {
    if (client !== which) return
    client = null
    live = false
    tellAll(null)
    which.end().catch(() => {})
    scheduleReconnect()
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return
    const delay = reconnectDelaysMs[Math.min(attempt, reconnectDelaysMs.length - 1)]
    attempt++
    retryTimer = setTimeout(() => {
      retryTimer = null
      connect().catch(() => scheduleReconnect())
    }, delay)
    retryTimer.unref()
  }

  async function open(): Promise<void> {
    const next = new pg.Client({ connectionString: url })
    next.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? null)
    })
    next.on('error', () => lost(next))
    next.on('end', () => lost(next))
    try {
      await next.connect()
      for (const channel of handlers.keys()) await listenOn(next, channel)
    } catch (error) {
      await next.end().catch(() => {})
      throw error
    }
    if (closed) {
      await next.end().catch(() => {})
      return
    }
    client = next
    live = true
    attempt = 0
    // Changes made while nobody listened were never announced.
    tellAll(null)
  }

  function connect(): Promise<void> {
    connecting ??= open().finally(() => {
      connecting = null
    })
    return connecting
  }

  return {
    async subscribe(channel, handler) {
      const name = checkedChannel(channel)
      let set = handlers.get(name)
      const first = !set
      if (!set) {
        set = new Set()
        handlers.set(name, set)
      }
      set.add(handler)
      if (!client) await connect().catch(() => scheduleReconnect())
      // A second LISTEN of a channel is harmless; a missing one would lose its notifications.
      if (client && first) await listenOn(client, name).catch(() => {})
      return {
        get live() {
          return live
        },
        async unsubscribe() {
          set.delete(handler)
        },
      }
    },
    async close() {
      closed = true
      if (retryTimer) clearTimeout(retryTimer)
      await connecting?.catch(() => {})
      const last = client
      client = null
      live = false
      await last?.end().catch(() => {})
    },
  }
}
