import { and, asc, eq, inArray } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerOrderListSearch } from '~/lib/customer-order-lists'
import {
  createServerSentEventParser,
  type LiveChangeKind,
  type LiveOrderTile,
  type LiveStreamEvent,
  type LiveTile,
  liveTileEntryLimit,
  liveTilesOf,
} from '~/lib/live'
import { type Actor, visitorActor } from '~/server/actor.server'
import { loginBusinessUser, logout, verifyAccessSession } from '~/server/auth.server'
import { setCustomerOrderPayment } from '~/server/customer-orders/customer-order-transitions.server'
import { customerOrders } from '~/server/customer-orders/customer-orders.schema'
import { listCustomerOrders } from '~/server/customer-orders/customer-orders.server'
import { getDashboard } from '~/server/dashboard/dashboard.server'
import { demoIds } from '~/server/db/seed.server'
import { demoHandoutMembers } from '~/server/db/seed-handouts.server'
import { createHandout, listHandoutBatches } from '~/server/handouts/handouts.server'
import { getLiveBoard } from '~/server/live/live.server'
import {
  type LiveListener,
  liveChannel,
  maxLiveStreamsPerUser,
  subscribeLiveEvents,
} from '~/server/live/live-events.server'
import { openLiveStream } from '~/server/live/live-stream.server'
import { loadSigningKeys, type SigningKeys } from '~/server/signing-keys.server'
import { businessActorOf, demoActors } from '../support/actors'
import { callApi, generatePrivateJwk } from '../support/api-client'
import {
  authDepsFor,
  createSeededDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../support/databases'
import { outcomeOf } from '../support/outcome'
import { startTestServer, type TestServer } from '../support/server'

/** What one subscriber heard (changes only; `null`, "maybe missed", is not a change). */
function subscriber() {
  const heard: LiveChangeKind[] = []
  const waiting: { kind: LiveChangeKind; resolve: () => void }[] = []
  const listener: LiveListener = (change) => {
    if (change === null) return
    heard.push(change)
    for (const waiter of waiting.filter((entry) => entry.kind === change)) {
      waiting.splice(waiting.indexOf(waiter), 1)
      waiter.resolve()
    }
  }
  const hears = (kind: LiveChangeKind) =>
    heard.includes(kind)
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiting.push({ kind, resolve }))
  return { heard, listener, hears }
}

/** Reads a stream's server-sent events one by one; null once it has ended. */
function eventsOf(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader()
  const decoder = new TextDecoder()
  const queue: LiveStreamEvent[] = []
  const parse = createServerSentEventParser((event) => {
    if (event) queue.push(event)
  })
  let ended = false
  const next = async (): Promise<LiveStreamEvent | null> => {
    while (queue.length === 0) {
      if (ended) return null
      const { done, value } = await reader.read()
      if (done) ended = true
      else parse(decoder.decode(value, { stream: true }))
    }
    return queue.shift() ?? null
  }
  return {
    next,
    /** The first event of `type` (skipping others); null when the stream ends first. */
    async first(type: LiveStreamEvent['type']) {
      for (;;) {
        const event = await next()
        if (event === null || event.type === type) return event
      }
    },
    cancel: () => reader.cancel(),
  }
}

const noShutdown = () => {}

