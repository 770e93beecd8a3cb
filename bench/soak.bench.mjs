// Two app processes on one PostgreSQL under mixed load, with a crash (`npm run bench:soak`,
// issue 36, ADR 080). Starts both as `npm start` runs them (server.mjs) on one fresh seeded
// database behind a round-robin load balancer (load-balancer.mjs), with mail going to a local
// capture SMTP server; drives `--minutes` (default 20) of shop browsing, back-office lists, shop
// checkouts, registrations, club hand-outs near the limits and a live screen on each process;
// halfway it kills one process with SIGKILL and starts it again. Afterwards it checks from the
// database that nothing was lost or duplicated and no limit was exceeded, compares each live
// screen's board with the server's, and writes bench/results/soak-<date>.html (per-minute error
// rate and p99, inline SVG) and .json. Needs `npm run build` and BENCH_DATABASE_URL or
// DATABASE_URL (a PostgreSQL server on which it may create a database).
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { createDefaultSerovalPlugins } from '@tanstack/router-core/ssr/client'
import { exportJWK, generateKeyPair } from 'jose'
import { fromCrossJSON, toJSONAsync } from 'seroval'
import { serverFunctionPath } from '../tests/support/endpoints.ts'
import { startMailCapture } from '../tests/support/mail-capture.ts'
import { withClient } from './databases.mjs'
import { pinHeader, startLoadBalancer } from './load-balancer.mjs'
import { createSeededPostgres, root, shopHost, startProcess } from './server.mjs'

const { values: options } = parseArgs({
  options: {
    minutes: { type: 'string', default: '20' },
    shoppers: { type: 'string', default: '3' },
    browsers: { type: 'string', default: '2' },
  },
})
const minutes = Number(options.minutes)
const postgresServer = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL
if (!postgresServer)
  throw new Error('Set BENCH_DATABASE_URL (or DATABASE_URL) to a PostgreSQL server')

/** A live screen must show the server's board this soon after it (re)connected. */
const boardAgreementMs = 2_000
const rssSampleMs = 5_000

// ─── Setup: one database, two processes with the settings they must share, the balancer ──────

const capture = await startMailCapture()
const database = await createSeededPostgres(postgresServer)
const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true })
const sharedEnv = {
  AUTH_PRIVATE_JWK: JSON.stringify(await exportJWK(privateKey)),
  APP_SECRET: randomBytes(32).toString('base64url'),
  SMTP_URL: capture.url,
  // Behind the balancer: the client's address comes from X-Forwarded-For.
  TRUST_PROXY: 'loopback',
}
const dataDirs = [
  await mkdtemp(path.join(tmpdir(), 'blattwerk-soak-')),
  await mkdtemp(path.join(tmpdir(), 'blattwerk-soak-')),
]
const processes = []
for (const dataDir of dataDirs) {
  processes.push(await startProcess({ dataDir, databaseUrl: database.url, env: sharedEnv }))
}
const balancer = await startLoadBalancer(processes.map(({ port }) => ({ port })))
const base = `http://127.0.0.1:${balancer.port}`
const shop = `${shopHost}:${balancer.port}`
const shopName = await withClient(database.url, async (client) => {
  const { rows } = await client.query(
    'select o.name from tenants t join organisations o on o.id = t.organisation_id where t.slug = $1',
    [shopHost.split('.')[0]],
  )
  return rows[0].name
})

/** Shop customers for the checkouts (10 orders an hour each): copies of the demo customer. */
const shopUserCount = Math.max(10, Math.ceil(minutes * Number(options.shoppers) * 2))
const shopUserEmails = await withClient(database.url, async (client) => {
  const { rows: columns } = await client.query(
    `select column_name from information_schema.columns where table_name = 'shop_users' and column_name not in ('id', 'email')`,
  )
  const names = columns.map((row) => `"${row.column_name}"`).join(', ')
  const emails = Array.from({ length: shopUserCount }, (_, index) => `soak-${index}@example.com`)
  for (const email of emails) {
    await client.query(
      `insert into shop_users (id, email, ${names}) select gen_random_uuid(), $1, ${names} from shop_users where email = 'kunde@example.com'`,
      [email],
    )
  }
  return emails
})

