import { createServerFn } from '@tanstack/react-start'
import type { NumberPrefixInput } from '~/lib/number-prefix-schema'
import { getNumberSeriesSettings, setNumberPrefix } from '~/server/counters/number-series.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, inputOf, passedOn, recordId } from '../server-fn/inputs'

/** The organisation's number series and the owner's prefix choice; the service parses the input. */

export const fetchNumberSeries = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => getNumberSeriesSettings(context.actor, data.id, context.db))

export const setNumberPrefixFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ id: recordId, choice: passedOn<NumberPrefixInput>() }))
  .handler(async ({ data, context }) =>
    setNumberPrefix(context.actor, data.id, data.choice, context.db),
  )
