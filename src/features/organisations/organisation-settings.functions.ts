import { createServerFn } from '@tanstack/react-start'
import type { HandoutInformationInput } from '~/lib/handouts'
import type { OrganisationProfileInput } from '~/lib/new-organisation'
import type { LetterheadInput } from '~/lib/organisation-settings'
import {
  getOrganisationSettings,
  updateHandoutInformation,
  updateLetterhead,
  updateOrganisationProfile,
} from '~/server/organisations/organisation-settings.server'
import { authenticated } from '../server-fn/auth.middleware'
import { idInput, inputOf, passedOn, recordId } from '../server-fn/inputs'

/** The organisation page's reads and its letterhead save; the service parses the input. */

export const fetchOrganisationSettings = createServerFn({ method: 'GET' })
  .middleware([authenticated])
  .validator(idInput)
  .handler(async ({ data, context }) => getOrganisationSettings(context.actor, data.id, context.db))

export const updateLetterheadFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ id: recordId, letterhead: passedOn<LetterheadInput>() }))
  .handler(async ({ data, context }) =>
    updateLetterhead(context.actor, data.id, data.letterhead, context.db),
  )

export const updateOrganisationProfileFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ id: recordId, profile: passedOn<OrganisationProfileInput>() }))
  .handler(async ({ data, context }) =>
    updateOrganisationProfile(context.actor, data.id, data.profile, context.db),
  )

export const updateHandoutInformationFn = createServerFn({ method: 'POST' })
  .middleware([authenticated])
  .validator(inputOf({ id: recordId, information: passedOn<HandoutInformationInput>() }))
  .handler(async ({ data, context }) =>
    updateHandoutInformation(context.actor, data.id, data.information, context.db),
  )
