import { Writable } from 'node:stream'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { demoIds } from '~/server/db/seed.server'
import { demoTenantConfigs } from '~/server/db/seed-tenants.server'
import { outboxMails } from '~/server/mail/mail.schema'
import {
  createMailTransport,
  deliverDueMails,
  enqueueMail,
  mailSenderOf,
  maxMailAttempts,
  purgeOldMails,
} from '~/server/mail/outbox.server'
import { createSeededDatabase, type TestDatabase, testDatabaseKinds } from '../support/databases'
import { type MailCapture, startMailCapture } from '../support/mail-capture'

const sender = mailSenderOf(
  demoTenantConfigs.sonnenApotheke,
  'https://sonnen-apotheke.blattwerk.de',
)

/** A pino logger whose lines the test can read. */
function recordingLogger() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)))
      done()
    },
  })
  return { logger: pino({ level: 'info' }, stream), lines }
}

const resetMail = (to: string, link = 'https://sonnen-apotheke.blattwerk.de/confirmation/abc') => ({
  tenantId: demoIds.tenantPharmacy,
  to,
  sender,
  content: { kind: 'reset_password' as const, name: 'Kim Kunde', link, audience: 'shop' as const },
})

describe.each(testDatabaseKinds)('mail outbox on %s', (kind) => {
  let database: TestDatabase
  let capture: MailCapture
  const db = () => database.handle.db
  const silent = pino({ level: 'silent' })

  beforeAll(async () => {
    database = await createSeededDatabase(kind)
    // The demo data's own mails (the demo patient's shop orders) are not this suite's.
    await db().delete(outboxMails)
    capture = await startMailCapture()
  })
  afterEach(async () => {
    capture.refuseWith(null)
    await db().delete(outboxMails)
  })
  afterAll(async () => {
    await capture?.close()
    await database?.dispose()
  })

  const smtp = () =>
    createMailTransport({ smtpUrl: capture.url, appDomain: 'blattwerk.de', logger: silent })

  it('writes nothing when the change that causes the mail rolls back', async () => {
    await expect(
      db().transaction(async (tx) => {
        await enqueueMail(tx, resetMail('rollback@example.com'))
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await db().select().from(outboxMails)).toEqual([])
  })

  it('delivers over SMTP with the shop as sender, in text and HTML', async () => {
    await db().transaction((tx) => enqueueMail(tx, resetMail('kim@example.com')))
    expect(await deliverDueMails({ db: db(), transport: smtp(), logger: silent })).toEqual({
      delivered: 1,
      failed: 0,
    })
    const mail = await capture.waitFor((received) => received.to.includes('kim@example.com'))
    expect(mail.subject).toBe('Passwort zurücksetzen – Sonnen-Apotheke')
    expect(mail.from).toBe('"Sonnen-Apotheke" <no-reply@blattwerk.de>')
    expect(mail.text).toContain('Guten Tag Kim Kunde,')
    expect(mail.text).toContain(
      'Neues Passwort festlegen: https://sonnen-apotheke.blattwerk.de/confirmation/abc',
    )
    expect(mail.text).toContain('Sonnenallee 12')
    expect(mail.html).toContain(
      'src="https://sonnen-apotheke.blattwerk.de/tenant-logos/sonnen-apotheke.svg"',
    )
    const [row] = await db().select().from(outboxMails)
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null })
    // Its Message-ID is the row's: sent again after a crash, it is the same message.
    expect(mail.headers.get('message-id')).toBe(`<${row?.id}@blattwerk.de>`)
  })

  it('writes the mail to the log when no SMTP server is configured', async () => {
    const { logger, lines } = recordingLogger()
    await db().transaction((tx) => enqueueMail(tx, resetMail('log@example.com')))
    const transport = createMailTransport({ appDomain: 'blattwerk.de', logger })
    await deliverDueMails({ db: db(), transport, logger })
    expect(lines).toEqual([
      expect.objectContaining({
        mail: expect.objectContaining({
          to: 'log@example.com',
          text: expect.stringContaining('https://sonnen-apotheke.blattwerk.de/confirmation/abc'),
        }),
      }),
    ])
    const [row] = await db().select().from(outboxMails)
    expect(row?.status).toBe('logged')
  })

  it('retries a refused mail later and gives up after the last attempt', async () => {
    capture.refuseWith('mailbox busy')
    await db().transaction((tx) => enqueueMail(tx, resetMail('busy@example.com')))
    // A second on: PostgreSQL stamps in microseconds, the clock here in milliseconds.
    const start = new Date(Date.now() + 1_000)
    expect(
      await deliverDueMails({ db: db(), transport: smtp(), logger: silent }, { now: start }),
    ).toEqual({
      delivered: 0,
      failed: 1,
    })
    const [afterFirst] = await db().select().from(outboxMails)
    expect(afterFirst).toMatchObject({ status: 'pending', attempts: 1 })
    expect(afterFirst?.lastError).toContain('mailbox busy')
    expect(afterFirst?.nextAttemptAt.getTime()).toBeGreaterThan(start.getTime())
    // Not due yet: nothing is tried.
    expect(
      await deliverDueMails({ db: db(), transport: smtp(), logger: silent }, { now: start }),
    ).toEqual({
      delivered: 0,
      failed: 0,
    })
    let now = start
    for (let attempt = 2; attempt <= maxMailAttempts; attempt++) {
      now = new Date(now.getTime() + 7 * 3_600_000)
      await deliverDueMails({ db: db(), transport: smtp(), logger: silent }, { now })
    }
    const [last] = await db().select().from(outboxMails)
    expect(last).toMatchObject({ status: 'failed', attempts: maxMailAttempts })
    expect(capture.mails.some((mail) => mail.to.includes('busy@example.com'))).toBe(false)
  })

  it('sends each mail exactly once with two senders at work', async () => {
    const recipients = Array.from({ length: 30 }, (_, index) => `parallel-${index}@example.com`)
    await db().transaction(async (tx) => {
      for (const to of recipients) await enqueueMail(tx, resetMail(to))
    })
    const transport = smtp()
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        deliverDueMails({ db: db(), transport, logger: silent }, { limit: 10 }),
      ),
    )
    const again = await deliverDueMails({ db: db(), transport, logger: silent }, { limit: 30 })
    expect(results.reduce((sum, result) => sum + result.delivered, 0) + again.delivered).toBe(30)
    const received = capture.mails
      .flatMap((mail) => mail.to)
      .filter((to) => to.startsWith('parallel-'))
    expect(received.sort()).toEqual([...recipients].sort())
    const rows = await db().select().from(outboxMails).where(eq(outboxMails.status, 'sent'))
    expect(rows).toHaveLength(30)
  })

  it('purges delivered mails after 30 days and failed ones after 90, keeping pending ones', async () => {
    await db().transaction(async (tx) => {
      for (const to of [
        'old@example.com',
        'recent@example.com',
        'failed@example.com',
        'waiting@example.com',
      ])
        await enqueueMail(tx, resetMail(to))
    })
    const day = 86_400_000
    const ago = (days: number) => new Date(Date.now() - days * day)
    const set = (to: string, values: Partial<typeof outboxMails.$inferInsert>) =>
      db().update(outboxMails).set(values).where(eq(outboxMails.toAddress, to))
    await set('old@example.com', { status: 'sent', deliveredAt: ago(31) })
    await set('recent@example.com', { status: 'logged', deliveredAt: ago(29) })
    await set('failed@example.com', { status: 'failed', createdAt: ago(91) })
    await set('waiting@example.com', { createdAt: ago(200) })
    expect(await purgeOldMails(db())).toBe(2)
    const left = await db().select({ to: outboxMails.toAddress }).from(outboxMails)
    expect(left.map((row) => row.to).sort()).toEqual(['recent@example.com', 'waiting@example.com'])
  })
})
