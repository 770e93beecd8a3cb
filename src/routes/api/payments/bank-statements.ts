import { createFileRoute } from '@tanstack/react-router'
import { apiHandlers } from '~/server/api-handlers.server'
import { getApp } from '~/server/app.server'
import { readUpload } from '~/server/files/file-http.server'
import { jsonResponse } from '~/server/http.server'
import { importBankStatements } from '~/server/payments/bank-statements.server'
import { actorOfRequest } from '~/server/request-actor.server'

/**
 * Reads a bank statement (camt.053 XML or a ZIP of several) into the organisation's matching
 * (owners and staff of a pharmacy or wholesaler): multipart field `file`, up to 10 MB. Answers
 * `201 { id, statements, alreadyRead, entries }`; 409 when every statement was read before,
 * 422 with a German message for a file that is no readable camt.053. ADR 071.
 */
export const Route = createFileRoute('/api/payments/bank-statements')({
  server: {
    handlers: apiHandlers(
      {
        POST: async ({ request, context }) => {
          const app = await getApp()
          const { actor, db } = await actorOfRequest(app, request, context.requestId)
          const upload = await readUpload(request)
          const imported = await importBankStatements(
            actor,
            { fileName: upload.name, bytes: upload.bytes },
            db,
          )
          return jsonResponse(imported, { status: 201 })
        },
      },
      { body: 'multipart' },
    ),
  },
})