describe.each(testDatabaseKinds)('live board and its events on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  const payloads: string[] = []
  const db = () => database.handle.db

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
    // Every payload the triggers send in this file, to check that none carries a person.
    await database.handle.notifications.subscribe(liveChannel, (payload) => {
      if (payload !== null) payloads.push(payload)
    })
  })
  afterAll(async () => {
    await database?.dispose()
  })

  /**
   * A change of a new pharmacy order through the order service: its payment goes from open to in
   * progress and back (a change every time), or to paid.
   */
  async function changePharmacyOrder(to: 'toggle' | 'paid' = 'toggle') {
    const [order] = await db()
      .select({
        id: customerOrders.id,
        number: customerOrders.number,
        version: customerOrders.version,
        paymentStatus: customerOrders.paymentStatus,
      })
      .from(customerOrders)
      .where(
        and(
          eq(customerOrders.organisationId, demoIds.pharmacy),
          eq(customerOrders.status, 'new'),
          inArray(customerOrders.paymentStatus, ['unpaid', 'pending']),
        ),
      )
      .orderBy(asc(customerOrders.number))
      .limit(1)
    if (!order) throw new Error('the demo pharmacy has no new order awaiting payment')
    const paymentStatus =
      to === 'paid' ? 'paid' : order.paymentStatus === 'unpaid' ? 'pending' : 'unpaid'
    await setCustomerOrderPayment(
      actors.pharmacyOwner,
      order.id,
      { version: order.version, paymentStatus },
      db(),
    )
    return order
  }

  /** One gram to the club's demo member, through the hand-out service. */
  async function handoutOneGram() {
    const clerk = actors.clubOwner
    const member = demoHandoutMembers.adult
    const [batch] = (await listHandoutBatches(clerk, member, db())).filter(
      (candidate) => candidate.refusal === null,
    )
    if (!batch) throw new Error('the demo club has no batch to hand out')
    return createHandout(
      clerk,
      { customerId: member, batchId: batch.batchId, quantity: 1000, identityChecked: true },
      db(),
    )
  }

  it("delivers an organisation's change to its own subscribers and never to another's", async () => {
    const pharmacy = subscriber()
    const club = subscriber()
    const wholesaler = subscriber()
    const connections = await Promise.all([
      subscribeLiveEvents(actors.pharmacyStaff, database.handle, pharmacy.listener, noShutdown),
      subscribeLiveEvents(actors.clubOwner, database.handle, club.listener, noShutdown),
      subscribeLiveEvents(actors.wholesalerOwner, database.handle, wholesaler.listener, noShutdown),
    ])
    try {
      await changePharmacyOrder()
      await pharmacy.hears('order')
      await handoutOneGram()
      await Promise.all([club.hears('hand_out'), club.hears('stock')])
      // One listening connection delivers in commit order, to every subscriber at once: by the
      // time the club's hand-out arrived, the pharmacy's change had been dispatched long before.
      expect(pharmacy.heard).toEqual(['order'])
      expect(new Set(club.heard)).toEqual(new Set(['hand_out', 'stock']))
      expect(wholesaler.heard).toEqual([])
    } finally {
      for (const connection of connections) connection.close()
    }
  })

  it('streams ready, then a change as it happens', async () => {
    const stream = await openLiveStream(actors.pharmacyOwner, database.handle, {
      expiresAt: new Date(Date.now() + 60_000),
      reauthenticate: async () => actors.pharmacyOwner,
    })
    const events = eventsOf(stream)
    try {
      expect(await events.next()).toEqual({ type: 'ready' })
      await changePharmacyOrder()
      expect(await events.first('change')).toEqual({ type: 'change', kind: 'order' })
    } finally {
      await events.cancel()
    }
  })

  it('ends the stream when its access token expires', async () => {
    const stream = await openLiveStream(actors.pharmacyStaff, database.handle, {
      expiresAt: new Date(Date.now() + 2_500),
      reauthenticate: async () => actors.pharmacyStaff,
    })
    const events = eventsOf(stream)
    expect(await events.next()).toEqual({ type: 'ready' })
    expect(await events.first('end')).toEqual({ type: 'end', reason: 'token_expired' })
    expect(await events.next()).toBeNull()
  })

  it('ends the stream when its session is revoked, and frees its slot', async () => {
    const deps = await authDepsFor(database)
    const login = await loginBusinessUser(
      deps,
      { username: 'mitarbeiter', password: 'mitarbeiter-demo-2026' },
      { ip: '192.0.2.46', requestId: null },
    )
    const principal = await verifyAccessSession(deps, login.accessToken, null)
    const actor = await businessActorOf(db(), principal.subjectId)
    const stream = await openLiveStream(actor, database.handle, {
      expiresAt: principal.expiresAt,
      reauthenticate: async () => {
        const again = await verifyAccessSession(deps, login.accessToken, null)
        return businessActorOf(db(), again.subjectId)
      },
      heartbeatMs: 50,
    })
    const events = eventsOf(stream)
    expect(await events.next()).toEqual({ type: 'ready' })
    await logout(deps, principal, null)
    expect(await events.first('end')).toEqual({ type: 'end', reason: 'session_ended' })
    expect(await events.next()).toBeNull()

    // All of the user's slots are free again.
    const connections = await Promise.all(
      Array.from({ length: maxLiveStreamsPerUser }, () =>
        subscribeLiveEvents(actor, database.handle, () => {}, noShutdown),
      ),
    )
    for (const connection of connections) connection.close()
  })

  it(`opens at most ${maxLiveStreamsPerUser} streams per user under 50 parallel attempts`, async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        subscribeLiveEvents(actors.clubOwner, database.handle, () => {}, noShutdown),
      ),
    )
    const opened = attempts.flatMap((attempt) =>
      attempt.status === 'fulfilled' ? [attempt.value] : [],
    )
    const refused = attempts.flatMap((attempt) =>
      attempt.status === 'rejected' ? [attempt.reason as { status?: number }] : [],
    )
    expect(opened).toHaveLength(maxLiveStreamsPerUser)
    expect(refused.map((error) => error.status)).toEqual(
      Array(50 - maxLiveStreamsPerUser).fill(429),
    )
    // The limit is per user: someone else still connects.
    const colleague = await subscribeLiveEvents(
      actors.pharmacyStaff,
      database.handle,
      () => {},
      noShutdown,
    )
    colleague.close()
    opened[0]?.close()
    const again = await subscribeLiveEvents(actors.clubOwner, database.handle, () => {}, noShutdown)
    for (const connection of [again, ...opened]) connection.close()
  })

  it('lets only business users of an organisation with a counter see the board or its events', async () => {
    const refusals: Actor[] = [actors.shopCustomer, visitorActor(), actors.admin]
    for (const actor of refusals) {
      expect(await outcomeOf(getLiveBoard(actor, db()))).toBe(403)
      expect(
        await outcomeOf(subscribeLiveEvents(actor, database.handle, () => {}, noShutdown)),
      ).toBe(403)
    }
  })

  const tileOf = (tiles: LiveTile[], key: LiveTile['key']) => {
    const tile = tiles.find((entry) => entry.key === key)
    if (!tile) throw new Error(`no tile ${key}`)
    return tile
  }

  it('shows a pharmacy its own orders and stock alerts, counted as the lists and the dashboard count', async () => {
    const paid = await changePharmacyOrder('paid')
    const board = await getLiveBoard(actors.pharmacyStaff, db())
    expect(board.organisation).toEqual({ name: 'Sonnen-Apotheke', category: 'pharmacy' })
    expect(board.tiles.map((tile) => tile.key)).toEqual(liveTilesOf.pharmacy)

    const listTotal = async (search: Record<string, string>) =>
      (await listCustomerOrders(actors.pharmacyStaff, customerOrderListSearch.parse(search), db()))
        .total
    const orders = (key: LiveTile['key']) => tileOf(board.tiles, key) as LiveOrderTile
    expect(orders('new_orders').total).toBe(await listTotal({ status: 'new' }))
    expect(orders('to_prepare').total).toBe(await listTotal({ todo: 'to_prepare' }))
    expect(orders('ready').total).toBe(await listTotal({ status: 'ready' }))
    expect(orders('to_prepare').orders.map((order) => order.number)).toContain(paid.number)

    // Every order on the board is the pharmacy's own.
    const shownIds = board.tiles.flatMap((tile) =>
      'orders' in tile ? tile.orders.map((order) => order.id) : [],
    )
    expect(shownIds.length).toBeGreaterThan(0)
    for (const tile of board.tiles)
      if ('orders' in tile)
        for (const order of tile.orders) expect(order.itemCount).toBeGreaterThan(0)
    const owners = await db()
      .selectDistinct({ organisationId: customerOrders.organisationId })
      .from(customerOrders)
      .where(inArray(customerOrders.id, shownIds))
    expect(owners).toEqual([{ organisationId: demoIds.pharmacy }])

    const dashboard = await getDashboard(actors.pharmacyStaff, db())
    const stock = tileOf(board.tiles, 'stock_alerts')
    if (stock.key !== 'stock_alerts') throw new Error('not the stock tile')
    for (const { warning, count } of stock.counts) {
      expect({ warning, count }).toEqual({
        warning,
        count: dashboard.figures.find((figure) => figure.key === warning)?.value,
      })
      // A product counts once however many warnings it carries.
      expect(stock.total).toBeGreaterThanOrEqual(count)
    }
    // The board shows the first products and says how many there are in all.
    expect(stock.products).toHaveLength(Math.min(stock.total, liveTileEntryLimit))
    // Nothing on the board names a person.
    expect(JSON.stringify(board)).not.toMatch(/customer|firstName|lastName|email/i)
  })

  it("shows a club today's hand-outs and a wholesaler none of the pharmacy's orders", async () => {
    const handout = await handoutOneGram()
    const clubBoard = await getLiveBoard(actors.clubOwner, db())
    expect(clubBoard.tiles.map((tile) => tile.key)).toEqual(liveTilesOf.club)
    const today = tileOf(clubBoard.tiles, 'handouts_today')
    if (today.key !== 'handouts_today') throw new Error('not the hand-out tile')
    expect(today.handouts.map((entry) => entry.number)).toContain(handout.number)
    const dashboard = await getDashboard(actors.clubOwner, db())
    expect(today.total).toBe(
      dashboard.figures.find((figure) => figure.key === 'handouts_today')?.value,
    )

    const wholesalerBoard = await getLiveBoard(actors.wholesalerOwner, db())
    const pharmacyOrderIds = new Set(
      (
        await db()
          .select({ id: customerOrders.id })
          .from(customerOrders)
          .where(eq(customerOrders.organisationId, demoIds.pharmacy))
      ).map((row) => row.id),
    )
    for (const tile of wholesalerBoard.tiles) {
      if ('orders' in tile)
        for (const order of tile.orders) expect(pharmacyOrderIds.has(order.id)).toBe(false)
    }
  })

  it('announces changes with the organisation and the kind only', async () => {
    expect(payloads.length).toBeGreaterThan(0)
    for (const payload of payloads) {
      const parsed = JSON.parse(payload)
      expect(Object.keys(parsed).sort()).toEqual(['kind', 'organisationId'])
    }
  })
})

