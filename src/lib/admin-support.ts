import { isUuid } from './ids'
import { type ListFilter, listSearchSchema, oneOf } from './list-query'

/**
 * The admin console's support screens: the mail outbox (`/admin/outbox`) and the contact
 * messages (`/admin/contact-messages`). What their URLs may say, and what a row holds. Every
 * route's search parser loads with the first page (ADR 013), so this module stays small: the
 * mail kinds and all labels live with the server and the pages.
 */

/** The tenant filter: a tenant's id, or `main` for rows without one (the main site, the platform). */
export const mainSite = 'main'
const tenantFilter: ListFilter<string> = (value) =>
  value === mainSite || isUuid(value) ? (value as string) : undefined

/**
 * The record whose detail is open over the list (`?mail=…`, `?message=…`), so a detail is a link.
 * Not a filter of the list: the pages and loaders take it out before they ask for the list.
 */
const openRecord: ListFilter<string> = (value) => (isUuid(value) ? value : undefined)

/** A mail kind is checked against the real list on the server; here only its shape. */
const kindShape: ListFilter<string> = (value) =>
  typeof value === 'string' && /^[a-z_]{1,40}$/.test(value) ? value : undefined

export const outboxMailStatuses = ['pending', 'sent', 'logged', 'failed'] as const
export type OutboxMailStatus = (typeof outboxMailStatuses)[number]

export const outboxSortKeys = ['createdAt'] as const
export const outboxListSearch = listSearchSchema({
  sort: outboxSortKeys,
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  filters: {
    status: oneOf(outboxMailStatuses),
    kind: kindShape,
    tenant: tenantFilter,
    mail: openRecord,
  },
})
export type OutboxListSearch = ReturnType<typeof outboxListSearch.parse>

/** A shop (tenant) as the filters offer it. */
export interface TenantChoice {
  id: string
  name: string
}

export interface OutboxMailRow {
  id: string
  /** A `MailKind` of the outbox schema. */
  kind: string
  status: OutboxMailStatus
  toAddress: string
  subject: string
  attempts: number
  /** The shop that sent it; null for the platform's own mails (invitations, business resets). */
  tenant: TenantChoice | null
  createdAt: string
}

export interface OutboxMailDetail extends OutboxMailRow {
  fromName: string
  replyTo: string | null
  /** The plain-text body with the secrets of its links masked (see `maskLinkSecrets`). */
  textBody: string
  lastError: string | null
  nextAttemptAt: string
  deliveredAt: string | null
}

export const contactMessageStatuses = ['open', 'handled'] as const
export type ContactMessageStatus = (typeof contactMessageStatuses)[number]

export const contactMessageSortKeys = ['createdAt'] as const
export const contactMessageListSearch = listSearchSchema({
  sort: contactMessageSortKeys,
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  filters: {
    status: oneOf(contactMessageStatuses),
    tenant: tenantFilter,
    message: openRecord,
  },
})
export type ContactMessageListSearch = ReturnType<typeof contactMessageListSearch.parse>

/** A message of the contact form as the admin sees it: never with the sender's IP address. */
export interface ContactMessageRow {
  id: string
  name: string
  email: string
  subject: string
  /** The message's beginning, for the list (the detail has all of it). */
  preview: string
  /** The shop it was sent on; null for the main site. */
  tenant: TenantChoice | null
  handledAt: string | null
  createdAt: string
}

export interface ContactMessageDetail extends ContactMessageRow {
  message: string
  /** Who marked it handled (null once that user is deleted, or while it is open). */
  handledBy: { id: string; name: string } | null
}
