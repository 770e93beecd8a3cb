import { useRouter } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import {
  createServerSentEventParser,
  type LiveConnectionState,
  type LiveEndReason,
  liveEventsPath,
  liveRetryDelayMs,
  liveSilenceLimitMs,
} from '~/lib/live'

/** Changes often come in bursts (an order and its reservations): one reload for the burst. */
const reloadDelayMs = 150

/**
 * Keeps the board's event stream open (ADR 046) and answers its state. The stream is read with
 * fetch through the session's API client, so it carries the access token and a 401 gets the one
 * shared token refresh. After every (re)connect the board loads in full (`reload`), then again
 * after each change, so nothing said while disconnected is missed. A lost or refused connection is
 * tried again with exponential backoff and jitter; a stream the server ended for its token or
 * session is opened again at once (with a fresh token); a stream silent for longer than three
 * heartbeats counts as lost.
 */
export function useLiveConnection(reload: () => void): LiveConnectionState {
  const { api } = useRouter().options.context
  const [state, setState] = useState<LiveConnectionState>({ kind: 'connecting' })
  const reloadRef = useRef(reload)
  reloadRef.current = reload

  useEffect(() => {
    let stopped = false
    let attempt = 0
    let request: AbortController | null = null
    let retryTimer: ReturnType<typeof setTimeout> | undefined
    let reloadTimer: ReturnType<typeof setTimeout> | undefined
    let silenceTimer: ReturnType<typeof setTimeout> | undefined

    const reloadSoon = () => {
      clearTimeout(reloadTimer)
      reloadTimer = setTimeout(() => reloadRef.current(), reloadDelayMs)
    }
    const watchSilence = () => {
      clearTimeout(silenceTimer)
      silenceTimer = setTimeout(() => request?.abort(), liveSilenceLimitMs)
    }
    const retry = (reason: 'lost' | 'too_many') => {
      if (stopped) return
      const retryAt = Date.now() + liveRetryDelayMs(attempt++, Math.random())
      setState({ kind: 'retrying', retryAt, reason })
      retryTimer = setTimeout(() => void connect(), retryAt - Date.now())
    }

    async function connect(): Promise<void> {
      if (stopped) return
      setState({ kind: 'connecting' })
      request = new AbortController()
      let response: Response
      try {
        response = await api.fetch(liveEventsPath, {
          headers: { Accept: 'text/event-stream' },
          cache: 'no-store',
          signal: request.signal,
        })
      } catch {
        return retry('lost')
      }
      // The API client has tried a fresh token already; without one the session is over.
      if (response.status === 401) return setState({ kind: 'signed_out' })
      if (response.status === 403) return setState({ kind: 'forbidden' })
      if (response.status === 429) return retry('too_many')
      if (!response.ok || !response.body) return retry('lost')

      let ended: LiveEndReason | null = null
      const parse = createServerSentEventParser((event) => {
        watchSilence()
        if (event === null) return
        if (event.type === 'ready') {
          attempt = 0
          setState({ kind: 'live' })
          reloadRef.current()
        } else if (event.type === 'end') ended = event.reason
        else reloadSoon()
      })
      watchSilence()
      try {
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          parse(value)
        }
      } catch {
        // Aborted (silence, leaving the page) or the connection broke: both end up below.
      }
      clearTimeout(silenceTimer)
      if (stopped) return
      // Token or session over: connect again now; the API client refreshes the token on its 401.
      if (ended === 'token_expired' || ended === 'session_ended') return connect()
      retry('lost')
    }

    void connect()
    return () => {
      stopped = true
      request?.abort()
      clearTimeout(retryTimer)
      clearTimeout(reloadTimer)
      clearTimeout(silenceTimer)
    }
  }, [api])

  return state
}
