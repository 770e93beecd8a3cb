import { describe, expect, it } from 'vitest'
import {
  createServerSentEventParser,
  formatServerSentEvent,
  type LiveStreamEvent,
  liveConnectionText,
  liveRetryDelayMs,
  liveRetryMaxMs,
} from '~/lib/live'

function parsedFrom(chunks: string[]) {
  const events: (LiveStreamEvent | null)[] = []
  const parse = createServerSentEventParser((event) => events.push(event))
  for (const chunk of chunks) parse(chunk)
  return events
}

describe('the live board stream', () => {
  it('reads back what the server writes, whatever the chunks', () => {
    const sent: LiveStreamEvent[] = [
      { type: 'ready' },
      { type: 'change', kind: 'order' },
      { type: 'resync' },
      { type: 'end', reason: 'token_expired' },
    ]
    const text = sent.map(formatServerSentEvent).join(': ping\n\n')
    const whole = parsedFrom([text]).filter((event) => event !== null)
    expect(whole).toEqual(sent)
    // Cut into pieces of three characters, and with CRLF line ends (a proxy may change them).
    const pieces = text.replace(/\n/g, '\r\n').match(/[\s\S]{1,3}/g) ?? []
    expect(parsedFrom(pieces)).toEqual(parsedFrom([text]))
  })

  it('reports heartbeats as signs of life and skips unknown or malformed events', () => {
    expect(parsedFrom([': ping\n\n'])).toEqual([null])
    expect(
      parsedFrom([
        'event: change\ndata: {"kind":"people"}\n\n',
        'event: end\ndata: nope\n\n',
        'event: other\ndata: {}\n\n',
      ]),
    ).toEqual([])
  })

  it('backs off exponentially with jitter, capped', () => {
    expect(liveRetryDelayMs(0, 0)).toBe(500)
    expect(liveRetryDelayMs(0, 0.999)).toBeLessThanOrEqual(1_000)
    expect(liveRetryDelayMs(3, 0)).toBe(4_000)
    expect(liveRetryDelayMs(3, 0.999)).toBeLessThanOrEqual(8_000)
    expect(liveRetryDelayMs(50, 0.999)).toBeLessThanOrEqual(liveRetryMaxMs)
    expect(liveRetryDelayMs(50, 0)).toBe(liveRetryMaxMs / 2)
  })

  it('says what the connection does, with the seconds to the next attempt', () => {
    expect(liveConnectionText({ kind: 'live' })).toBe('Live')
    const retrying = { kind: 'retrying', retryAt: 10_000, reason: 'lost' } as const
    expect(liveConnectionText(retrying, 6_200)).toBe(
      'Verbindung unterbrochen – neuer Versuch in 4 s',
    )
    expect(liveConnectionText(retrying)).toBe('Verbindung unterbrochen – neuer Versuch folgt')
  })
})
