import { createServerFn } from '@tanstack/react-start'
import type { CustomerInput } from '~/lib/customer-schemas'
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
import { idInput, inputOf, passedOn, recordId } from '../server-fn/inputs'

/**
 * Changing customers. Only forms and buttons load these (never a loader). The services parse the
 * input with the shared zod schemas; the validators check its shape and pass it on.
 */

/** `{ id, revision }`: a change of state against the revision the page showed. */
const revisionInput = inputOf({ id: recordId, revision: passedOn<number>() }).transform(
  ({ id, revision }) => ({ id, change: { revision } }),
)

/** Creates a customer and answers with what a picker needs to choose it right away. */
export const createCustomerFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ customer: passedOn<CustomerInput>() }))
  .handler(async ({ data, context }) => createCustomer(context.actor, data.customer, context.db))

export const updateCustomerFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    inputOf({
      id: recordId,
      revision: passedOn<number>(),
      customer: passedOn<CustomerInput>(),
    }).transform(({ id, ...change }) => ({ id, change })),
  )
  .handler(async ({ data, context }) =>
    updateCustomer(context.actor, data.id, data.change, context.db),
  )

export const deactivateCustomerFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(revisionInput)
  .handler(async ({ data, context }) =>
    deactivateCustomer(context.actor, data.id, data.change, context.db),
  )

export const reactivateCustomerFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(revisionInput)
  .handler(async ({ data, context }) =>
    reactivateCustomer(context.actor, data.id, data.change, context.db),
  )

export const addCustomerNoteFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    inputOf({ id: recordId, body: passedOn<string>() }).transform(({ id, body }) => ({
      id,
      note: { body },
    })),
  )
  .handler(async ({ data, context }) =>
    addCustomerNote(context.actor, data.id, data.note, context.db),
  )

export const linkShopAccountFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(
    inputOf({ id: recordId, email: passedOn<string>() }).transform(({ id, email }) => ({
      id,
      link: { email },
    })),
  )
  .handler(async ({ data, context }) =>
    linkShopAccount(context.actor, data.id, data.link, context.db),
  )

export const unlinkShopAccountFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => unlinkShopAccount(context.actor, data.id, context.db))

export const anonymiseCustomerFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(revisionInput)
  .handler(async ({ data, context }) =>
    anonymiseCustomer(context.actor, data.id, data.change, context.db),
  )