// ─── Requests, recorded per minute ────────────────────────────────────────────────────────────

const runStart = Date.now()
const records = []
const created = { orders: [], handouts: [], registrations: 0 }
/** Refused hand-outs by status: a member at a limit is refused (409), which is the point. */
const handoutRefusals = {}
/** Refused registrations by status, with the first answer (the sign-up limit answers 429). */
const registrationRefusals = {}
/** Anonymous shop pages that named the shop, and those that did not (the platform's 404). */
const shopPages = { showedShop: 0, other: {} }
let virtualClient = 0

/** Keeps connections to the balancer open, as a browser does. */
const agent = new http.Agent({ keepAlive: true })

/**
 * A request through the balancer as a browser at its own address sends it; recorded. Through
 * node:http, not fetch: fetch (undici) does not send a Host header set by the caller, and the
 * tenant's shop is chosen by Host.
 */
async function call(kind, method, url, { headers = {}, body, address } = {}) {
  const started = performance.now()
  let status = 0
  try {
    const answer = await new Promise((resolve, reject) => {
      const request = http.request(
        `${base}${url}`,
        {
          method,
          agent,
          headers: {
            'x-forwarded-for': address ?? '10.0.0.1',
            ...headers,
            ...(body !== undefined && { 'content-length': Buffer.byteLength(body) }),
          },
        },
        (response) => {
          const chunks = []
          response.on('data', (chunk) => chunks.push(chunk))
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
              headers: response.headers,
            }),
          )
          response.on('error', reject)
        },
      )
      request.on('error', reject)
      request.end(body)
    })
    status = answer.status
    return answer
  } catch (error) {
    return { status: 0, text: String(error), headers: {} }
  } finally {
    records.push({ at: Date.now(), kind, status, ms: performance.now() - started })
  }
}

/** A server function called the way Start's client calls it (tests/support/server-functions.ts). */
async function callFunction(kind, file, name, method, data, { token, host, address, cookie } = {}) {
  const payload = JSON.stringify(await toJSONAsync({ data }))
  const fnPath = serverFunctionPath(file, name)
  const headers = {
    'x-tsr-serverfn': 'true',
    'sec-fetch-site': 'same-origin',
    ...(host && { host }),
    ...(token && { authorization: `Bearer ${token}` }),
    ...(cookie && { cookie }),
    ...(method === 'POST' && { 'content-type': 'application/json' }),
  }
  const answer = await call(
    kind,
    method,
    method === 'GET' ? `${fnPath}?payload=${encodeURIComponent(payload)}` : fnPath,
    { headers, address, ...(method === 'POST' && { body: payload }) },
  )
  // Start answers `{ result }` or `{ error }` in seroval's cross-reference JSON (what its client
  // decodes with fromCrossJSON); an answer that is no such JSON leaves value null.
  let value = null
  try {
    value = fromCrossJSON(JSON.parse(answer.text), {
      refs: new Map(),
      plugins: createDefaultSerovalPlugins(),
    })
  } catch {}
  return { ...answer, value, result: value?.result }
}

async function logIn(accountType, body, host, address) {
  const answer = await call('login', 'POST', `/api/auth/${accountType}/login`, {
    headers: { 'content-type': 'application/json', ...(host && { host }) },
    body: JSON.stringify(body),
    address,
  })
  if (answer.status !== 200)
    throw new Error(`${accountType} login answered ${answer.status}: ${answer.text}`)
  return JSON.parse(answer.text)
}

const deadline = runStart + minutes * 60_000
const running = () => Date.now() < deadline
const pause = (ms) => sleep(ms * (0.5 + Math.random()))

/** A page of the demo shop as an anonymous visitor sees it; counts whether it showed the shop. */
async function shopPage(url, address) {
  const answer = await call('browse', 'GET', url, { headers: { host: shop }, address })
  if (answer.status === 200 && answer.text.includes(shopName)) shopPages.showedShop++
  else {
    const key = `${answer.status} ${url.replace(/\/blueten\/.+/, '/blueten/…')}`
    shopPages.other[key] = (shopPages.other[key] ?? 0) + 1
  }
  return answer
}

