import { createServerFn } from '@tanstack/react-start'
import { handoutListSearch } from '~/lib/handout-lists'
import { batchLabelCode } from '~/lib/pack-codes'
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

/**
 * The record with a QR code of its own address, for staff who scan a label; a club's also with
 * the code of its batch, which the counter's scan field reads (ADR 074).
 */
export const fetchHandout = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => {
    const record = await getHandout(context.actor, data.id, context.db)
    const recordUrl = `${platformOrigin()}/abgabe/${record.id}`
    const batchCode = record.kind === 'club' ? batchLabelCode(record) : null
    return {
      ...record,
      recordUrl,
      qrSvg: await qrCodeSvg(recordUrl),
      batchCode: batchCode === null ? null : { text: batchCode, svg: await qrCodeSvg(batchCode) },
    }
  })
