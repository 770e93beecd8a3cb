import { createServerFn } from '@tanstack/react-start'
import { contactMessageListSearch, outboxListSearch } from '~/lib/admin-support'
import {
  getContactMessage,
  listContactMessages,
  setContactMessageHandled,
} from '~/server/admin/contact-messages-admin.server'
import {
  getOutboxMail,
  listOutboxMails,
  listTenantChoices,
  resendOutboxMail,
} from '~/server/admin/outbox-admin.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, inputOf, noInput, passedOn, readBy, recordId } from '../server-fn/inputs'

/** The admin console's support screens: the outbox and the contact messages. */

export const fetchTenantChoices = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(noInput)
  .handler(async ({ context }) => listTenantChoices(context.actor, context.db))

export const fetchOutboxMails = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(outboxListSearch.parse))
  .handler(async ({ data, context }) => listOutboxMails(context.actor, data, context.db))

export const fetchOutboxMail = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => getOutboxMail(context.actor, data.id, context.db))

export const resendOutboxMailFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => resendOutboxMail(context.actor, data.id, context.db))

export const fetchContactMessages = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(contactMessageListSearch.parse))
  .handler(async ({ data, context }) => listContactMessages(context.actor, data, context.db))

export const fetchContactMessage = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => getContactMessage(context.actor, data.id, context.db))

export const setContactMessageHandledFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    inputOf({ id: recordId, handled: passedOn<boolean>() }).transform(({ id, handled }) => ({
      id,
      change: { handled },
    })),
  )
  .handler(async ({ data, context }) =>
    setContactMessageHandled(context.actor, data.id, data.change, context.db),
  )
