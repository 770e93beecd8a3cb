import { randomBytes } from 'node:crypto'
import { and, eq, inArray, like, sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactMessageListSearch, outboxListSearch } from '~/lib/admin-support'
import { type Actor, systemActor, visitorActor } from '~/server/actor.server'
import {
  getContactMessage,
  listContactMessages,
  setContactMessageHandled,
} from '~/server/admin/contact-messages-admin.server'
import {
  getOutboxMail,
  listOutboxMails,
  listTenantChoices,
  maskedSecret,
  maskLinkSecrets,
  resendOutboxMail,
} from '~/server/admin/outbox-admin.server'
import { submitContactMessage } from '~/server/contact.server'
import { applyContactRetention, contactRetentionCutoffs } from '~/server/contact-retention.server'
import { auditEvents, contactMessages } from '~/server/db/schema'
import { demoIds } from '~/server/db/seed.server'
import { demoContactMessageIds, demoSupportIds } from '~/server/db/seed-support.server'
import { outboxMails } from '~/server/mail/mail.schema'
import { createMailTransport, deliverDueMails } from '~/server/mail/outbox.server'
import { demoActors } from '../support/actors'
import { validContactMessage } from '../support/contact'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { type MailCapture, startMailCapture } from '../support/mail-capture'
import { outcomeOf } from '../support/outcome'

const day = 86_400_000
const token = () => randomBytes(32).toString('base64url')

