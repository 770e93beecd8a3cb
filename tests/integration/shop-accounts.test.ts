import { and, eq, isNull, sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registrationAcceptedMessage, resetRequestedMessage } from '~/lib/shop-accounts'
import { loginShopUser, messages } from '~/server/auth.server'
import { authSessions, shopUsers } from '~/server/db/schema'
import { createMailTransport, deliverDueMails } from '~/server/mail/outbox.server'
import { accountTokens } from '~/server/shop-accounts/shop-accounts.schema'
import {
  type AccountRequest,
  accountLimits,
  confirmRegistration,
  inspectToken,
  privacyPolicyVersion,
  registerShopUser,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  tokenMessages,
} from '~/server/shop-accounts/shop-accounts.server'
import { findTenantBySlug, isShopTenant, type ShopTenant } from '~/server/tenants.server'
import { hashToken } from '~/server/tokens.server'
import {
  authDepsFor,
  createSeededDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../support/databases'
import { type CapturedMail, type MailCapture, startMailCapture } from '../support/mail-capture'

const adultBirthDate = '1990-04-12'
const registration = (email: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Rita Rezept',
  email,
  password: 'ein-gutes-passwort-2026',
  birthDate: adultBirthDate,
  phone: '+49 30 555 0101',
  privacyConsent: true,
  ...overrides,
})

/** The confirmation link of a mail, as the recipient would click it. */
const tokenOf = (mail: CapturedMail) => {
  const match = mail.text.match(/\/confirmation\/([A-Za-z0-9_-]{43})/)
  if (!match?.[1]) throw new Error(`no confirmation link in: ${mail.text}`)
  return match[1]
}

