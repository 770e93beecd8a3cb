import { randomBytes } from 'node:crypto'
import { contactMessages } from '../db/schema'
import { outboxMails } from '../mail/mail.schema'
import { type MailContent, type MailSender, renderMail } from '../mail/mail-templates.server'
import { mailSenderOf } from '../mail/outbox.server'
import type { Executor } from './client.server'
import { demoTenantConfigs } from './seed-tenants.server'

const hour = 60 * 60 * 1000
const day = 24 * hour

const supportId = (serial: number) =>
  `00000000-0000-4000-8000-00000000${(0xc000 + serial).toString(16)}`

/** Fixed ids of the admin console's support demo rows (the seed stays idempotent). */
export const demoSupportIds = {
  /** A shop's registration confirmation to a mistyped address: failed, "Erneut senden". */
  failedRegistrationMail: supportId(1),
  /** The open invitation's mail while the mail server was away: failed, "Erneut senden". */
  failedInvitationMail: supportId(2),
} as const

/** The demo's contact messages, in the order of `seedDemoSupport`'s list. */
export const demoContactMessageIds = Array.from({ length: 8 }, (_, index) =>
  supportId(0x100 + index + 1),
)

/**
 * What the platform admin's support screens show on a fresh start (issue 13): two mails that
 * could not be delivered, and contact messages of the main site and of three shops, open and
 * handled. Written directly (no mail is sent, no form is posted); dates are relative to the seed.
 */
