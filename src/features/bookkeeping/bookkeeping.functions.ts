import { createServerFn } from '@tanstack/react-start'
import type { BookkeepingSettingsFormValues } from '~/lib/bookkeeping'
import {
  getBookkeepingSettings,
  saveBookkeepingSettings,
} from '~/server/bookkeeping/bookkeeping.server'
import { authenticated } from '../server-fn/auth.middleware'
import { inputOf, noInput, passedOn } from '../server-fn/inputs'

/** The owner's DATEV settings (ADR 072); the service parses and authorises. */

export const fetchBookkeepingSettings = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(noInput)
  .handler(async ({ context }) => getBookkeepingSettings(context.actor, context.db))

export const saveBookkeepingSettingsFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ settings: passedOn<BookkeepingSettingsFormValues>() }))
  .handler(async ({ data, context }) =>
    saveBookkeepingSettings(context.actor, data.settings, context.db),
  )