describe.each(testDatabaseKinds)('admin outbox and contact messages on %s', (kind) => {
  let database: TestDatabase
  let actors: Awaited<ReturnType<typeof demoActors>>
  const db = () => database.handle.db

  /** A mail of this suite; `to` names it, the rest has sensible defaults. */
  async function insertMail(
    to: string,
    values: Partial<typeof outboxMails.$inferInsert> = {},
  ): Promise<string> {
    const [row] = await db()
      .insert(outboxMails)
      .values({
        tenantId: demoIds.tenantPharmacy,
        kind: 'order_shipped',
        fromName: 'Sonnen-Apotheke',
        toAddress: to,
        subject: `Ihre Bestellung ist unterwegs – ${to}`,
        textBody: 'Guten Tag,\n\nIhre Bestellung ist auf dem Weg zu Ihnen.',
        htmlBody: '<p>Ihre Bestellung ist auf dem Weg zu Ihnen.</p>',
        ...values,
      })
      .returning({ id: outboxMails.id })
    return (row as { id: string }).id
  }

  async function insertMessage(
    values: Partial<typeof contactMessages.$inferInsert> & { subject: string },
  ): Promise<string> {
    const [row] = await db()
      .insert(contactMessages)
      .values({
        name: 'Mara Muster',
        email: 'mara@example.com',
        message: 'Liefert ihr auch nach Hamburg?',
        clientIp: '198.51.100.7',
        ...values,
      })
      .returning({ id: contactMessages.id })
    return (row as { id: string }).id
  }

  const auditsOf = (entityId: string) =>
    db().select().from(auditEvents).where(eq(auditEvents.entityId, entityId))
  const mailRow = async (id: string) =>
    (await db().select().from(outboxMails).where(eq(outboxMails.id, id)))[0]
  const messageRow = async (id: string) =>
    (await db().select().from(contactMessages).where(eq(contactMessages.id, id)))[0]

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    actors = await demoActors(db())
  })
  afterAll(async () => {
    await database?.dispose()
  })

  describe('demo data', () => {
    it('has failed mails to resend and open and handled contact messages of shops and the main site', async () => {
      const failed = await listOutboxMails(
        actors.admin,
        outboxListSearch.parse({ status: 'failed' }),
        db(),
      )
      expect(failed.items.map((row) => row.id)).toEqual(
        expect.arrayContaining(Object.values(demoSupportIds)),
      )
      const messages = await db()
        .select()
        .from(contactMessages)
        .where(inArray(contactMessages.id, demoContactMessageIds))
      expect(messages).toHaveLength(demoContactMessageIds.length)
      expect(new Set(messages.map((row) => row.tenantId))).toEqual(
        new Set([null, demoIds.tenantPharmacy, demoIds.tenantClub, demoIds.tenantMarketPharmacy]),
      )
      expect(messages.filter((row) => row.handledAt !== null).length).toBeGreaterThan(0)
      expect(messages.filter((row) => row.handledAt === null).length).toBeGreaterThan(0)
      // The seed keeps the retention rules it shows: no IP address on a message past 30 days.
      const { ipBefore } = contactRetentionCutoffs(new Date())
      for (const row of messages.filter((message) => message.createdAt < ipBefore)) {
        expect(row.clientIp).toBeNull()
      }
    })
  })

  describe('outbox', () => {
    it('lists newest first, a page at a time, filtered by status, kind, tenant and a search', async () => {
      const base = Date.now() - 60 * 60_000
      const ids: string[] = []
      for (let index = 0; index < 30; index++) {
        ids.push(
          await insertMail(`kunde${index}@liste.example`, {
            status: index % 3 === 0 ? 'failed' : index % 3 === 1 ? 'sent' : 'pending',
            kind: index % 2 === 0 ? 'order_shipped' : 'reset_password',
            tenantId: index < 20 ? demoIds.tenantPharmacy : null,
            createdAt: new Date(base + index * 1_000),
          }),
        )
      }
      const list = (search: Record<string, unknown>) =>
        listOutboxMails(
          actors.admin,
          outboxListSearch.parse({ q: 'liste.example', ...search }),
          db(),
        )

      const first = await list({})
      expect(first.total).toBe(30)
      expect(first.items).toHaveLength(25)
      expect(first.items.map((row) => row.id)).toEqual(ids.slice(5).reverse())
      const second = await list({ page: 2 })
      expect(second.items.map((row) => row.id)).toEqual(ids.slice(0, 5).reverse())
      // A page past the end shows the last one.
      expect((await list({ page: 9 })).page).toBe(2)
      expect((await list({ dir: 'asc', pageSize: 50 })).items.map((row) => row.id)).toEqual(ids)

      expect(first.items[0]).toEqual({
        id: ids[29],
        kind: 'reset_password',
        status: 'pending',
        toAddress: 'kunde29@liste.example',
        subject: 'Ihre Bestellung ist unterwegs – kunde29@liste.example',
        attempts: 0,
        tenant: null,
        createdAt: new Date(base + 29_000).toISOString(),
      })
      expect(first.items.at(-1)?.tenant).toEqual({
        id: demoIds.tenantPharmacy,
        name: 'Sonnen-Apotheke',
      })

      expect((await list({ status: 'failed' })).total).toBe(10)
      expect((await list({ kind: 'reset_password' })).total).toBe(15)
      expect((await list({ kind: 'reset_password', status: 'sent' })).total).toBe(5)
      expect((await list({ tenant: 'main' })).total).toBe(10)
      expect((await list({ tenant: demoIds.tenantPharmacy })).total).toBe(20)
      expect((await list({ tenant: demoIds.tenantMarketPharmacy })).total).toBe(0)
      // Filters that do not parse, or a kind there is not, are not applied.
      expect((await list({ kind: 'no_such_kind', status: 'lost', tenant: 'x' })).total).toBe(30)
      // The search reads recipient and subject, `%` and `_` as themselves.
      expect((await list({ q: 'kunde7@liste.example' })).total).toBe(1)
      expect((await list({ q: 'unterwegs – kunde1' })).total).toBe(11)
      expect((await list({ q: 'kunde_7' })).total).toBe(0)
    })

    it('shows one mail’s text with the secrets of its links masked, never its HTML', async () => {
      const confirmation = token()
      const invitation = token()
      const reservation = crypto.randomUUID()
      const text = [
        'Guten Tag Kim Kunde,',
        `Neues Passwort festlegen: https://sonnen-apotheke.blattwerk.de/confirmation/${confirmation}`,
        `Einladung annehmen: http://localhost:3000/invitation/${invitation}.`,
        `Reservierung ansehen: https://sonnen-apotheke.blattwerk.de/reservierung/${reservation}`,
        'Anmelden: https://sonnen-apotheke.blattwerk.de/login',
        'Bestellung BW-2026-00042 über 42,50 €',
      ].join('\n')
      const id = await insertMail('maskiert@example.com', {
        kind: 'reset_password',
        textBody: text,
        status: 'failed',
        attempts: 8,
        lastError: '550 Mailbox unavailable',
      })
      const mail = await getOutboxMail(actors.admin, id, db())
      expect(mail).toMatchObject({
        id,
        kind: 'reset_password',
        status: 'failed',
        attempts: 8,
        lastError: '550 Mailbox unavailable',
        fromName: 'Sonnen-Apotheke',
        tenant: { id: demoIds.tenantPharmacy, name: 'Sonnen-Apotheke' },
        deliveredAt: null,
      })
      expect(mail).not.toHaveProperty('htmlBody')
      for (const secret of [confirmation, invitation, reservation]) {
        expect(mail.textBody).not.toContain(secret)
      }
      expect(mail.textBody).toBe(
        [
          'Guten Tag Kim Kunde,',
          `Neues Passwort festlegen: https://sonnen-apotheke.blattwerk.de/confirmation/${maskedSecret}`,
          `Einladung annehmen: http://localhost:3000/invitation/${maskedSecret}.`,
          `Reservierung ansehen: https://sonnen-apotheke.blattwerk.de/reservierung/${maskedSecret}`,
          'Anmelden: https://sonnen-apotheke.blattwerk.de/login',
          'Bestellung BW-2026-00042 über 42,50 €',
        ].join('\n'),
      )
      // Text outside links stays as it is, even when it looks like a token.
      const word = token()
      expect(maskLinkSecrets(`Code ${word}`)).toBe(`Code ${word}`)
      expect(maskLinkSecrets(`https://x.example/a?token=${word}&b=1`)).toBe(
        `https://x.example/a?token=${maskedSecret}&b=1`,
      )

      expect(await outcomeOf(getOutboxMail(actors.admin, crypto.randomUUID(), db()))).toBe(404)
      expect(await outcomeOf(getOutboxMail(actors.admin, 'not-an-id', db()))).toBe(404)
    })

    it('resends only a failed mail: back in the queue, attempts reset, due now, audited; the sender delivers it unchanged', async () => {
      const link = `https://sonnen-apotheke.blattwerk.de/confirmation/${token()}`
      const failed = await insertMail('erneut@example.com', {
        kind: 'reset_password',
        textBody: `Neues Passwort festlegen: ${link}`,
        status: 'failed',
        attempts: 8,
        nextAttemptAt: new Date(Date.now() + day),
        lastError: '550 Mailbox unavailable',
      })
      const others = {
        pending: await insertMail('wartet@example.com', { status: 'pending' }),
        sent: await insertMail('gesendet@example.com', {
          status: 'sent',
          deliveredAt: new Date(),
          attempts: 1,
        }),
        logged: await insertMail('protokolliert@example.com', {
          status: 'logged',
          deliveredAt: new Date(),
          attempts: 1,
        }),
      }
      for (const id of Object.values(others)) {
        const before = await mailRow(id)
        expect(await outcomeOf(resendOutboxMail(actors.admin, id, db()))).toBe(409)
        expect(await mailRow(id)).toEqual(before)
        expect(await auditsOf(id)).toEqual([])
      }
      expect(await outcomeOf(resendOutboxMail(actors.admin, crypto.randomUUID(), db()))).toBe(404)

      const startedAt = Date.now()
      await resendOutboxMail(actors.admin, failed, db())
      const queued = await mailRow(failed)
      expect(queued).toMatchObject({ status: 'pending', attempts: 0 })
      expect(queued?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(startedAt - 1_000)
      expect(queued?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000)
      expect(await auditsOf(failed)).toEqual([
        expect.objectContaining({
          organisationId: demoIds.pharmacy,
          actorKind: 'business_user',
          actorId: demoIds.userAdmin,
          action: 'outbox.mail_resent',
          entityType: 'outbox_mail',
          before: { status: 'failed', kind: 'reset_password' },
          after: { status: 'pending', kind: 'reset_password', attempts: 0 },
        }),
      ])
      // Queued once: a second request finds it waiting.
      expect(await outcomeOf(resendOutboxMail(actors.admin, failed, db()))).toBe(409)

      // The sender takes it on its next pass and delivers the original text, link and all.
      const capture: MailCapture = await startMailCapture()
      try {
        const transport = createMailTransport({
          smtpUrl: capture.url,
          appDomain: 'blattwerk.de',
          logger: pino({ level: 'silent' }),
        })
        await deliverDueMails(
          { db: db(), transport, logger: pino({ level: 'silent' }) },
          { limit: 500 },
        )
        const delivered = await capture.waitFor((mail) => mail.to.includes('erneut@example.com'))
        expect(delivered.text).toContain(link)
        expect(await mailRow(failed)).toMatchObject({ status: 'sent', attempts: 1 })
      } finally {
        await capture.close()
      }
    })

    it('of 50 parallel resends of one failed mail exactly one queues it', async () => {
      const id = await insertMail('parallel@example.com', {
        status: 'failed',
        attempts: 8,
        tenantId: null,
        kind: 'invitation',
      })
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, () => outcomeOf(resendOutboxMail(actors.admin, id, db()))),
      )
      expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(1)
      expect(outcomes.filter((outcome) => outcome === 409)).toHaveLength(49)
      expect(await mailRow(id)).toMatchObject({ status: 'pending', attempts: 0 })
      const audits = await auditsOf(id)
      expect(audits).toHaveLength(1)
      // A platform mail (no shop) belongs to no organisation.
      expect(audits[0]?.organisationId).toBeNull()
    })

    it('offers every shop of the platform as a tenant filter, by name', async () => {
      expect(await listTenantChoices(actors.admin, db())).toEqual([
        { id: demoIds.tenantMarketPharmacy, name: 'Apotheke am Markt' },
        { id: demoIds.tenantClub, name: 'Grüne Ecke e.V.' },
        { id: demoIds.tenantPharmacy, name: 'Sonnen-Apotheke' },
      ])
    })
  })

  describe('contact messages', () => {
    it('lists newest first, a page at a time, by shop or the main site, status and a search; never the IP address', async () => {
      const base = Date.now() - 30 * 60_000
      const ids: string[] = []
      for (let index = 0; index < 28; index++) {
        ids.push(
          await insertMessage({
            subject: `Listenfrage ${index}`,
            email: `absender${index}@liste.example`,
            message: `Nachricht Nummer ${index}: ${'Bitte um Rückruf. '.repeat(20)}`,
            tenantId: index % 2 ? demoIds.tenantPharmacy : null,
            handledAt: index % 4 === 0 ? new Date() : null,
            handledBy: index % 4 === 0 ? demoIds.userAdmin : null,
            createdAt: new Date(base + index * 1_000),
          }),
        )
      }
      const list = (search: Record<string, unknown>) =>
        listContactMessages(
          actors.admin,
          contactMessageListSearch.parse({ q: 'Listenfrage', ...search }),
          db(),
        )
      const first = await list({})
      expect(first.total).toBe(28)
      expect(first.items.map((row) => row.id)).toEqual(ids.slice(3).reverse())
      expect((await list({ page: 2 })).items.map((row) => row.id)).toEqual(
        ids.slice(0, 3).reverse(),
      )
      expect(first.items[0]).toEqual({
        id: ids[27],
        name: 'Mara Muster',
        email: 'absender27@liste.example',
        subject: 'Listenfrage 27',
        // The list shows the message's beginning; the detail all of it.
        preview: `${`Nachricht Nummer 27: ${'Bitte um Rückruf. '.repeat(20)}`.slice(0, 139)}…`,
        tenant: { id: demoIds.tenantPharmacy, name: 'Sonnen-Apotheke' },
        handledAt: null,
        createdAt: new Date(base + 27_000).toISOString(),
      })
      for (const row of first.items) expect(JSON.stringify(row)).not.toContain('198.51.100.7')

      expect((await list({ tenant: 'main' })).total).toBe(14)
      expect((await list({ tenant: demoIds.tenantPharmacy })).total).toBe(14)
      expect((await list({ tenant: demoIds.tenantClub })).total).toBe(0)
      expect((await list({ status: 'handled' })).total).toBe(7)
      expect((await list({ status: 'open' })).total).toBe(21)
      expect((await list({ status: 'open', tenant: 'main' })).total).toBe(7)
      // Name, address, subject and message are searched.
      expect((await list({ q: 'absender3@liste' })).total).toBe(1)
      expect((await list({ q: 'Nachricht Nummer 12' })).total).toBe(1)
      const short = await list({ q: 'Leipzig-Plagwitz' })
      expect(short.items.map((row) => row.preview)).toEqual([
        'Hi, nehmt ihr gerade neue Mitglieder auf? Ich wohne in Leipzig-Plagwitz und würde gern vorbeikommen.',
      ])
      expect(
        (
          await listContactMessages(
            actors.admin,
            contactMessageListSearch.parse({ q: 'Jana Förster' }),
            db(),
          )
        ).total,
      ).toBe(1)
    })

    it('marks a message handled (when, by whom) and open again, each once, audited; the detail never has the IP address', async () => {
      const id = await insertMessage({
        subject: 'Bitte erledigen',
        tenantId: demoIds.tenantPharmacy,
      })
      const detail = await getContactMessage(actors.admin, id, db())
      expect(detail).toMatchObject({
        id,
        subject: 'Bitte erledigen',
        message: 'Liefert ihr auch nach Hamburg?',
        handledAt: null,
        handledBy: null,
      })
      expect(JSON.stringify(detail)).not.toContain('198.51.100.7')
      expect(Object.keys(detail)).not.toContain('clientIp')

      await setContactMessageHandled(actors.admin, id, { handled: true }, db())
      const handled = await messageRow(id)
      expect(handled?.handledBy).toBe(demoIds.userAdmin)
      expect(handled?.handledAt).toBeInstanceOf(Date)
      expect((await getContactMessage(actors.admin, id, db())).handledBy).toEqual({
        id: demoIds.userAdmin,
        name: actors.admin.user.name,
      })
      expect(
        await outcomeOf(setContactMessageHandled(actors.admin, id, { handled: true }, db())),
      ).toBe(409)
      expect(await messageRow(id)).toEqual(handled)

      await setContactMessageHandled(actors.admin, id, { handled: false }, db())
      expect(await messageRow(id)).toMatchObject({ handledAt: null, handledBy: null })
      expect(
        await outcomeOf(setContactMessageHandled(actors.admin, id, { handled: false }, db())),
      ).toBe(409)

      const audits = await auditsOf(id)
      expect(audits.map((audit) => [audit.action, audit.before, audit.after])).toEqual(
        expect.arrayContaining([
          ['contact.message_handled', { handled: false }, { handled: true }],
          ['contact.message_reopened', { handled: true }, { handled: false }],
        ]),
      )
      expect(audits).toHaveLength(2)
      for (const audit of audits) {
        expect(audit.organisationId).toBe(demoIds.pharmacy)
        expect(audit.actorId).toBe(demoIds.userAdmin)
      }

      expect(
        await outcomeOf(setContactMessageHandled(actors.admin, id, { handled: 'ja' }, db())),
      ).toBe(400)
      expect(
        await outcomeOf(
          setContactMessageHandled(actors.admin, crypto.randomUUID(), { handled: true }, db()),
        ),
      ).toBe(404)
      expect(await outcomeOf(getContactMessage(actors.admin, 'kaputt', db()))).toBe(404)
    })

    it('of 20 parallel "handled" clicks exactly one counts', async () => {
      const id = await insertMessage({ subject: 'Parallel erledigt' })
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, () =>
          outcomeOf(setContactMessageHandled(actors.admin, id, { handled: true }, db())),
        ),
      )
      expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(1)
      expect(outcomes.filter((outcome) => outcome === 409)).toHaveLength(19)
      expect(await auditsOf(id)).toHaveLength(1)
      // A main-site message belongs to no organisation.
      expect((await auditsOf(id))[0]?.organisationId).toBeNull()
    })
  })

  describe('retention job', () => {
    it('clears the IP address after 30 days and deletes the message after 12 months, in batches', async () => {
      const now = Date.now()
      const at = (daysAgo: number) => new Date(now - daysAgo * day)
      const fresh = await insertMessage({ subject: 'Aufbewahrung: frisch', createdAt: at(29) })
      const month = await insertMessage({ subject: 'Aufbewahrung: 31 Tage', createdAt: at(31) })
      const handled = await insertMessage({
        subject: 'Aufbewahrung: 11 Monate, erledigt',
        createdAt: at(330),
        handledAt: at(329),
        handledBy: demoIds.userAdmin,
      })
      const year = await insertMessage({ subject: 'Aufbewahrung: 13 Monate', createdAt: at(395) })
      // More than two batches of old messages, so the pass has to go on after a full one.
      await db()
        .insert(contactMessages)
        .values(
          Array.from({ length: 1_100 }, (_, index) => ({
            name: 'Alt',
            email: `alt${index}@example.com`,
            subject: 'Aufbewahrung: Masse',
            message: 'Eine alte Nachricht.',
            clientIp: `198.51.100.${index % 250}`,
            createdAt: at(400 + (index % 30)),
          })),
        )

      const result = await applyContactRetention(db())
      expect(result.deleted).toBeGreaterThanOrEqual(1_101)
      expect(await messageRow(fresh)).toMatchObject({ clientIp: '198.51.100.7' })
      expect(await messageRow(month)).toMatchObject({
        clientIp: null,
        subject: 'Aufbewahrung: 31 Tage',
      })
      expect(await messageRow(handled)).toMatchObject({
        clientIp: null,
        handledBy: demoIds.userAdmin,
      })
      expect(await messageRow(year)).toBeUndefined()
      const [left] = await db()
        .select({ count: sql<number>`count(*)::int` })
        .from(contactMessages)
        .where(like(contactMessages.subject, 'Aufbewahrung: Masse'))
      expect(left?.count).toBe(0)

      // Nothing older than the rules is left anywhere, and a second pass finds nothing to do.
      const { ipBefore, messageBefore } = contactRetentionCutoffs(new Date())
      const [stale] = await db()
        .select({ count: sql<number>`count(*)::int` })
        .from(contactMessages)
        .where(
          sql`${contactMessages.createdAt} < ${messageBefore.toISOString()} or (${contactMessages.createdAt} < ${ipBefore.toISOString()} and ${contactMessages.clientIp} is not null)`,
        )
      expect(stale?.count).toBe(0)
      expect(await applyContactRetention(db())).toEqual({ deleted: 0, ipsCleared: 0 })
    })

    it('is safe when several processes run it at once', async () => {
      const old = new Date(Date.now() - 400 * day)
      await db()
        .insert(contactMessages)
        .values(
          Array.from({ length: 600 }, (_, index) => ({
            name: 'Parallel',
            email: `parallel${index}@example.com`,
            subject: 'Aufbewahrung: parallel',
            message: 'Eine alte Nachricht.',
            clientIp: '198.51.100.9',
            createdAt: old,
          })),
        )
      const passes = await Promise.all([
        applyContactRetention(db()),
        applyContactRetention(db()),
        applyContactRetention(db()),
      ])
      expect(passes.reduce((sum, pass) => sum + pass.deleted, 0)).toBe(600)
      const [left] = await db()
        .select({ count: sql<number>`count(*)::int` })
        .from(contactMessages)
        .where(eq(contactMessages.subject, 'Aufbewahrung: parallel'))
      expect(left?.count).toBe(0)
    })

    it('leaves the contact form’s rate limit working: it counts in its own counters, not in the stored IP addresses', async () => {
      const client = { ip: '203.0.113.200', requestId: null }
      for (let count = 0; count < 5; count++) {
        await submitContactMessage(db(), validContactMessage, null, client)
      }
      // As if those messages were a month old: the job clears their IP addresses …
      await db()
        .update(contactMessages)
        .set({ createdAt: new Date(Date.now() - 31 * day) })
        .where(eq(contactMessages.clientIp, client.ip))
      expect((await applyContactRetention(db())).ipsCleared).toBe(5)
      expect(
        await db().select().from(contactMessages).where(eq(contactMessages.clientIp, client.ip)),
      ).toEqual([])
      // … and the sixth message within the hour is still refused; another client still gets through.
      expect(await outcomeOf(submitContactMessage(db(), validContactMessage, null, client))).toBe(
        429,
      )
      await submitContactMessage(db(), validContactMessage, null, {
        ip: '203.0.113.201',
        requestId: null,
      })
    })
  })

  describe('authorisation', () => {
    const someId = '00000000-0000-4000-8000-00000000ffff'
    const calls: [string, (actor: Actor) => Promise<unknown>][] = [
      ['listOutboxMails', (actor) => listOutboxMails(actor, outboxListSearch.parse({}), db())],
      ['getOutboxMail', (actor) => getOutboxMail(actor, demoSupportIds.failedInvitationMail, db())],
      [
        'resendOutboxMail',
        (actor) => resendOutboxMail(actor, demoSupportIds.failedRegistrationMail, db()),
      ],
      ['listTenantChoices', (actor) => listTenantChoices(actor, db())],
      [
        'listContactMessages',
        (actor) => listContactMessages(actor, contactMessageListSearch.parse({}), db()),
      ],
      [
        'getContactMessage',
        (actor) => getContactMessage(actor, demoContactMessageIds[0] as string, db()),
      ],
      [
        'setContactMessageHandled',
        (actor) =>
          setContactMessageHandled(
            actor,
            demoContactMessageIds[0] as string,
            { handled: true },
            db(),
          ),
      ],
    ]
    const refused = () =>
      ({
        owner: actors.pharmacyOwner,
        staff: actors.pharmacyStaff,
        "another organisation's owner": actors.wholesalerOwner,
        'a club owner': actors.clubOwner,
        'b2c shop customer': actors.shopCustomer,
        anonymous: visitorActor(),
        'a system job': systemActor('contact-retention'),
      }) as Record<string, Actor>

    it.each(calls)(
      '%s: only the platform admin; everyone else gets 403 and changes nothing',
      async (_name, call) => {
        const before = {
          mail: await mailRow(demoSupportIds.failedRegistrationMail),
          message: await messageRow(demoContactMessageIds[0] as string),
        }
        for (const [who, actor] of Object.entries(refused())) {
          expect(await outcomeOf(call(actor)), who).toBe(403)
        }
        expect(await mailRow(demoSupportIds.failedRegistrationMail)).toEqual(before.mail)
        expect(await messageRow(demoContactMessageIds[0] as string)).toEqual(before.message)
        // Even for a record that does not exist, nobody else learns whether it does.
        expect(await outcomeOf(getOutboxMail(actors.pharmacyOwner, someId, db()))).toBe(403)
      },
    )

    it('the admin may call every one of them', async () => {
      for (const [name, call] of calls) {
        expect(await outcomeOf(call(actors.admin)), name).toBe('ok')
      }
      expect(await mailRow(demoSupportIds.failedRegistrationMail)).toMatchObject({
        status: 'pending',
      })
      expect((await messageRow(demoContactMessageIds[0] as string))?.handledBy).toBe(
        demoIds.userAdmin,
      )
      const [audit] = await db()
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.entityId, demoSupportIds.failedRegistrationMail),
            eq(auditEvents.action, 'outbox.mail_resent'),
          ),
        )
      expect(audit?.organisationId).toBe(demoIds.pharmacy)
    })
  })
})