export async function seedDemoSupport(
  tx: Executor,
  ids: {
    tenantPharmacy: string
    tenantClub: string
    tenantMarketPharmacy: string
    userAdmin: string
  },
  now = new Date(),
): Promise<void> {
  const ago = (ms: number) => new Date(now.getTime() - ms)
  // Nobody holds the demo links' tokens: they open nothing, like the team demo's invitations.
  const unknownToken = () => randomBytes(32).toString('base64url')
  const sonnen = mailSenderOf(
    demoTenantConfigs.sonnenApotheke,
    'https://sonnen-apotheke.blattwerk.localhost',
  )
  // An invitation is signed by the organisation, not its shop (invitations.server.ts).
  const sonnenTeam: MailSender = {
    shopName: 'Sonnen-Apotheke',
    logoUrl: null,
    addressLines: ['Sonnenallee 12', '12045 Berlin'],
    email: '',
    phone: '',
  }
  const failedMail = (
    id: string,
    mail: { tenantId: string | null; to: string; sender: MailSender; content: MailContent },
    failure: { createdAgo: number; lastError: string },
  ) => {
    const rendered = renderMail(mail.content, mail.sender)
    return {
      id,
      tenantId: mail.tenantId,
      kind: mail.content.kind,
      fromName: mail.sender.shopName,
      replyTo: mail.sender.email || null,
      toAddress: mail.to,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      status: 'failed' as const,
      attempts: 8,
      nextAttemptAt: ago(failure.createdAgo - 7 * hour),
      lastError: failure.lastError,
      createdAt: ago(failure.createdAgo),
    }
  }
  await tx
    .insert(outboxMails)
    .values([
      failedMail(
        demoSupportIds.failedRegistrationMail,
        {
          tenantId: ids.tenantPharmacy,
          to: 'lena.hartmann@gmial.con',
          sender: sonnen,
          content: {
            kind: 'confirm_registration',
            name: 'Lena Hartmann',
            link: `https://sonnen-apotheke.blattwerk.localhost/confirmation/${unknownToken()}`,
          },
        },
        {
          createdAgo: 26 * hour,
          lastError:
            '550 5.1.2 <lena.hartmann@gmial.con>: Recipient address rejected: Domain not found',
        },
      ),
      failedMail(
        demoSupportIds.failedInvitationMail,
        {
          tenantId: null,
          to: 'pta@sonnen-apotheke.example',
          sender: sonnenTeam,
          content: {
            kind: 'invitation',
            name: '',
            organisationName: 'Sonnen-Apotheke',
            roleLabel: 'Mitarbeiter/in',
            invitedBy: 'Dr. Clara Sonnberg',
            expiresAt: new Date(now.getTime() + 5 * day),
            link: `https://blattwerk.localhost/invitation/${unknownToken()}`,
          },
        },
        { createdAgo: 2 * day, lastError: 'connect ETIMEDOUT 203.0.113.25:587' },
      ),
    ])
    .onConflictDoNothing()

  const messages = [
    {
      tenantId: null,
      name: 'Jana Förster',
      email: 'jana.foerster@example.org',
      subject: 'Eigener Shop für unsere Apotheke',
      message:
        'Guten Tag, wir sind eine Apotheke in Köln und möchten unseren Patientinnen und Patienten Cannabis online zur Vorbestellung anbieten. Wie läuft die Einrichtung eines Shops auf Blattwerk ab, und mit welchen Kosten müssen wir rechnen?',
      ago: 2 * hour,
    },
    {
      tenantId: ids.tenantPharmacy,
      name: 'Tom Berger',
      email: 'tom.berger@example.net',
      subject: 'Lieferung nach Potsdam',
      message:
        'Hallo, liefern Sie auch nach Potsdam? Ich habe ein Rezept über 20 g Blüten und würde die Bestellung gern per Kurier erhalten.',
      ago: 5 * hour,
    },
    {
      tenantId: ids.tenantPharmacy,
      name: 'Sabine Krüger',
      email: 'sabine.krueger@example.com',
      subject: 'Rezept per Post schicken?',
      message:
        'Kann ich mein Originalrezept auch per Post schicken, statt es bei der Abholung vorzulegen? Ich bin in den nächsten zwei Wochen nicht in Berlin.',
      ago: 1 * day,
    },
    {
      tenantId: ids.tenantClub,
      name: 'Kai Neumann',
      email: 'kai.neumann@example.org',
      subject: 'Mitgliedschaft',
      message:
        'Hi, nehmt ihr gerade neue Mitglieder auf? Ich wohne in Leipzig-Plagwitz und würde gern vorbeikommen.',
      ago: 2 * day,
    },
    {
      tenantId: ids.tenantMarketPharmacy,
      name: 'Helga Brandt',
      email: 'helga.brandt@example.com',
      subject: 'Abholzeiten am Samstag',
      message:
        'Guten Tag, bis wann kann ich samstags eine Bestellung abholen? Auf der Seite steht dazu leider nichts.',
      ago: 3 * day,
    },
    {
      tenantId: ids.tenantPharmacy,
      name: 'Murat Yilmaz',
      email: 'murat.yilmaz@example.net',
      subject: 'Rechnung fehlt im Kundenkonto',
      message:
        'Meine Bestellung ist abgeschlossen, aber im Kundenkonto finde ich keine Rechnung. Können Sie mir die Rechnung bitte zusenden?',
      ago: 12 * day,
      handledAgo: 11 * day,
    },
    {
      tenantId: null,
      name: 'Redaktion Hanfblatt',
      email: 'redaktion@hanfblatt.example',
      subject: 'Presseanfrage zur Plattform',
      message:
        'Wir schreiben über digitale Angebote für Cannabis-Patienten und würden gern mit Ihnen über Blattwerk sprechen. Wer ist dafür die richtige Ansprechperson?',
      ago: 40 * day,
      handledAgo: 38 * day,
    },
    {
      tenantId: null,
      name: 'Peter Lang',
      email: 'peter.lang@example.com',
      subject: 'Konto löschen',
      message:
        'Bitte löschen Sie alle Daten, die Sie über mich gespeichert haben. Ich habe mich vor einiger Zeit bei einer Apotheke registriert, weiß aber nicht mehr, bei welcher.',
      ago: 6 * day,
    },
  ]
  await tx
    .insert(contactMessages)
    .values(
      messages.map(({ ago: sent, handledAgo, ...message }, index) => ({
        ...message,
        id: demoContactMessageIds[index] as string,
        // Kept for the rate limit, cleared after 30 days by the retention job (ADR 041).
        clientIp: sent < 30 * day ? `192.0.2.${10 + index}` : null,
        handledAt: handledAgo ? ago(handledAgo) : null,
        handledBy: handledAgo ? ids.userAdmin : null,
        createdAt: ago(sent),
      })),
    )
    .onConflictDoNothing()
}
