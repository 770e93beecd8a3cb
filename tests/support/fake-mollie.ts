import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

/**
 * A small fake of Mollie's payments API for the tests: the real `@mollie/api-client` talks to it
 * (the app's `MOLLIE_API_ENDPOINT`). It creates payments (the same `Idempotency-Key` gives the
 * same payment), answers them, creates and lists refunds, and serves a checkout page whose
 * buttons "Bezahlen", "Abbrechen" and "Fehlschlagen" set the status, call the webhook (if the
 * payment has one) with `id=tr_…` and send the browser back to the `redirectUrl`.
 *
 * The client speaks HTTPS only and trusts only its bundled CA list, so the API runs over HTTPS
 * with the self-signed test certificate in `fake-mollie-tls/`, and the processes that call it
 * are started with `NODE_TLS_REJECT_UNAUTHORIZED=0` (never anything but test processes). The
 * checkout page, which a browser opens, is served over plain HTTP on a port of its own.
 */

export type FakePaymentStatus =
  | 'open'
  | 'pending'
  | 'authorized'
  | 'paid'
  | 'canceled'
  | 'expired'
  | 'failed'
export type FakeRefundStatus = 'queued' | 'pending' | 'processing' | 'refunded' | 'failed'

export interface FakePayment {
  id: string
  apiKey: string
  status: FakePaymentStatus
  amount: { currency: string; value: string }
  description: string
  redirectUrl: string
  webhookUrl: string | null
  metadata: unknown
  createdAt: string
}

export interface FakeRefund {
  id: string
  paymentId: string
  status: FakeRefundStatus
  amount: { currency: string; value: string }
  description: string
  createdAt: string
}

export interface FakeMollie {
  /** `https://127.0.0.1:<port>/v2/`: the app's MOLLIE_API_ENDPOINT. */
  apiEndpoint: string
  /** Where the checkout pages are (plain HTTP). */
  checkoutBase: string
  payments: Map<string, FakePayment>
  refunds: Map<string, FakeRefund>
  /** Payments created (an idempotent replay creates none). */
  creations(): number
  /** Requests that read a payment (GET /v2/payments/<id>). */
  paymentReads(): number
  setStatus(paymentId: string, status: FakePaymentStatus): void
  setRefundStatus(refundId: string, status: FakeRefundStatus): void
  /** The payments created with this order id in their metadata, oldest first. */
  paymentsOfOrder(orderId: string): FakePayment[]
  close(): Promise<void>
}

const tlsDir = path.join(import.meta.dirname, 'fake-mollie-tls')
const randomId = (prefix: string) =>
  `${prefix}${randomBytes(8)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 10)}`

const checkoutActions: Record<string, { label: string; status: FakePaymentStatus }> = {
  paid: { label: 'Bezahlen', status: 'paid' },
  canceled: { label: 'Abbrechen', status: 'canceled' },
  failed: { label: 'Fehlschlagen', status: 'failed' },
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/hal+json' })
  response.end(JSON.stringify(body))
}

const notFound = (response: ServerResponse, what: string) =>
  send(response, 404, { status: 404, title: 'Not Found', detail: `No ${what} exists with this id` })