async function browse() {
  const address = `10.1.0.${++virtualClient}`
  const products = []
  while (running()) {
    await shopPage('/shop', address)
    const listing = await shopPage('/blueten', address)
    if (products.length === 0) {
      products.push(...new Set(listing.text.match(/\/blueten\/[\w-]+/g) ?? []))
    }
    const product = products[Math.floor(Math.random() * products.length)]
    if (product) await shopPage(product, address)
    await pause(300)
  }
}

async function backOffice() {
  const { refreshToken } = await logIn(
    'b2b',
    { username: 'apotheke', password: 'apotheke-demo-2026' },
    null,
    '10.2.0.1',
  )
  const headers = { cookie: `token=${refreshToken}` }
  while (running()) {
    for (const page of ['/customers', '/customer_orders', '/products', '/inventory']) {
      await call('back office', 'GET', page, { headers, address: '10.2.0.1' })
    }
    await pause(500)
  }
}

const checkoutFile = 'src/features/shop/checkout/checkout.functions.ts'
const cartFile = 'src/features/shop/cart/cart.functions.ts'
let nextShopUser = 0

/** Checkouts against limited stock: each customer orders until the hourly limit, then the next. */
async function shopper(index) {
  const address = `10.3.0.${index + 1}`
  let session = null
  let placed = 0
  while (running()) {
    if (!session || placed >= 9) {
      const email = shopUserEmails[nextShopUser++ % shopUserEmails.length]
      const { accessToken } = await logIn(
        'b2c',
        { email, password: 'kunde-demo-2026' },
        shop,
        address,
      )
      const billing = await callFunction(
        'checkout',
        'src/features/shop-accounts/addresses/addresses.functions.ts',
        'createShopAddressFn',
        'POST',
        { name: 'Soak Kundin', street: 'Weserstraße 5', postalCode: '12045', city: 'Berlin' },
        { token: accessToken, host: shop, address },
      )
      session = {
        token: accessToken,
        billingAddressId: billing.result?.id,
      }
      if (!session.billingAddressId)
        throw new Error(`no billing address: ${billing.status} ${billing.text.slice(0, 300)}`)
      placed = 0
    }
    const context = { token: session.token, host: shop, address }
    const catalogue = await callFunction(
      'checkout',
      'src/features/shop/configurator/configurator.functions.ts',
      'fetchConfiguratorProducts',
      'GET',
      undefined,
      context,
    )
    const products = (catalogue.result ?? []).filter(
      (product) => product.category === 'flower' && product.availableSalesUnits > 0,
    )
    const product = products[Math.floor(Math.random() * products.length)]
    if (!product) {
      await pause(2_000)
      continue
    }
    const quantity = Math.max(product.minOrderQuantity ?? 1, 1 + Math.floor(Math.random() * 3))
    await callFunction(
      'checkout',
      cartFile,
      'addToCartFn',
      'POST',
      { listingId: product.id, quantity },
      context,
    )
    const order = await callFunction(
      'checkout',
      checkoutFile,
      'placeShopOrderFn',
      'POST',
      {
        billingAddressId: session.billingAddressId,
        deliveryMethod: 'pickup',
        paymentMethod: 'pickup',
        prescription: { payer: 'self_pay', evidence: 'original_at_pickup' },
      },
      context,
    )
    if (order.status === 200) {
      created.orders.push(order.result?.id)
      placed++
    } else {
      // A refused checkout (stock gone, cart changed) leaves the cart: empty it for the next try.
      await callFunction('checkout', cartFile, 'acceptCartChangesFn', 'POST', undefined, context)
      if (order.status === 429) session = null
    }
    await pause(1_000)
  }
}

async function registrations() {
  while (running()) {
    const id = randomUUID().slice(0, 8)
    const answer = await callFunction(
      'registration',
      'src/features/shop-accounts/shop-accounts.functions.ts',
      'registerFn',
      'POST',
      {
        name: `Soak ${id}`,
        email: `neu-${id}@example.com`,
        password: 'soak-passwort-2026',
        birthDate: '1990-04-12',
        phone: '+49 30 555 0101',
        privacyConsent: true,
      },
      { host: shop, address: `10.4.${Math.floor(Math.random() * 250)}.${virtualClient++ % 250}` },
    )
    if (answer.status === 200) created.registrations++
    else {
      registrationRefusals[answer.status] ??= { count: 0, first: answer.text.slice(0, 300) }
      registrationRefusals[answer.status].count++
    }
    await pause(3_000)
  }
}

