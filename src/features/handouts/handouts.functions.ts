import { createServerFn } from '@tanstack/react-start'
import { handOutListSearch } from '~/lib/handout-lists'
import { qrCodeSvg } from '~/server/handouts/handout-qr.server'
import { getHandOut, listHandOuts } from '~/server/handouts/handouts.server'
import { platformOrigin } from '~/server/public-origin.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, readBy } from '../server-fn/inputs'

/**
 * What the hand-out pages' loaders read (zod-free validators). The form's searches and the
 * actions are in `handout-actions.functions.ts`, which only components load (ADR 013).
 */

export const fetchHandOuts = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(handOutListSearch.parse))
  .handler(async ({ data, context }) => listHandOuts(context.actor, data, context.db))

/** The record with a QR code of its own address, for staff who scan a label. */
export const fetchHandOut = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => {
    const record = await getHandOut(context.actor, data.id, context.db)
    const recordUrl = `${platformOrigin()}/abgabe/${record.id}`
    return { ...record, recordUrl, qrSvg: await qrCodeSvg(recordUrl) }
  })