describe.each(testDatabaseKinds)('shop accounts on %s', (kind) => {
  let database: TestDatabase
  let capture: MailCapture
  let sonnen: ShopTenant
  let markt: ShopTenant
  let deps: Awaited<ReturnType<typeof authDepsFor>>
  const db = () => database.handle.db
  const silent = pino({ level: 'silent' })
  let clientNumber = 0
  /** Each call a new client address, so the per-client limits stay out of the way. */
  const requestOf = (shop: ShopTenant): AccountRequest => ({
    shop,
    origin: `https://${shop.slug}.blattwerk.de`,
    ip: `203.0.113.${++clientNumber}`,
  })
  const sendMail = () =>
    deliverDueMails(
      {
        db: db(),
        transport: createMailTransport({
          smtpUrl: capture.url,
          appDomain: 'blattwerk.de',
          logger: silent,
        }),
        logger: silent,
      },
      { limit: 200 },
    )
  const mailTo = async (to: string, subject: string) => {
    await sendMail()
    return capture.waitFor((mail) => mail.to.includes(to) && mail.subject.startsWith(subject))
  }
  const shop = async (slug: string) => {
    const tenant = await findTenantBySlug(db(), slug)
    if (!isShopTenant(tenant)) throw new Error(`${slug} has no shop`)
    return tenant
  }
  const logIn = (tenant: ShopTenant, email: string, password: string) =>
    loginShopUser(deps, { email, password }, tenant, {
      ip: `198.51.100.${++clientNumber}`,
      userAgent: 'test',
    } as never)

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    capture = await startMailCapture()
    deps = await authDepsFor(database)
    sonnen = await shop('sonnen-apotheke')
    markt = await shop('apotheke-am-markt')
  })
  afterAll(async () => {
    await capture?.close()
    await database?.dispose()
  })

  it('registers with double opt-in: no login before the link, login after it', async () => {
    const email = 'rita@example.com'
    expect(await registerShopUser(db(), requestOf(sonnen), registration(email))).toEqual({
      message: registrationAcceptedMessage,
    })
    const [user] = await db().select().from(shopUsers).where(eq(shopUsers.email, email))
    expect(user).toMatchObject({
      tenantId: sonnen.id,
      birthDate: adultBirthDate,
      phone: '+49 30 555 0101',
      emailConfirmedAt: null,
      privacyPolicyVersion: privacyPolicyVersion(sonnen.config.privacyPolicy),
    })
    expect(user?.privacyConsentAt).toBeInstanceOf(Date)
    await expect(logIn(sonnen, email, 'ein-gutes-passwort-2026')).rejects.toMatchObject({
      status: 403,
      message: messages.emailNotConfirmed,
    })

    const mail = await mailTo(email, 'Bitte bestätigen Sie Ihre Registrierung')
    expect(mail.text).toContain('https://sonnen-apotheke.blattwerk.de/confirmation/')
    const token = tokenOf(mail)
    expect(await inspectToken(db(), sonnen, token)).toEqual({
      purpose: 'confirm_registration',
      problem: null,
    })
    // The same link on another shop's host is refused with its own message.
    await expect(confirmRegistration(deps, markt, token)).rejects.toMatchObject({
      status: 410,
      message: tokenMessages.otherShop,
    })
    // Without the registering browser's cookie the link confirms, and the person logs in.
    expect(await confirmRegistration(deps, sonnen, token)).toEqual({
      email,
      continueAt: null,
      session: null,
    })
    await expect(confirmRegistration(deps, sonnen, token)).rejects.toMatchObject({
      message: tokenMessages.used,
    })
    expect((await logIn(sonnen, email, 'ein-gutes-passwort-2026')).user.email).toBe(email)
  })

  describe('confirming in the browser that registered (ADR 077)', () => {
    const password = 'ein-gutes-passwort-2026'
    const client = { ip: '192.0.2.10', requestId: null }
    /** Registers `email` from a browser holding `nonce` that was at the checkout. */
    async function registerFromBrowser(email: string, nonce: string) {
      await registerShopUser(db(), requestOf(sonnen), registration(email), {
        nonce,
        continueAt: '/checkout',
      })
      return tokenOf(await mailTo(email, 'Bitte bestätigen Sie Ihre Registrierung'))
    }
    const sessionsOf = async (email: string) => {
      const [user] = await db().select().from(shopUsers).where(eq(shopUsers.email, email))
      return db()
        .select()
        .from(authSessions)
        .where(eq(authSessions.subjectId, user?.id ?? ''))
    }

    it('logs in there and returns to where the browser was', async () => {
      const email = 'same-device@example.com'
      const nonce = 'n'.repeat(43)
      const token = await registerFromBrowser(email, nonce)
      const confirmed = await confirmRegistration(deps, sonnen, token, { nonce, client })
      expect(confirmed).toMatchObject({
        email,
        continueAt: '/checkout',
        session: { user: { email, tenant: sonnen.slug } },
      })
      expect(confirmed.session?.refreshToken).toEqual(expect.any(String))
      expect(await sessionsOf(email)).toHaveLength(1)
      // The password still works as before.
      expect((await logIn(sonnen, email, password)).user.email).toBe(email)
    })

    it('only confirms in another browser, or with no cookie, or once the binding is old', async () => {
      for (const [email, presented] of [
        ['other-device@example.com', 'o'.repeat(43)],
        ['no-cookie@example.com', null],
      ] as const) {
        const token = await registerFromBrowser(email, 'r'.repeat(43))
        expect(
          await confirmRegistration(deps, sonnen, token, { nonce: presented, client }),
        ).toEqual({ email, continueAt: null, session: null })
        expect(await sessionsOf(email)).toHaveLength(0)
      }
      const late = 'late-device@example.com'
      const nonce = 'l'.repeat(43)
      const token = await registerFromBrowser(late, nonce)
      await db()
        .update(accountTokens)
        .set({ createdAt: sql`now() - interval '61 minutes'` })
        .where(eq(accountTokens.tokenHash, hashToken(token)))
      expect(await confirmRegistration(deps, sonnen, token, { nonce, client })).toMatchObject({
        session: null,
      })
      expect(await sessionsOf(late)).toHaveLength(0)
    })

    it('uses the link once: of 50 parallel confirmations one succeeds, one session starts', async () => {
      const email = 'parallel@example.com'
      const nonce = 'p'.repeat(43)
      const token = await registerFromBrowser(email, nonce)
      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          confirmRegistration(deps, sonnen, token, { nonce, client }),
        ),
      )
      const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled')
      expect(succeeded).toHaveLength(1)
      expect(
        outcomes
          .filter((outcome) => outcome.status === 'rejected')
          .map((outcome) => (outcome as PromiseRejectedResult).reason.status),
      ).toEqual(Array(49).fill(410))
      expect(await sessionsOf(email)).toHaveLength(1)
    })
  })

  it('answers a known address exactly like a new one and mails its owner a notice', async () => {
    const answer = await registerShopUser(
      db(),
      requestOf(sonnen),
      registration('KUNDE@example.com', {
        name: 'Jemand Anderes',
        password: 'ganz-anderes-passwort',
      }),
    )
    expect(answer).toEqual({ message: registrationAcceptedMessage })
    const notice = await mailTo('kunde@example.com', 'Sie haben bereits ein Kundenkonto')
    expect(notice.text).toContain('Guten Tag Kim Kunde,')
    // The existing account is untouched: the old password still works.
    expect((await logIn(sonnen, 'kunde@example.com', 'kunde-demo-2026')).user.name).toBe(
      'Kim Kunde',
    )
    // The same address on another shop is another account.
    await registerShopUser(db(), requestOf(markt), registration('kunde@example.com'))
    const [count] = await db()
      .select({ value: sql<number>`count(*)::int` })
      .from(shopUsers)
      .where(eq(sql`lower(${shopUsers.email})`, 'kunde@example.com'))
    expect(count?.value).toBe(2)
  })

  it('refuses minors, a missing consent and a short password, and writes nothing', async () => {
    const today = new Date()
    const seventeen = `${today.getFullYear() - 17}-01-01`
    for (const [overrides, field] of [
      [{ birthDate: seventeen }, 'birthDate'],
      [{ privacyConsent: false }, 'privacyConsent'],
      [{ password: 'kurz' }, 'password'],
    ] as const) {
      await expect(
        registerShopUser(db(), requestOf(sonnen), registration('minor@example.com', overrides)),
      ).rejects.toMatchObject({ status: 400, extra: { errors: { [field]: expect.any(String) } } })
    }
    expect(
      await db().select().from(shopUsers).where(eq(shopUsers.email, 'minor@example.com')),
    ).toEqual([])
  })

  it('creates one account when 50 registrations of one address arrive at once', async () => {
    const email = 'crowd@example.com'
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        registerShopUser(db(), requestOf(sonnen), registration(email)),
      ),
    )
    expect(new Set(answers.map((answer) => answer.message))).toEqual(
      new Set([registrationAcceptedMessage]),
    )
    const rows = await db().select().from(shopUsers).where(eq(shopUsers.email, email))
    expect(rows).toHaveLength(1)
    // One confirmation, plus at most the per-address limit of repeats: no inbox flooding.
    await sendMail()
    const mails = capture.mails.filter((mail) => mail.to.includes(email))
    expect(mails.length).toBeGreaterThanOrEqual(1)
    expect(mails.length).toBeLessThanOrEqual(1 + accountLimits.mailRequestsPerAddress.points)
  })

  it('resends the confirmation only for an unconfirmed account, with the same answer', async () => {
    await registerShopUser(db(), requestOf(sonnen), registration('late@example.com'))
    await mailTo('late@example.com', 'Bitte bestätigen')
    const before = capture.mails.length
    const resent = await resendConfirmation(db(), requestOf(sonnen), { email: 'late@example.com' })
    const unknown = await resendConfirmation(db(), requestOf(sonnen), {
      email: 'nobody@example.com',
    })
    expect(resent).toEqual(unknown)
    await sendMail()
    const second = await capture.waitFor(
      (mail, index = capture.mails.indexOf(mail)) =>
        index >= before && mail.to.includes('late@example.com'),
    )
    expect(await confirmRegistration(deps, sonnen, tokenOf(second))).toMatchObject({
      email: 'late@example.com',
    })
  })

  it('resets a password by a one-hour link that ends every session and works once', async () => {
    const session = await logIn(sonnen, 'kunde@example.com', 'kunde-demo-2026')
    const answer = await requestPasswordReset(db(), requestOf(sonnen), {
      email: 'kunde@example.com',
    })
    expect(answer).toEqual(
      await requestPasswordReset(db(), requestOf(sonnen), { email: 'nobody@example.com' }),
    )
    expect(answer.message).toBe(resetRequestedMessage)
    const mail = await mailTo('kunde@example.com', 'Passwort zurücksetzen')
    const token = tokenOf(mail)
    expect((await inspectToken(db(), sonnen, token)).purpose).toBe('reset_password')

    await expect(
      resetPassword(db(), sonnen, { token, password: 'neues-passwort-2026', repeat: 'anderes' }),
    ).rejects.toMatchObject({ status: 400 })
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        resetPassword(db(), sonnen, {
          token,
          password: 'neues-passwort-2026',
          repeat: 'neues-passwort-2026',
        }),
      ),
    )
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1)
    const liveSessions = await db()
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.subjectId, session.user.id), isNull(authSessions.revokedAt)))
    expect(liveSessions).toEqual([])
    await expect(logIn(sonnen, 'kunde@example.com', 'kunde-demo-2026')).rejects.toMatchObject({
      status: 401,
    })
    expect((await logIn(sonnen, 'kunde@example.com', 'neues-passwort-2026')).user.name).toBe(
      'Kim Kunde',
    )
  })

  it('tells an expired link from an unknown one', async () => {
    await requestPasswordReset(db(), requestOf(markt), { email: 'kunde@example.com' })
    const token = tokenOf(
      await mailTo('kunde@example.com', 'Passwort zurücksetzen – Apotheke am Markt'),
    )
    await db().execute(
      sql`update account_tokens set expires_at = now() - interval '1 minute' where used_at is null`,
    )
    expect((await inspectToken(db(), markt, token)).problem).toBe(tokenMessages.expired)
    expect((await inspectToken(db(), markt, 'x'.repeat(43))).problem).toBe(tokenMessages.unknown)
    expect((await inspectToken(db(), markt, 'kaputt')).problem).toBe(tokenMessages.unknown)
  })

  it('limits mail requests per address', async () => {
    const email = 'limited@example.com'
    for (let attempt = 0; attempt < 3; attempt++) {
      await requestPasswordReset(db(), requestOf(sonnen), { email })
    }
    await expect(requestPasswordReset(db(), requestOf(sonnen), { email })).rejects.toMatchObject({
      status: 429,
    })
  })
})
