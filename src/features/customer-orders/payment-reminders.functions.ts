import { createServerFn } from '@tanstack/react-start'
import {
  getPaymentReminderState,
  sendPaymentReminder,
} from '~/server/payments/payment-reminders.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput } from '../server-fn/inputs'

/** The order page's payment reminders (ADR 073): what was sent, and sending the next. */

export const fetchPaymentReminderState = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => getPaymentReminderState(context.actor, data.id, context.db))

export const sendPaymentReminderFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => sendPaymentReminder(context.actor, data.id, context.db))
