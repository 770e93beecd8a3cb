import type { ContactMessageStatus, OutboxMailStatus } from '~/lib/admin-support'
import type { MailKind } from '~/server/mail/mail.schema'
import type { StatusTone } from '../ui/StatusBadge'

/** What the outbox and contact message screens call things (German UI, one term per thing). */

export const mailKindLabels = {
  confirm_registration: 'Registrierung bestätigen',
  registration_exists: 'Konto besteht bereits',
  reset_password: 'Passwort zurücksetzen',
  confirm_email_change: 'E-Mail-Änderung bestätigen',
  email_changed: 'E-Mail-Adresse geändert',
  order_received: 'Bestellung eingegangen',
  payment_received: 'Zahlung erhalten',
  order_ready: 'Bestellung abholbereit',
  order_shipped: 'Bestellung versandt',
  order_cancelled: 'Bestellung storniert',
  reservation_expiring: 'Reservierung läuft ab',
  order_confirmed: 'Bestellung bestätigt',
  order_completed: 'Bestellung abgeschlossen',
  payment_refunded: 'Erstattung',
  invitation: 'Einladung ins Team',
  payment_reminder: 'Zahlungserinnerung',
  withdrawal_received: 'Widerruf eingegangen',
} as const satisfies Record<MailKind, string>

export const mailKindLabel = (kind: string) => mailKindLabels[kind as MailKind] ?? kind

export const mailStatusLabels: Record<OutboxMailStatus, { label: string; tone: StatusTone }> = {
  pending: { label: 'Wartet auf Versand', tone: 'info' },
  sent: { label: 'Versandt', tone: 'success' },
  logged: { label: 'Protokolliert', tone: 'neutral' },
  failed: { label: 'Fehlgeschlagen', tone: 'danger' },
}

export const contactStatusLabels: Record<
  ContactMessageStatus,
  { label: string; tone: StatusTone }
> = {
  open: { label: 'Offen', tone: 'warning' },
  handled: { label: 'Erledigt', tone: 'success' },
}

/** The tenant filter's and the lists' name for rows without a shop. */
export const noTenantLabels = { outbox: 'Plattform', contact: 'Hauptseite' } as const