const handoutFile = 'src/features/handouts/handout-actions.functions.ts'

/** Club hand-outs of 3–9 g to the club's members until each reaches its daily or monthly limit. */
async function club() {
  const address = '10.5.0.1'
  const { accessToken } = await logIn(
    'b2b',
    { username: 'verein', password: 'verein-demo-2026' },
    null,
    address,
  )
  const context = { token: accessToken, address }
  const members = await callFunction(
    'hand-out',
    handoutFile,
    'fetchHandoutMembers',
    'GET',
    { q: '' },
    context,
  )
  const customers = (members.result ?? [])
    .filter((member) => member.active)
    .map((member) => member.id)
  if (customers.length === 0)
    throw new Error(`no club members: ${members.status} ${members.text.slice(0, 300)}`)
  while (running()) {
    const customerId = customers[Math.floor(Math.random() * customers.length)]
    const batches = await callFunction(
      'hand-out',
      handoutFile,
      'fetchHandoutBatches',
      'GET',
      { customerId },
      context,
    )
    const quantity = 3_000 + Math.floor(Math.random() * 6) * 1_000
    const usable = (batches.result ?? []).filter(
      (batch) => batch.refusal === null && batch.availableMg >= quantity,
    )
    const batch = usable[Math.floor(Math.random() * usable.length)]
    if (batch) {
      const answer = await callFunction(
        'hand-out',
        handoutFile,
        'createHandoutFn',
        'POST',
        {
          customerId,
          batchId: batch.batchId,
          quantity,
          identityChecked: true,
        },
        context,
      )
      if (answer.status === 200) created.handouts.push(answer.result?.id)
      else handoutRefusals[answer.status] = (handoutRefusals[answer.status] ?? 0) + 1
    }
    await pause(700)
  }
}

// ─── Live screens: one per organisation and process, pinned through the balancer ─────────────

const liveFile = 'src/features/live/live.functions.ts'
const boardOf = (board) => (board?.tiles ? JSON.stringify(board.tiles) : null)

function liveScreen(username, password, backend) {
  const screen = { username, backend, board: null, connects: 0, reconnects: [], stopped: false }
  const address = `10.6.0.${backend + 1}`
  let token = null
  const reload = async () => {
    const answer = await callFunction('live', liveFile, 'fetchLiveBoard', 'GET', undefined, {
      token,
      address,
    })
    const board = boardOf(answer.result)
    if (board) {
      screen.board = board
      screen.boardAt = Date.now()
    }
  }
  screen.done = (async () => {
    while (!screen.stopped) {
      try {
        ;({ accessToken: token } = await logIn('b2b', { username, password }, null, address))
        const controller = new AbortController()
        screen.abort = () => controller.abort()
        const response = await fetch(`${base}/api/live/events`, {
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'text/event-stream',
            [pinHeader]: String(backend),
            'x-forwarded-for': address,
          },
          signal: controller.signal,
        })
        if (!response.ok || !response.body) throw new Error(`live answered ${response.status}`)
        let buffer = ''
        let reloadTimer
        for await (const chunk of response.body.pipeThrough(new TextDecoderStream())) {
          buffer += chunk
          let end = buffer.indexOf('\n\n')
          while (end >= 0) {
            const event = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            end = buffer.indexOf('\n\n')
            if (event.includes('"type":"ready"') || /event: ready/.test(event)) {
              const connectedAt = Date.now()
              screen.connects++
              await reload()
              if (screen.connects > 1) {
                screen.reconnects.push({
                  at: connectedAt - runStart,
                  boardAfterMs: Date.now() - connectedAt,
                })
              }
            } else if (/data:/.test(event) && !/heartbeat/.test(event)) {
              clearTimeout(reloadTimer)
              reloadTimer = setTimeout(() => void reload(), 150)
            }
          }
        }
      } catch {}
      if (!screen.stopped) await sleep(500)
    }
  })()
  return screen
}

// ─── Memory, the crash, the run ───────────────────────────────────────────────────────────────

