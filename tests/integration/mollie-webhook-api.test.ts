import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi } from '../support/api-client'
import { testDatabaseKinds } from '../support/databases'
import { type FakeMollie, startFakeMollie } from '../support/fake-mollie'
import { startTestServer, type TestServer } from '../support/server'

const shopHost = 'sonnen-apotheke.localhost'
const form = 'application/x-www-form-urlencoded'

describe.each(testDatabaseKinds)('Mollie webhook over HTTP on %s', (kind) => {
  let server: TestServer
  let fake: FakeMollie
  const webhook = (rawBody: string, options: { host?: string; contentType?: string } = {}) =>
    callApi(server.baseUrl, '/api/webhooks/mollie', {
      method: 'POST',
      rawBody,
      contentType: options.contentType ?? form,
      host: options.host ?? shopHost,
    })

  beforeAll(async () => {
    fake = await startFakeMollie()
    server = await startTestServer(kind, {
      MOLLIE_API_ENDPOINT: fake.apiEndpoint,
      MOLLIE_API_KEY: 'test_InstallInstallInstallInstall1',
      NODE_TLS_REJECT_UNAUTHORIZED: '0',
    })
  })
  afterAll(async () => {
    await server?.stop()
    await fake?.close()
  })

  it('answers 200 to unknown, malformed and missing ids without asking Mollie, and needs no Origin', async () => {
    const reads = fake.paymentReads()
    for (const body of ['id=tr_unknown12345', 'id=tr_%27%3B', 'id=', 'foo=bar', '']) {
      const answer = await webhook(body)
      expect(answer.status, body).toBe(200)
    }
    // Another host (the main domain, no tenant) changes nothing either.
    expect((await webhook('id=tr_unknown12345', { host: 'localhost' })).status).toBe(200)
    expect(fake.paymentReads()).toBe(reads)
  })

  it('refuses other body types and methods', async () => {
    expect((await webhook('{"id":"tr_x"}', { contentType: 'application/json' })).status).toBe(415)
    const get = await callApi(server.baseUrl, '/api/webhooks/mollie', { host: shopHost })
    expect(get.status).toBe(405)
  })
})
