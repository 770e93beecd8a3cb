import { formatDateTime } from '../../lib/format'
import type { MailContent, MailParts } from './mail-templates.server'

/**
 * The mails to business users (team members): the back office says "du" (docs/style.md), so these
 * texts live apart from the patients' mails, which say "Sie".
 */
export const backOfficeMailParts = {
  invitation: ({
    organisationName,
    roleLabel,
    invitedBy,
    expiresAt,
    link,
  }: Extract<MailContent, { kind: 'invitation' }>): MailParts => ({
    subject: 'Deine Einladung ins Team',
    paragraphs: [
      `${invitedBy ?? organisationName} lädt dich ein, als ${roleLabel} im Backoffice von ${organisationName} auf Blattwerk mitzuarbeiten.`,
      `Über den folgenden Link legst du deinen Zugang an: Name, Benutzername und Passwort. Der Link ist bis ${formatDateTime(expiresAt)} Uhr gültig und kann einmal verwendet werden.`,
      'Erwartest du keine Einladung, kannst du diese E-Mail ignorieren.',
    ],
    action: { label: 'Einladung annehmen', link },
  }),
  reset_password: ({ link }: { link: string }): MailParts => ({
    subject: 'Passwort zurücksetzen',
    paragraphs: [
      'du hast angefordert, dein Passwort zurückzusetzen. Der Link ist eine Stunde gültig und kann einmal verwendet werden; danach sind alle deine Sitzungen abgemeldet.',
      'Hast du das nicht angefordert, kannst du diese E-Mail ignorieren: Dein Passwort bleibt unverändert.',
    ],
    action: { label: 'Neues Passwort festlegen', link },
  }),
}