const rss = [[], []]
const rssTimer = setInterval(() => {
  processes.forEach((server, index) => {
    try {
      const status = readFileSync(`/proc/${server.pid}/status`, 'utf8')
      const kb = Number(status.match(/^VmRSS:\s+(\d+)/m)?.[1] ?? 0)
      rss[index].push({
        seconds: Math.round((Date.now() - runStart) / 1000),
        mb: Math.round(kb / 1024),
        pid: server.pid,
      })
    } catch {}
  })
}, rssSampleMs)

const crash = {}
async function killOneHalfway() {
  await sleep((deadline - Date.now()) / 2)
  const victim = processes[1]
  crash.killedAt = Date.now() - runStart
  process.kill(victim.pid, 'SIGKILL')
  await victim.exited
  const restartStarted = Date.now()
  processes[1] = await startProcess({
    dataDir: dataDirs[1],
    databaseUrl: database.url,
    port: victim.port,
    env: sharedEnv,
  })
  crash.restartMs = Date.now() - restartStarted
  while (!balancer.isUp(1)) await sleep(100)
  crash.backUpAt = Date.now() - runStart
}

const screens = [
  liveScreen('apotheke', 'apotheke-demo-2026', 0),
  liveScreen('apotheke', 'apotheke-demo-2026', 1),
  liveScreen('verein', 'verein-demo-2026', 0),
  liveScreen('verein', 'verein-demo-2026', 1),
]
console.log(`Soak: ${minutes} min through ${base} on ${processes.map((p) => p.port).join(' and ')}`)
const loads = [
  ...Array.from({ length: Number(options.browsers) }, browse),
  backOffice(),
  ...Array.from({ length: Number(options.shoppers) }, (_, index) => shopper(index)),
  registrations(),
  club(),
  killOneHalfway(),
]
const outcomes = await Promise.allSettled(loads)
const loadErrors = outcomes
  .filter((outcome) => outcome.status === 'rejected')
  .map((outcome) => String(outcome.reason))
clearInterval(rssTimer)

// ─── Checks ───────────────────────────────────────────────────────────────────────────────────

// The live screens must show the server's board once the last changes have been told.
await sleep(boardAgreementMs)
const liveChecks = []
for (const screen of screens) {
  const { accessToken } = await logIn(
    'b2b',
    {
      username: screen.username,
      password: screen.username === 'verein' ? 'verein-demo-2026' : 'apotheke-demo-2026',
    },
    null,
    '10.7.0.1',
  )
  const answer = await callFunction('live', liveFile, 'fetchLiveBoard', 'GET', undefined, {
    token: accessToken,
    address: '10.7.0.1',
  })
  liveChecks.push({
    screen: `${screen.username} on process ${screen.backend}`,
    connects: screen.connects,
    reconnects: screen.reconnects,
    equal: boardOf(answer.result) === screen.board,
    reconnectBoardWithin2s: screen.reconnects.every(
      (reconnect) => reconnect.boardAfterMs <= boardAgreementMs,
    ),
  })
  screen.stopped = true
  screen.abort?.()
}

// Mail: let the senders deliver what is due (every 2 s on each process).
for (let waited = 0; waited < 20_000; waited += 1_000) {
  const due = await withClient(database.url, (client) =>
    client.query(
      `select count(*)::int as n from outbox_mails where status = 'pending' and next_attempt_at <= now()`,
    ),
  )
  if (due.rows[0].n === 0) break
  await sleep(1_000)
}

