import { z } from 'zod'
import { newPasswordMaxLength, newPasswordMinLength } from './account-api'
import { type MemberQualification, memberQualifications } from './organisation'
import { tokenSchema } from './shop-accounts'
import { emailAddress, text } from './text-schema'

/**
 * An organisation's team: its members (business users) and the invitations that bring new ones.
 * Shared by the forms, the server functions and the services.
 */

/** The roles within an organisation; `admin` is the platform's own and never given by invitation. */
export const memberRoles = ['owner', 'staff'] as const
export type MemberRole = (typeof memberRoles)[number]

export const memberRoleLabels: Record<MemberRole | 'admin', string> = {
  admin: 'Plattform-Admin',
  owner: 'Inhaber',
  staff: 'Mitarbeiter',
}

/** How an invitation ended; an open one has none. */
export const invitationEndings = ['accepted', 'revoked', 'replaced'] as const
export type InvitationEnding = (typeof invitationEndings)[number]

export const invitationLifetimeDays = 7

/** Invitations one organisation may send per hour (resends included). */
export const invitationsPerHour = 30

const role = z.enum(memberRoles, { error: 'Bitte wähle eine Rolle.' })

export const invitationSchema = z.object({
  email: emailAddress({
    invalid: 'Bitte gib eine gültige E-Mail-Adresse ein.',
    tooLong: 'Die E-Mail-Adresse ist zu lang.',
  }),
  role,
})
export type InvitationInput = z.input<typeof invitationSchema>

export const memberRoleChangeSchema = z.object({ role })
export const memberActiveSchema = z.object({ active: z.boolean() })
export const memberQualificationChangeSchema = z.object({
  qualification: z.enum(memberQualifications, { error: 'Bitte wähle eine Qualifikation.' }),
})

/** The link's token, in the shop accounts' format (32 random bytes, base64url). */
export const invitationTokenSchema = tokenSchema

/** Usernames as the back-office login takes them: matched case-insensitively. */
export const usernameSchema = text({
  trim: true,
  required: 'Bitte wähle einen Benutzernamen.',
  min: 3,
  tooShort: 'Der Benutzername muss mindestens 3 Zeichen lang sein.',
  max: 40,
  tooLong: 'Der Benutzername darf höchstens 40 Zeichen lang sein.',
}).regex(
  /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
  'Bitte nur Buchstaben ohne Umlaute, Ziffern, Punkt, Binde- und Unterstrich verwenden.',
)

export const invitationAcceptanceSchema = z
  .object({
    token: invitationTokenSchema,
    name: text({
      trim: true,
      required: 'Bitte gib deinen Namen ein.',
      max: 200,
      tooLong: 'Der Name ist zu lang.',
    }),
    username: usernameSchema,
    password: text({
      required: 'Bitte wähle ein Passwort.',
      min: newPasswordMinLength,
      tooShort: `Das Passwort muss mindestens ${newPasswordMinLength} Zeichen lang sein.`,
      max: newPasswordMaxLength,
      tooLong: `Das Passwort darf höchstens ${newPasswordMaxLength} Zeichen lang sein.`,
    }),
    repeat: text(),
  })
  .refine((input) => input.password === input.repeat, {
    path: ['repeat'],
    error: 'Die Passwörter stimmen nicht überein.',
  })
export type InvitationAcceptanceInput = z.input<typeof invitationAcceptanceSchema>

export interface TeamMember {
  id: string
  name: string
  username: string
  email: string
  role: MemberRole | 'admin'
  qualification: MemberQualification
  active: boolean
  lastLoginAt: string | null
  /** Whether this member is the caller. */
  isSelf: boolean
}

export type InvitationState = 'open' | 'expired' | InvitationEnding

export interface TeamInvitation {
  id: string
  email: string
  role: MemberRole
  state: InvitationState
  expiresAt: string
  createdAt: string
  invitedByName: string | null
}

export interface Team {
  organisation: { id: string; name: string }
  members: TeamMember[]
  /** Open and expired invitations (the ended ones are in the audit log). */
  invitations: TeamInvitation[]
  /** What the caller may do: owners and the platform admin manage, staff read. */
  mayManage: boolean
  /** Qualifications are the owner's to set, not the platform admin's. */
  maySetQualifications: boolean
}

/** What the invitation page shows before anyone logs in. */
export interface InvitationView {
  state: InvitationState
  organisationName: string
  role: MemberRole
  email: string
  expiresAt: string
  /** Whom to ask for a new invitation. */
  contact: { email: string | null; phone: string | null }
}

export const invitationStateLabels: Record<InvitationState, string> = {
  open: 'Offen',
  expired: 'Abgelaufen',
  accepted: 'Angenommen',
  revoked: 'Zurückgezogen',
  replaced: 'Erneut gesendet',
}

export const teamMessages = {
  organisationNotFound: 'Diese Organisation gibt es nicht.',
  memberNotFound: 'Dieses Mitglied gibt es in der Organisation nicht.',
  invitationNotFound: 'Diese Einladung gibt es nicht.',
  lastOwner:
    'Die Organisation braucht mindestens einen aktiven Inhaber. Mache zuerst ein anderes Mitglied zum Inhaber.',
  alreadyUser:
    'Zu dieser E-Mail-Adresse gibt es schon ein Benutzerkonto. Eine Adresse kann nur zu einem Konto gehören.',
  alreadyInvited:
    'An diese Adresse ist schon eine Einladung unterwegs. Du kannst sie in der Liste erneut senden.',
  notOpen: 'Diese Einladung ist nicht mehr offen.',
  usernameTaken: 'Dieser Benutzername ist schon vergeben.',
  qualificationByOwner: 'Die Qualifikation eines Mitglieds legt nur der Inhaber fest.',
  tooManyInvitations: 'Diese Organisation hat in der letzten Stunde zu viele Einladungen versandt.',
  unknownToken:
    'Diesen Einladungslink kennen wir nicht. Prüfe, ob du ihn vollständig kopiert hast, oder bitte um eine neue Einladung.',
  expired:
    'Diese Einladung ist abgelaufen. Einladungen gelten 7 Tage – bitte um eine neue Einladung.',
  revoked: 'Diese Einladung wurde zurückgezogen. Bitte wende dich an die Organisation.',
  replaced:
    'Für diese Adresse gibt es eine neuere Einladung. Bitte nutze den Link aus der neuesten E-Mail.',
  accepted: 'Diese Einladung wurde bereits angenommen. Melde dich mit deinem Benutzernamen an.',
} as const

/** The message of an invitation link that can no longer be used. */
export const closedInvitationMessages: Record<Exclude<InvitationState, 'open'>, string> = {
  expired: teamMessages.expired,
  revoked: teamMessages.revoked,
  replaced: teamMessages.replaced,
  accepted: teamMessages.accepted,
}

/** "Passwort vergessen?" of a business user: the username or the e-mail address. */
export const memberResetRequestSchema = z.object({
  identifier: text({
    trim: true,
    required: 'Bitte gib deinen Benutzernamen oder deine E-Mail-Adresse ein.',
    max: 254,
    tooLong: 'Das ist zu lang für einen Benutzernamen oder eine E-Mail-Adresse.',
  }),
})

/** The same answer whether or not the account exists (no enumeration). */
export const memberResetRequestedMessage =
  'Wenn es zu diesem Benutzernamen oder dieser E-Mail-Adresse einen aktiven Zugang gibt, haben wir einen Link zum Zurücksetzen an die hinterlegte Adresse geschickt. Er ist eine Stunde gültig.'
