import { createServerFn } from '@tanstack/react-start'
import type { CustomerInput } from '~/lib/customer-schemas'
import { isUuid } from '~/lib/ids'
import { getApp } from '~/server/app.server'
import { anonymiseCustomer } from '~/server/customers/customer-privacy.server'
import {
  addCustomerNote,
  createCustomer,
  deactivateCustomer,
  linkShopAccount,
  reactivateCustomer,
  unlinkShopAccount,
  updateCustomer,
} from '~/server/customers/customers.server'
import { authenticated } from '../server-fn/auth.middleware'

/**
 * Changing customers. Only forms and buttons load these (never a loader). The services parse the
 * input with the shared zod schemas; the validators only pass it on.
 */

const idOf = (input: { id?: unknown } | null | undefined) => (isUuid(input?.id) ? input.id : '')

/** Creates a customer and answers with what a picker needs to choose it right away. */
export const createCustomerFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { customer: CustomerInput }) => ({ customer: input?.customer as unknown }))
  .handler(async ({ data, context }) =>
    createCustomer(context.actor, data.customer, (await getApp()).db),
  )

export const updateCustomerFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; revision: number; customer: CustomerInput }) => ({
    id: idOf(input),
    change: { revision: input?.revision as unknown, customer: input?.customer as unknown },
  }))
  .handler(async ({ data, context }) =>
    updateCustomer(context.actor, data.id, data.change, (await getApp()).db),
  )

export const deactivateCustomerFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; revision: number }) => ({
    id: idOf(input),
    change: { revision: input?.revision as unknown },
  }))
  .handler(async ({ data, context }) =>
    deactivateCustomer(context.actor, data.id, data.change, (await getApp()).db),
  )

export const reactivateCustomerFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; revision: number }) => ({
    id: idOf(input),
    change: { revision: input?.revision as unknown },
  }))
  .handler(async ({ data, context }) =>
    reactivateCustomer(context.actor, data.id, data.change, (await getApp()).db),
  )

export const addCustomerNoteFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; body: string }) => ({
    id: idOf(input),
    note: { body: input?.body as unknown },
  }))
  .handler(async ({ data, context }) =>
    addCustomerNote(context.actor, data.id, data.note, (await getApp()).db),
  )

export const linkShopAccountFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; email: string }) => ({
    id: idOf(input),
    link: { email: input?.email as unknown },
  }))
  .handler(async ({ data, context }) =>
    linkShopAccount(context.actor, data.id, data.link, (await getApp()).db),
  )

export const unlinkShopAccountFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string }) => ({ id: idOf(input) }))
  .handler(async ({ data, context }) =>
    unlinkShopAccount(context.actor, data.id, (await getApp()).db),
  )

export const anonymiseCustomerFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; revision: number }) => ({
    id: idOf(input),
    change: { revision: input?.revision as unknown },
  }))
  .handler(async ({ data, context }) =>
    anonymiseCustomer(context.actor, data.id, data.change, (await getApp()).db),
  )