const since = new Date(runStart).toISOString()
const checks = await withClient(database.url, async (client) => {
  const one = async (sql, params = []) => (await client.query(sql, params)).rows
  const orderRows = await one(`select id from customer_orders where created_at >= $1`, [since])
  const orderIds = new Set(orderRows.map((row) => row.id))
  const answered = new Set(created.orders)
  const paymentDuplicates = await one(
    `select order_id, count(*)::int as n from order_payments where order_id = any($1) group by order_id having count(*) > 1`,
    [[...orderIds]],
  )
  const handoutRows = await one(`select id from hand_outs where created_at >= $1`, [since])
  const handoutIds = new Set(handoutRows.map((row) => row.id))
  const answeredHandouts = new Set(created.handouts)
  const negativeStock = await one(
    `select batch_id, min(balance_after) as lowest from stock_movements group by batch_id having min(balance_after) < 0`,
  )
  const overReserved = await one(`
    select b.id, b.balance, coalesce(r.reserved, 0) as reserved from (
      select distinct on (batch_id) batch_id as id, balance_after as balance from stock_movements order by batch_id, created_at desc, id desc
    ) b left join (
      select batch_id, sum(quantity) as reserved from stock_reservations where released_at is null and consumed_at is null group by batch_id
    ) r on r.batch_id = b.id where coalesce(r.reserved, 0) > b.balance`)
  // KCanG limits bind a club's hand-outs to its members, all of them (not only this run's); a
  // pharmacy's dispensing records (same table) follow a prescription and have no such limit. Each
  // hand-out is checked as the service checks it: the member's day and month so far, including it,
  // against the limit of the age class it was handed out under.
  const overLimits = await one(`
    select * from (
      select h.id, h.customer_id, h.handed_out_on, h.age_class,
        sum(h.quantity) over (partition by h.organisation_id, h.customer_id, h.handed_out_on
          order by h.handed_out_at, h.id)::int as day_mg,
        sum(h.quantity) over (partition by h.organisation_id, h.customer_id, date_trunc('month', h.handed_out_on)
          order by h.handed_out_at, h.id)::int as month_mg
      from hand_outs h join organisations o on o.id = h.organisation_id
      where o.category = 'club' and h.cancelled_at is null
    ) running
    where day_mg > 25000 or month_mg > case when age_class = 'adult' then 50000 else 30000 end`)
  const overDaily = overLimits.filter((row) => row.day_mg > 25_000)
  const overMonthly = overLimits.filter(
    (row) => row.month_mg > (row.age_class === 'adult' ? 50_000 : 30_000),
  )
  const outbox = await one(
    `select id, status, attempts, next_attempt_at > now() as claimed, created_at >= $1 as "inRun" from outbox_mails`,
    [since],
  )
  const staleReservations = await one(
    `select count(*)::int as n from stock_reservations where released_at is null and consumed_at is null and expires_at < now() - interval '2 minutes'`,
  )
  return {
    orderIds,
    answered,
    paymentDuplicates,
    handoutIds,
    answeredHandouts,
    negativeStock,
    overReserved,
    overDaily,
    overMonthly,
    outbox,
    staleReservations,
  }
})

const capturedIds = capture.mails.map((mail) => mail.headers.get('x-blattwerk-mail-id'))
const capturedDistinct = new Set(capturedIds)
const sent = checks.outbox.filter((mail) => mail.status === 'sent')
const sentIds = new Set(sent.map((mail) => mail.id))
const mail = {
  outboxRows: checks.outbox.length,
  sent: sent.length,
  captured: capturedIds.length,
  capturedDistinct: capturedDistinct.size,
  sentButNotCaptured: [...sentIds].filter((id) => !capturedDistinct.has(id)),
  capturedTwice: capturedIds.length - capturedDistinct.size,
  // ADR 031 promises at-least-once, not a stable Message-ID: nodemailer makes a new one per send,
  // so a mail sent twice reaches its reader as two mails. Shown here, not counted as a problem.
  twiceWithSameMessageId: [...capturedDistinct].filter((id) => {
    const messageIds = capture.mails
      .filter((mail) => mail.headers.get('x-blattwerk-mail-id') === id)
      .map((mail) => mail.headers.get('message-id'))
    return messageIds.length > 1 && new Set(messageIds).size === 1
  }).length,
  pendingDue: checks.outbox.filter((row) => row.status === 'pending' && !row.claimed).length,
  pendingClaimed: checks.outbox
    .filter((row) => row.status === 'pending' && row.claimed)
    .map((row) => ({ id: row.id, attempts: row.attempts })),
  // The demo seed holds failed mails of its own (support page); only this run's count.
  failedInRun: checks.outbox.filter((row) => row.status === 'failed' && row.inRun).length,
  failedFromSeed: checks.outbox.filter((row) => row.status === 'failed' && !row.inRun).length,
}
const difference = (left, right) => [...left].filter((item) => !right.has(item))
const findings = {
  orders: {
    answered2xx: checks.answered.size,
    rows: checks.orderIds.size,
    answeredButMissing: difference(checks.answered, checks.orderIds),
    rowsWithout2xx: difference(checks.orderIds, checks.answered),
    answeredTwice: created.orders.length - checks.answered.size,
    paymentDuplicates: checks.paymentDuplicates,
  },
  handouts: {
    answered2xx: checks.answeredHandouts.size,
    rows: checks.handoutIds.size,
    answeredButMissing: difference(checks.answeredHandouts, checks.handoutIds),
    rowsWithout2xx: difference(checks.handoutIds, checks.answeredHandouts),
    refusedByStatus: handoutRefusals,
  },
  shopPages,
  registrations: { answered2xx: created.registrations, refusedByStatus: registrationRefusals },
  stock: {
    negative: checks.negativeStock,
    overReserved: checks.overReserved,
    expiredUnreleasedReservations: checks.staleReservations[0].n,
  },
  limits: { overDaily: checks.overDaily, overMonthly: checks.overMonthly },
  mail,
  live: liveChecks,
  crash,
  balancer: balancer.counters,
  loadErrors,
}

