import { queryOptions } from '@tanstack/react-query'
import type { ContactMessageListSearch, OutboxListSearch } from '~/lib/admin-support'
import {
  fetchContactMessage,
  fetchContactMessages,
  fetchOutboxMail,
  fetchOutboxMails,
  fetchTenantChoices,
} from './support.functions'

/** Every outbox query starts with this key: a resend invalidates list and detail. */
export const outboxKey = ['admin', 'outbox'] as const
/** Every contact message query starts with this key. */
export const contactMessagesKey = ['admin', 'contact-messages'] as const

export const tenantChoicesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'tenant-choices'],
    queryFn: () => fetchTenantChoices(),
    staleTime: 5 * 60_000,
  })

/** The list without the open detail: opening a mail does not fetch the list again. */
export const outboxMailsQuery = ({ mail: _open, ...search }: OutboxListSearch) =>
  queryOptions({
    queryKey: [...outboxKey, 'list', search],
    queryFn: () => fetchOutboxMails({ data: search }),
  })

export const outboxMailQuery = (id: string) =>
  queryOptions({
    queryKey: [...outboxKey, 'detail', id],
    queryFn: () => fetchOutboxMail({ data: { id } }),
  })

export const contactMessagesQuery = ({ message: _open, ...search }: ContactMessageListSearch) =>
  queryOptions({
    queryKey: [...contactMessagesKey, 'list', search],
    queryFn: () => fetchContactMessages({ data: search }),
  })

export const contactMessageQuery = (id: string) =>
  queryOptions({
    queryKey: [...contactMessagesKey, 'detail', id],
    queryFn: () => fetchContactMessage({ data: { id } }),
  })
