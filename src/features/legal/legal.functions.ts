import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { z } from 'zod'
import { getApp } from '~/server/app.server'
import { requestHost } from '~/server/http.server'
import { legalTextFor } from '~/server/legal.server'

export const fetchLegalText = createServerFn({ method: 'GET' })
  .validator(
    z.object({
      document: z.enum(['legalNotice', 'privacyPolicy', 'terms', 'withdrawalInformation']),
    }),
  )
  .handler(async ({ data }) =>
    legalTextFor(await getApp(), requestHost(getRequest()), data.document),
  )