// ─── Per minute, memory, report ─────────────────────────────────────────────────────────────

const perMinute = []
for (const record of records) {
  const minute = Math.floor((record.at - runStart) / 60_000)
  perMinute[minute] ??= { minute: minute + 1, requests: 0, errors: 0, latencies: [] }
  const bucket = perMinute[minute]
  bucket.requests++
  if (record.status === 0 || record.status >= 500) bucket.errors++
  bucket.latencies.push(record.ms)
}
const minuteRows = perMinute.filter(Boolean).map(({ latencies, ...bucket }) => {
  latencies.sort((a, b) => a - b)
  return {
    ...bucket,
    errorRate: bucket.errors / bucket.requests,
    p99ms: Math.round(
      latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))],
    ),
  }
})

function flatness(samples) {
  const values = samples.map((sample) => sample.mb)
  if (values.length < 6) return { samples: values.length, flat: 'too few samples' }
  const afterWarmUp = values.slice(Math.floor(values.length * 0.2))
  const slice = Math.max(1, Math.floor(afterWarmUp.length * 0.2))
  const mean = (list) => list.reduce((sum, value) => sum + value, 0) / list.length
  const first = mean(afterWarmUp.slice(0, slice))
  const last = mean(afterWarmUp.slice(-slice))
  return {
    peakMb: Math.max(...values),
    firstMb: Math.round(first),
    lastMb: Math.round(last),
    flat: last - first <= Math.max(15, first * 0.05) ? 'yes' : 'no',
  }
}
// The restarted process: only its samples after the restart tell whether it stays flat.
const memory = [
  { process: 0, ...flatness(rss[0]) },
  {
    process: '1 (after restart)',
    ...flatness(rss[1].filter((sample) => sample.pid === processes[1].pid)),
  },
]

const problems = [
  findings.orders.answeredButMissing.length && 'orders answered 2xx but missing',
  findings.orders.answeredTwice && 'an order id answered twice',
  findings.orders.paymentDuplicates.length && 'duplicate payments',
  findings.handouts.answeredButMissing.length && 'hand-outs answered 2xx but missing',
  findings.handouts.answered2xx === 0 && 'no hand-out succeeded',
  findings.orders.answered2xx === 0 && 'no order succeeded',
  created.registrations === 0 && 'no registration succeeded',
  Object.keys(shopPages.other).some((key) => !key.startsWith('5') && !key.startsWith('0')) &&
    'a shop page did not show the shop',
  findings.stock.negative.length && 'negative stock',
  findings.stock.overReserved.length && 'more reserved than in stock',
  findings.limits.overDaily.length && 'daily limit exceeded',
  findings.limits.overMonthly.length && 'monthly limit exceeded',
  mail.sentButNotCaptured.length && 'mail marked sent but never arrived',
  mail.pendingDue && 'mail due but not sent',
  liveChecks.some((check) => !check.equal) && 'a live screen differs from the server',
  liveChecks.some((check) => !check.reconnectBoardWithin2s) &&
    'a live screen took over 2 s after reconnecting',
  loadErrors.length && 'a load driver failed',
].filter(Boolean)

