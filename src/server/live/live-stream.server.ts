import {
  formatServerSentEvent,
  type LiveEndReason,
  type LiveStreamEvent,
  liveHeartbeatMs,
} from '../../lib/live'
import type { Actor } from '../actor.server'
import { messages } from '../auth.server'
import type { DatabaseHandle } from '../db/client.server'
import { UnauthenticatedError } from '../errors.server'
import { type LiveConnection, requireLiveViewer, subscribeLiveEvents } from './live-events.server'

/**
 * One board's event stream (ADR 046): `ready` once subscribed, then a `change` per announced
 * change of the organisation (or `resync` when changes may have been missed), a heartbeat comment
 * every 15 s, and `end` before the server closes it. It lives only as long as its access token:
 * it ends when the token expires, and when a heartbeat's check finds the session ended or the
 * user no longer in the organisation; the browser then connects again with a fresh token.
 */

export interface LiveStreamOptions {
  /** When the access token the stream was opened with expires. */
  expiresAt: Date
  /** Checks the presented token and its session again; answers the actor it now stands for. */
  reauthenticate: () => Promise<Actor>
  /** Tests shorten it; the board's default otherwise. */
  heartbeatMs?: number
}

/** A token this close to its end gets a 401 instead, so the browser refreshes it first. */
const minimumTokenLifeMs = 2_000

/**
 * Queued chunks beyond which a client counts as not reading (a stalled connection): its stream is
 * dropped instead of growing in memory.
 */
const maxQueuedChunks = 64

const encoder = new TextEncoder()

export async function openLiveStream(
  actor: Actor,
  database: DatabaseHandle,
  options: LiveStreamOptions,
): Promise<ReadableStream<Uint8Array>> {
  const viewer = requireLiveViewer(actor)
  if (options.expiresAt.getTime() - Date.now() < minimumTokenLifeMs) {
    throw new UnauthenticatedError(messages.sessionExpired)
  }

  let controller!: ReadableStreamDefaultController<Uint8Array>
  let connection: LiveConnection | null = null
  let finished = false
  let heartbeat: NodeJS.Timeout | undefined
  let expiry: NodeJS.Timeout | undefined

  const stop = () => {
    finished = true
    clearInterval(heartbeat)
    clearTimeout(expiry)
    connection?.close()
  }
  const write = (text: string) => {
    if (finished) return
    if ((controller.desiredSize ?? 0) < -maxQueuedChunks) {
      stop()
      controller.error(new Error('live stream client stopped reading'))
      return
    }
    controller.enqueue(encoder.encode(text))
  }
  const send = (event: LiveStreamEvent) => write(formatServerSentEvent(event))
  const end = (reason: LiveEndReason) => {
    if (finished) return
    send({ type: 'end', reason })
    // A client that stopped reading has been dropped by `write` already.
    if (finished) return
    stop()
    controller.close()
  }

  const stream = new ReadableStream<Uint8Array>({
    start: (streamController) => {
      controller = streamController
    },
    // The client went away (tab closed, network gone): free the slot and the timers.
    cancel: stop,
  })

  connection = await subscribeLiveEvents(
    viewer,
    database,
    (change) => send(change === null ? { type: 'resync' } : { type: 'change', kind: change }),
    () => end('shutdown'),
  )
  send({ type: 'ready' })

  const heartbeatMs = options.heartbeatMs ?? liveHeartbeatMs
  heartbeat = setInterval(() => {
    write(': ping\n\n')
    options.reauthenticate().then(
      (again) => {
        const same =
          again.kind === 'business' &&
          again.user.id === viewer.user.id &&
          again.organisation.id === viewer.organisation.id
        if (!same) end('session_ended')
      },
      () => end('session_ended'),
    )
  }, heartbeatMs)
  expiry = setTimeout(() => end('token_expired'), options.expiresAt.getTime() - Date.now())
  heartbeat.unref()
  expiry.unref()
  return stream
}