const listen = (server: Server, port = 0) =>
  new Promise<number>((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  )

/** `apiPort`: a fixed port for the API (the e2e app's environment names it before the fake starts). */
export async function startFakeMollie(options: { apiPort?: number } = {}): Promise<FakeMollie> {
  // This process calls the fake through the real client (see above).
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'
  const payments = new Map<string, FakePayment>()
  const refunds = new Map<string, FakeRefund>()
  /** `<api key> <idempotency key>` → the id of what that request created. */
  const idempotent = new Map<string, string>()
  let created = 0
  let reads = 0
  let apiBase = ''
  let checkoutBase = ''

  const paymentJson = (payment: FakePayment) => ({
    resource: 'payment',
    id: payment.id,
    mode: 'test',
    status: payment.status,
    amount: payment.amount,
    description: payment.description,
    redirectUrl: payment.redirectUrl,
    webhookUrl: payment.webhookUrl,
    metadata: payment.metadata,
    createdAt: payment.createdAt,
    ...(payment.status === 'paid' && {
      paidAt: new Date().toISOString(),
      amountRefunded: {
        currency: 'EUR',
        value: [...refunds.values()]
          .filter((refund) => refund.paymentId === payment.id && refund.status === 'refunded')
          .reduce((sum, refund) => sum + Number(refund.amount.value), 0)
          .toFixed(2),
      },
    }),
    _links: {
      self: { href: `${apiBase}payments/${payment.id}`, type: 'application/hal+json' },
      ...(payment.status === 'open' && {
        checkout: { href: `${checkoutBase}/checkout/${payment.id}`, type: 'text/html' },
      }),
    },
  })
  const refundJson = (refund: FakeRefund) => ({
    resource: 'refund',
    id: refund.id,
    mode: 'test',
    status: refund.status,
    amount: refund.amount,
    description: refund.description,
    metadata: null,
    paymentId: refund.paymentId,
    createdAt: refund.createdAt,
    _links: {
      self: {
        href: `${apiBase}payments/${refund.paymentId}/refunds/${refund.id}`,
        type: 'application/hal+json',
      },
    },
  })

  async function callWebhook(payment: FakePayment) {
    if (!payment.webhookUrl) return
    await fetch(payment.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id: payment.id }).toString(),
    }).catch(() => undefined)
  }

  async function api(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'https://fake')
    const apiKey = request.headers.authorization?.replace(/^Bearer /, '') ?? ''
    // A key Mollie does not know (revoked, mistyped): `test_invalid…` stands for one.
    if (!/^(test|live)_/.test(apiKey) || /^(test|live)_invalid/.test(apiKey)) {
      send(response, 401, { status: 401, title: 'Unauthorized Request', detail: 'Missing API key' })
      return
    }
    const idempotencyKey = request.headers['idempotency-key']
    const replayKey = typeof idempotencyKey === 'string' ? `${apiKey} ${idempotencyKey}` : null
    const parts = url.pathname.split('/').filter(Boolean) // v2, payments, id, refunds, id
    const payment = parts[2] ? payments.get(parts[2]) : undefined
    // Another key's payment does not exist for this key (Mollie scopes payments by profile).
    const own = payment && payment.apiKey === apiKey ? payment : undefined

    if (request.method === 'POST' && parts.length === 2 && parts[1] === 'payments') {
      const body = JSON.parse(await readBody(request)) as Record<string, unknown>
      const known = replayKey && idempotent.get(replayKey)
      const existing = known ? payments.get(known) : undefined
      if (existing) return send(response, 201, paymentJson(existing))
      const fresh: FakePayment = {
        id: randomId('tr_'),
        apiKey,
        status: 'open',
        amount: body.amount as FakePayment['amount'],
        description: String(body.description),
        redirectUrl: String(body.redirectUrl),
        webhookUrl: typeof body.webhookUrl === 'string' ? body.webhookUrl : null,
        metadata: body.metadata ?? null,
        createdAt: new Date().toISOString(),
      }
      payments.set(fresh.id, fresh)
      if (replayKey) idempotent.set(replayKey, fresh.id)
      created += 1
      return send(response, 201, paymentJson(fresh))
    }
    if (request.method === 'GET' && parts.length === 2 && parts[1] === 'methods') {
      const methods = ['creditcard', 'paypal', 'banktransfer'].map((id) => ({
        resource: 'method',
        id,
        description: id,
        status: 'activated',
      }))
      return send(response, 200, {
        count: methods.length,
        _embedded: { methods },
        _links: { self: { href: url.href, type: 'application/hal+json' } },
      })
    }
    if (request.method === 'GET' && parts.length === 3 && parts[1] === 'payments') {
      reads += 1
      return own ? send(response, 200, paymentJson(own)) : notFound(response, 'payment')
    }
    if (parts.length >= 4 && parts[1] === 'payments' && parts[3] === 'refunds') {
      if (!own) return notFound(response, 'payment')
      if (request.method === 'POST' && parts.length === 4) {
        const body = JSON.parse(await readBody(request)) as Record<string, unknown>
        const known = replayKey && idempotent.get(replayKey)
        const existing = known ? refunds.get(known) : undefined
        if (existing) return send(response, 201, refundJson(existing))
        if (own.status !== 'paid') {
          return send(response, 422, {
            status: 422,
            title: 'Unprocessable Entity',
            detail: 'The payment is not paid',
          })
        }
        const refund: FakeRefund = {
          id: randomId('re_'),
          paymentId: own.id,
          status: 'pending',
          amount: body.amount as FakeRefund['amount'],
          description: String(body.description ?? ''),
          createdAt: new Date().toISOString(),
        }
        refunds.set(refund.id, refund)
        if (replayKey) idempotent.set(replayKey, refund.id)
        return send(response, 201, refundJson(refund))
      }
      if (request.method === 'GET' && parts.length === 4) {
        const list = [...refunds.values()].filter((refund) => refund.paymentId === own.id)
        return send(response, 200, {
          count: list.length,
          _embedded: { refunds: list.map(refundJson) },
          _links: { self: { href: url.href, type: 'application/hal+json' }, next: null },
        })
      }
      const refund = parts[4] ? refunds.get(parts[4]) : undefined
      if (request.method === 'GET' && refund && refund.paymentId === own.id) {
        return send(response, 200, refundJson(refund))
      }
      return notFound(response, 'refund')
    }
    return notFound(response, 'resource')
  }

  async function checkout(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake')
    const [, prefix, id] = url.pathname.split('/')
    const payment = prefix === 'checkout' && id ? payments.get(id) : undefined
    if (!payment) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
      response.end('Diese Zahlung gibt es nicht.')
      return
    }
    if (request.method === 'POST') {
      const action =
        checkoutActions[new URLSearchParams(await readBody(request)).get('action') ?? '']
      if (action && payment.status === 'open') {
        payment.status = action.status
        await callWebhook(payment)
      }
      response.writeHead(303, { location: payment.redirectUrl })
      response.end()
      return
    }
    const buttons = Object.entries(checkoutActions)
      .map(
        ([value, { label }]) =>
          `<button type="submit" name="action" value="${value}">${label}</button>`,
      )
      .join('\n')
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(`<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>Fake Mollie Checkout</title></head>
<body><main><h1>Testzahlung ${payment.amount.value} ${payment.amount.currency}</h1>
<p>${payment.description}</p>
<form method="post">${buttons}</form></main></body></html>`)
  }

  const handle =
    (handler: (request: IncomingMessage, response: ServerResponse) => Promise<void>) =>
    (request: IncomingMessage, response: ServerResponse) => {
      handler(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' })
        response.end(String(error))
      })
    }
  const apiServer = createHttpsServer(
    {
      key: readFileSync(path.join(tlsDir, 'key.pem')),
      cert: readFileSync(path.join(tlsDir, 'cert.pem')),
    },
    handle(api),
  )
  const checkoutServer = createHttpServer(handle(checkout))
  apiBase = `https://127.0.0.1:${await listen(apiServer, options.apiPort)}/v2/`
  checkoutBase = `http://127.0.0.1:${await listen(checkoutServer)}`

  return {
    apiEndpoint: apiBase,
    checkoutBase,
    payments,
    refunds,
    creations: () => created,
    paymentReads: () => reads,
    setStatus(paymentId, status) {
      const payment = payments.get(paymentId)
      if (!payment) throw new Error(`fake Mollie has no payment ${paymentId}`)
      payment.status = status
    },
    setRefundStatus(refundId, status) {
      const refund = refunds.get(refundId)
      if (!refund) throw new Error(`fake Mollie has no refund ${refundId}`)
      refund.status = status
    },
    paymentsOfOrder: (orderId) =>
      [...payments.values()].filter(
        (payment) => (payment.metadata as { orderId?: string } | null)?.orderId === orderId,
      ),
    async close() {
      apiServer.closeAllConnections()
      checkoutServer.closeAllConnections()
      await Promise.all(
        [apiServer, checkoutServer].map(
          (server) => new Promise((resolve) => server.close(resolve)),
        ),
      )
    },
  }
}