const summary = {
  date: new Date().toISOString(),
  node: process.version,
  minutes,
  requests: records.length,
  problems,
  findings,
  perMinute: minuteRows,
  memory,
}

function chart(rows) {
  const width = 640
  const height = 220
  const pad = 40
  const maxP99 = Math.max(1, ...rows.map((row) => row.p99ms))
  const maxRate = Math.max(0.01, ...rows.map((row) => row.errorRate))
  const x = (index) => pad + (index * (width - 2 * pad)) / Math.max(1, rows.length - 1)
  const line = (value, max) =>
    rows
      .map(
        (row, index) =>
          `${x(index).toFixed(1)},${(height - pad - (value(row) / max) * (height - 2 * pad)).toFixed(1)}`,
      )
      .join(' ')
  const killMinute = crash.killedAt === undefined ? null : crash.killedAt / 60_000
  const killX =
    killMinute === null
      ? null
      : pad + ((killMinute - 0.5) * (width - 2 * pad)) / Math.max(1, rows.length - 1)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" aria-label="p99 und Fehlerquote je Minute" style="max-width:${width}px;font:12px sans-serif">
<line x1="${pad}" y1="${height - pad}" x2="${width - pad}" y2="${height - pad}" stroke="#888"/>
<polyline fill="none" stroke="#1f6feb" stroke-width="2" points="${line((row) => row.p99ms, maxP99)}"/>
<polyline fill="none" stroke="#d73a49" stroke-width="2" points="${line((row) => row.errorRate, maxRate)}"/>
${killX === null ? '' : `<line x1="${killX}" y1="${pad / 2}" x2="${killX}" y2="${height - pad}" stroke="#000" stroke-dasharray="4"/><text x="${killX + 4}" y="${pad / 2 + 10}">kill -9</text>`}
<text x="${pad}" y="14" fill="#1f6feb">p99 (max ${maxP99} ms)</text>
<text x="${width / 2}" y="14" fill="#d73a49">error rate (max ${(maxRate * 100).toFixed(1)} %)</text>
${rows.map((row, index) => `<text x="${x(index)}" y="${height - pad + 16}" text-anchor="middle">${row.minute}</text>`).join('')}
<text x="${width / 2}" y="${height - 6}" text-anchor="middle">minute</text>
</svg>`
}

const escapeHtml = (text) =>
  text.replace(/[&<>]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[char])
const stamp = summary.date.replace(/[:.]/g, '-')
const resultsDir = path.join(root, 'bench/results')
mkdirSync(resultsDir, { recursive: true })
writeFileSync(path.join(resultsDir, `soak-${stamp}.json`), `${JSON.stringify(summary, null, 2)}\n`)
writeFileSync(
  path.join(resultsDir, `soak-${stamp}.html`),
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>Soak ${summary.date}</title>
<body style="font-family:sans-serif;max-width:720px;margin:2rem auto">
<h1>Soak: two processes, ${minutes} min, one kill -9</h1>
<p>${problems.length ? `<strong>Problems:</strong> ${escapeHtml(problems.join('; '))}` : 'No problem found.'}</p>
${chart(minuteRows)}
<table border="1" cellpadding="4"><tr><th>minute</th><th>requests</th><th>errors</th><th>p99 ms</th></tr>
${minuteRows.map((row) => `<tr><td>${row.minute}</td><td>${row.requests}</td><td>${row.errors}</td><td>${row.p99ms}</td></tr>`).join('\n')}</table>
<h2>Findings</h2><pre>${escapeHtml(JSON.stringify({ findings, memory }, null, 2))}</pre></body></html>\n`,
)

console.table(minuteRows)
console.table(memory)
console.log(JSON.stringify(findings, null, 2))
console.log(problems.length ? `Problems: ${problems.join('; ')}` : 'No problem found.')
console.log(`Written: bench/results/soak-${stamp}.html and .json`)

await balancer.close()
await Promise.allSettled(screens.map((screen) => screen.done))
for (const server of processes) await server.stop()
await capture.close()
await database.drop()
for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true })
process.exitCode = problems.length ? 1 : 0
