import { createServer } from 'node:http'
import { startMailCapture } from '../../support/mail-capture'

/**
 * Playwright's global setup: an SMTP capture server on E2E_SMTP_PORT (the app's SMTP_URL points
 * at it), and a small HTTP reader on E2E_MAIL_API_PORT so the tests, which run in other
 * processes, read the mails as a recipient would — never from the database.
 */
export default async function startMailServer() {
  const capture = await startMailCapture({ listenOn: Number(process.env.E2E_SMTP_PORT) })
  const api = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify(capture.mails.map(({ headers: _headers, ...mail }) => mail)))
  })
  await new Promise<void>((resolve) =>
    api.listen(Number(process.env.E2E_MAIL_API_PORT), '127.0.0.1', resolve),
  )
  return async () => {
    await new Promise((resolve) => api.close(resolve))
    await capture.close()
  }
}
