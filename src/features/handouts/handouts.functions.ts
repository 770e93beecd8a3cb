import { createServerFn } from '@tanstack/react-start'
import { handoutListSearch } from '~/lib/handout-lists'
import { qrCodeSvg } from '~/server/handouts/handout-qr.server'
import { getHandout, listHandouts } from '~/server/handouts/handouts.server'
import { platformOrigin } from '~/server/public-origin.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, readBy } from '../server-fn/inputs'

/**
 * What the hand-out pages' loaders read (zod-free validators). The form's searches and the
 * actions are in `handout-actions.functions.ts`, which only components load (ADR 013).
 */

export const fetchHandouts = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(readBy(handoutListSearch.parse))
  .handler(async ({ data, context }) => listHandouts(context.actor, data, context.db))

/** The record with a QR code of its own address, for staff who scan a label. */
export const fetchHandout = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => {
    const record = await getHandout(context.actor, data.id, context.db)
    const recordUrl = `${platformOrigin()}/abgabe/${record.id}`
    return { ...record, recordUrl, qrSvg: await qrCodeSvg(recordUrl) }
  })
