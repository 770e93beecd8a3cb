import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoIds } from '~/server/db/seed.server'
import { callApi } from '../support/api-client'
import { testDatabaseKinds } from '../support/databases'
import { serverFunctionPath } from '../support/endpoints'
import { type MailCapture, startMailCapture } from '../support/mail-capture'
import { startTestServer, type TestServer } from '../support/server'
import { browserCallHeaders as sameOrigin, serverFunctionBody } from '../support/server-functions'

const appDomain = 'blattwerk.example'
const shopHost = `sonnen-apotheke.${appDomain}`
/** What an attacker puts into the request: a host of theirs, from a proxy the app trusts. */
const foreign = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }

/**
 * Every link in a mail is built from the configuration (APP_DOMAIN, PUBLIC_SCHEME), never from the
 * request's Host or X-Forwarded-Host (issue 27, defect 1): a reset link built on an attacker's host
 * hands them the account of whoever clicks it.
 */
describe.each(testDatabaseKinds)('links in mails on %s', (kind) => {
  let server: TestServer
  let capture: MailCapture
  const api = (path: string, call: Parameters<typeof callApi>[2] = {}) =>
    callApi(server.baseUrl, path, call)

  beforeAll(async () => {
    capture = await startMailCapture()
    server = await startTestServer(kind, {
      APP_DOMAIN: appDomain,
      PUBLIC_SCHEME: 'https',
      TRUST_PROXY: 'loopback',
      SMTP_URL: capture.url,
    })
  })
  afterAll(async () => {
    await server?.stop()
    await capture?.close()
  })

  const linkIn = (text: string, page: string) =>
    text.match(new RegExp(`\\S+/${page}/[A-Za-z0-9_-]{43}`))?.[0]

  it('points a business password reset at the platform, whatever host the request names', async () => {
    const answer = await api(
      serverFunctionPath('src/features/login/member-password.functions.ts', 'requestMemberResetFn'),
      {
        host: 'evil.example',
        headers: { ...sameOrigin, ...foreign },
        rawBody: await serverFunctionBody({ identifier: 'markt' }),
        contentType: 'application/json',
      },
    )
    expect(answer.status).toBe(200)
    const mail = await capture.waitFor((sent) =>
      sent.to.includes('inhaber@apotheke-am-markt.example'),
    )
    expect(linkIn(mail.text, 'confirmation')).toMatch(
      new RegExp(`^https://${appDomain}/confirmation/`),
    )
    expect(mail.text).not.toContain('evil.example')
  })

  it('points an invitation at the platform', async () => {
    const login = await api('/api/auth/b2b/login', {
      body: { username: 'apotheke', password: 'apotheke-demo-2026' },
    })
    expect(login.status).toBe(200)
    const email = 'eingeladen.links@example.org'
    const answer = await api(
      serverFunctionPath('src/features/organisations/team.functions.ts', 'inviteMemberFn'),
      {
        host: 'evil.example',
        token: login.body.accessToken,
        headers: { ...sameOrigin, ...foreign },
        contentType: 'application/json',
        rawBody: await serverFunctionBody({
          organisationId: demoIds.pharmacy,
          invitation: { email, role: 'staff' },
        }),
      },
    )
    expect(answer.status).toBe(200)
    const mail = await capture.waitFor((sent) => sent.to.includes(email))
    expect(linkIn(mail.text, 'invitation')).toMatch(new RegExp(`^https://${appDomain}/invitation/`))
    expect(mail.text).not.toContain('evil.example')
  })

  it("points a shop registration's confirmation at the shop's configured address", async () => {
    const email = 'registrierung.links@example.org'
    const answer = await api(
      serverFunctionPath('src/features/shop-accounts/shop-accounts.functions.ts', 'registerFn'),
      {
        // The shop's own host, but on another port and scheme, as a proxy in front reports it.
        host: shopHost,
        headers: {
          ...sameOrigin,
          'x-forwarded-host': `${shopHost}:8443`,
          'x-forwarded-proto': 'http',
        },
        contentType: 'application/json',
        rawBody: await serverFunctionBody({
          name: 'Lena Link',
          email,
          password: 'ein-langes-passwort-2026',
          birthDate: '1990-04-12',
          phone: '+49 30 555 0199',
          privacyConsent: true,
        }),
      },
    )
    expect(answer.status).toBe(200)
    const mail = await capture.waitFor((sent) => sent.to.includes(email))
    expect(linkIn(mail.text, 'confirmation')).toMatch(
      new RegExp(`^https://${shopHost}/confirmation/`),
    )
  })
})