/** The stream over HTTP against the running app: who may open it, and the per-user limit. */
describe.each(testDatabaseKinds)('GET /api/live/events on %s', (kind) => {
  let server: TestServer
  let keys: SigningKeys
  const shopHost = 'sonnen-apotheke.localhost'

  beforeAll(async () => {
    const privateJwk = await generatePrivateJwk()
    keys = await loadSigningKeys({ privateJwk, dataDir: '/nonexistent' })
    server = await startTestServer(kind, { AUTH_PRIVATE_JWK: privateJwk })
  })
  afterAll(async () => {
    await server?.stop()
  })

  const loginToken = async (username: string, password: string) => {
    const answer = await callApi(server.baseUrl, '/api/auth/b2b/login', {
      body: { username, password },
    })
    return answer.body.accessToken as string
  }
  const open = (token: string, signal: AbortSignal) =>
    fetch(`${server.baseUrl}/api/live/events`, {
      headers: { authorization: `Bearer ${token}` },
      signal,
    })

  it('refuses visitors, dead tokens, shop customers and the platform', async () => {
    const events = (call: Parameters<typeof callApi>[2] = {}) =>
      callApi(server.baseUrl, '/api/live/events', call)
    expect((await events()).status).toBe(401)
    expect((await events({ token: 'a.b.c' })).status).toBe(401)

    const token = await loginToken('apotheke', 'apotheke-demo-2026')
    const claims = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString())
    const now = Math.floor(Date.now() / 1000)
    const expired = await new SignJWT({ ...claims, iat: now - 1000, exp: now - 60 })
      .setProtectedHeader({ alg: 'EdDSA', kid: keys.kid, typ: 'at+jwt' })
      .sign(keys.privateKey)
    expect((await events({ token: expired })).status).toBe(401)

    const shopLogin = await callApi(server.baseUrl, '/api/auth/b2c/login', {
      body: { email: 'kunde@example.com', password: 'kunde-demo-2026' },
      host: shopHost,
    })
    const asCustomer = await events({ token: shopLogin.body.accessToken, host: shopHost })
    expect(asCustomer.status).toBe(403)

    const asAdmin = await events({ token: await loginToken('admin', 'admin-demo-2026') })
    expect(asAdmin.status).toBe(403)
  })

  it(`streams to a business user, at most ${maxLiveStreamsPerUser} at a time under 50 parallel requests`, async () => {
    const token = await loginToken('verein', 'verein-demo-2026')
    const abort = new AbortController()
    try {
      const answers = await Promise.all(Array.from({ length: 50 }, () => open(token, abort.signal)))
      const opened = answers.filter((answer) => answer.status === 200)
      const refused = answers.filter((answer) => answer.status === 429)
      expect(opened).toHaveLength(maxLiveStreamsPerUser)
      expect(refused).toHaveLength(50 - maxLiveStreamsPerUser)
      const refusal = refused[0] as Response
      expect(Number(refusal.headers.get('retry-after'))).toBeGreaterThan(0)
      expect((await refusal.json()).message).toMatch(/Live-Ansichten geöffnet/)

      const first = opened[0] as Response
      expect(first.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
      expect(first.headers.get('content-encoding')).toBeNull()
      expect(await eventsOf(first.body as ReadableStream<Uint8Array>).next()).toEqual({
        type: 'ready',
      })
    } finally {
      abort.abort()
    }

    // Closed connections give their slots back.
    await expect
      .poll(
        async () => {
          const probe = new AbortController()
          const answer = await open(token, probe.signal)
          probe.abort()
          return answer.status
        },
        { timeout: 5_000 },
      )
      .toBe(200)
  })
})
