import { createServerFn } from '@tanstack/react-start'
import { isUuid, parseIdInput } from '~/lib/ids'
import type { OrganisationProfileInput } from '~/lib/new-organisation'
import type { LetterheadInput } from '~/lib/organisation-settings'
import { getApp } from '~/server/app.server'
import {
  getOrganisationSettings,
  updateLetterhead,
  updateOrganisationProfile,
} from '~/server/organisations/organisation-settings.server'
import { authenticated } from '../server-fn/auth.middleware'

/** The organisation page's reads and its letterhead save; the service parses the input. */

export const fetchOrganisationSettings = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(parseIdInput)
  .handler(async ({ data, context }) =>
    getOrganisationSettings(context.actor, data.id, (await getApp()).db),
  )

export const updateLetterheadFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; letterhead: LetterheadInput }) => ({
    id: isUuid(input?.id) ? input.id : '',
    letterhead: input?.letterhead as unknown,
  }))
  .handler(async ({ data, context }) =>
    updateLetterhead(context.actor, data.id, data.letterhead, (await getApp()).db),
  )

export const updateOrganisationProfileFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator((input: { id: string; profile: OrganisationProfileInput }) => ({
    id: isUuid(input?.id) ? input.id : '',
    profile: input?.profile as unknown,
  }))
  .handler(async ({ data, context }) =>
    updateOrganisationProfile(context.actor, data.id, data.profile, (await getApp()).db),
  )
