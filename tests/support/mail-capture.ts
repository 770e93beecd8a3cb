import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface CapturedMail {
  from: string
  to: string[]
  subject: string
  text: string
  html: string
  headers: ParsedMail['headers']
}

export interface MailCapture {
  /** `smtp://127.0.0.1:<port>`: what SMTP_URL points at. */
  url: string
  mails: CapturedMail[]
  /** Resolves with the first mail (already arrived or arriving) that matches. */
  waitFor(match: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>
  /** Makes the server refuse every message with this SMTP reply until reset with null. */
  refuseWith(message: string | null): void
  close(): Promise<void>
}

/**
 * A real SMTP server on a free local port that keeps what it receives, so tests read mail as a
 * recipient would — never from the database.
 */
export async function startMailCapture({
  listenOn = 0,
}: {
  listenOn?: number
} = {}): Promise<MailCapture> {
  const mails: CapturedMail[] = []
  const waiters: {
    match: (mail: CapturedMail) => boolean
    resolve: (mail: CapturedMail) => void
  }[] = []
  let refusal: string | null = null
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (refusal) {
        stream.resume()
        stream.on('end', () =>
          callback(Object.assign(new Error(refusal ?? ''), { responseCode: 451 })),
        )
        return
      }
      simpleParser(stream).then(
        (parsed) => {
          const mail: CapturedMail = {
            from: parsed.from?.text ?? '',
            to: [parsed.to ?? []]
              .flat()
              .flatMap((address) => address.value.map((entry) => entry.address ?? '')),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: parsed.headers,
          }
          mails.push(mail)
          for (const waiter of waiters.splice(0)) {
            if (waiter.match(mail)) waiter.resolve(mail)
            else waiters.push(waiter)
          }
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve))
  const { port } = server.server.address() as { port: number }
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor(match, timeoutMs = 15_000) {
      const found = mails.find(match)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching mail arrived')), timeoutMs)
        waiters.push({
          match,
          resolve: (mail) => {
            clearTimeout(timer)
            resolve(mail)
          },
        })
      })
    },
    refuseWith(message) {
      refusal = message
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
