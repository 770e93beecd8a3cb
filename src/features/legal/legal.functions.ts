import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { z } from 'zod'
import { getApp } from '~/server/app.server'
import { legalTextFor } from '~/server/legal.server'
import { requestHost } from '~/server/request-address.server'
import { inputOf } from '../server-fn/inputs'
import { renderLegalText } from './legal-html.server'

export const fetchLegalText = createServerFn({ method: 'GET' })
  .validator(
    inputOf({
      document: z.enum(['legalNotice', 'privacyPolicy', 'terms', 'withdrawalInformation'], {
        error: 'Diesen Rechtstext gibt es nicht.',
      }),
    }),
  )
  .handler(async ({ data }) =>
    renderLegalText(await legalTextFor(await getApp(), requestHost(getRequest()), data.document)),
  )
